import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { itinerarySchema, type Itinerary } from '../model/itinerary';
import { itineraryKeys } from './query-keys';

/** GET /api/itineraries/:id */
export function getItinerary(id: string, signal?: AbortSignal): Promise<Itinerary> {
  return apiClient.get(`/itineraries/${encodeURIComponent(id)}`, {
    signal,
    schema: itinerarySchema,
  });
}

export const itineraryQueryOptions = (id: string) =>
  queryOptions({
    queryKey: itineraryKeys.detail(id),
    queryFn: ({ signal }) => getItinerary(id, signal),
  });

export function useItinerary(id: string | undefined) {
  return useQuery({
    ...itineraryQueryOptions(id ?? ''),
    enabled: Boolean(id),
  });
}
