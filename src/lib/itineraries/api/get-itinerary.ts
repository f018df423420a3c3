import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { ApiGet } from '@/lib/api-url';
import { itinerarySchema, type Itinerary } from '../model/itinerary';
import { itineraryKeys } from './query-keys';

/** GET /api/itineraries/:id */
export const itineraryRequest = (id: string): ApiGet => ({
  path: `/itineraries/${encodeURIComponent(id)}`,
});

export function getItinerary(id: string, signal?: AbortSignal): Promise<Itinerary> {
  return apiClient.get(itineraryRequest(id).path, {
    signal,
    schema: itinerarySchema,
  });
}

export const itineraryQueryOptions = (id: string) =>
  queryOptions({
    queryKey: itineraryKeys.detail(id),
    queryFn: ({ signal }) => getItinerary(id, signal),
  });

/** `current`: fetch the server's version on mount even when a recent copy is cached. */
export function useItinerary(
  id: string | undefined,
  { current = false }: { current?: boolean } = {},
) {
  return useQuery({
    ...itineraryQueryOptions(id ?? ''),
    enabled: Boolean(id),
    refetchOnMount: current ? 'always' : true,
  });
}
