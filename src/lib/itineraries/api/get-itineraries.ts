import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { itineraryListSchema, type Itinerary } from '../model/itinerary';
import { itineraryKeys } from './query-keys';

/** GET /api/itineraries: the signed-in user's routes. */
export function getItineraries(signal?: AbortSignal): Promise<Itinerary[]> {
  return apiClient.get('/itineraries', { signal, schema: itineraryListSchema });
}

export const itinerariesQueryOptions = () =>
  queryOptions({
    queryKey: itineraryKeys.lists(),
    queryFn: ({ signal }) => getItineraries(signal),
  });

export function useItineraries({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...itinerariesQueryOptions(), enabled });
}
