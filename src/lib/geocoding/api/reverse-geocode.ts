import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { reversePlaceSchema, type ReversePlace } from '../model/place';
import { shouldRetryGeocoding } from '../model/search-failure';
import { geocodingKeys } from './query-keys';

/** GET /api/geocoding/reverse?lat=&lng= */
export function reverseGeocode(
  lat: number,
  lng: number,
  signal?: AbortSignal,
): Promise<ReversePlace> {
  return apiClient.get('/geocoding/reverse', {
    query: { lat, lng },
    signal,
    schema: reversePlaceSchema,
  });
}

/** Also for one-off lookups on a map click: `queryClient.fetchQuery(reverseGeocodeQueryOptions(lat, lng))`. */
export const reverseGeocodeQueryOptions = (lat: number, lng: number) =>
  queryOptions({
    queryKey: geocodingKeys.reverse(lat, lng),
    queryFn: ({ signal }) => reverseGeocode(lat, lng, signal),
    staleTime: Infinity,
    retry: shouldRetryGeocoding,
  });
