import { queryOptions } from '@tanstack/react-query';
import { MIN_SEARCH_QUERY_CHARS } from '@domain/limits.ts';
import { apiClient } from '@/lib/api-client';
import { placeListSchema, type Place } from '../model/place';
import { shouldRetryGeocoding } from '../model/search-failure';
import { geocodingKeys } from './query-keys';

/** A search runs only for a trimmed text of at least 3 characters. */
export const isSearchable = (text: string): boolean => text.trim().length >= MIN_SEARCH_QUERY_CHARS;

/** GET /api/geocoding/search?q= */
export function searchPlaces(text: string, signal?: AbortSignal): Promise<Place[]> {
  return apiClient.get('/geocoding/search', {
    query: { q: text.trim() },
    signal,
    schema: placeListSchema,
  });
}

export const searchPlacesQueryOptions = (text: string) =>
  queryOptions({
    queryKey: geocodingKeys.search(text.trim()),
    queryFn: ({ signal }) => searchPlaces(text, signal),
    enabled: isSearchable(text),
    staleTime: 5 * 60_000,
    retry: shouldRetryGeocoding,
  });
