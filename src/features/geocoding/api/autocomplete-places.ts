import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { apiClient } from '@/lib/api-client';
import { geocodingKeys, isSearchable, shouldRetryGeocoding } from '@/lib/geocoding';

/** Most suggestions the box shows (the API's own maximum). */
export const SUGGESTION_LIMIT = 8;

/** A suggestion: a name and a second line (street, city, country) to tell places apart. */
export const suggestionSchema = z.object({
  name: z.string(),
  address: z.string(),
  display_name: z.string(),
  lat: z.number(),
  lng: z.number(),
});
export type Suggestion = z.infer<typeof suggestionSchema>;

/** Where to prefer results: the map's view (its centre and zoom) or the user's position. */
export interface SearchBias {
  lat: number;
  lng: number;
  zoom?: number;
}

/** Bias coordinates are rounded like the proxy does (3 decimals): one cache entry per ~100 m. */
const round = (value: number) => Math.round(value * 1000) / 1000;

export function roundedBias(bias: SearchBias | null | undefined): SearchBias | null {
  if (!bias) return null;
  return {
    lat: round(bias.lat),
    lng: round(bias.lng),
    ...(bias.zoom === undefined ? {} : { zoom: Math.max(0, Math.min(18, Math.round(bias.zoom))) }),
  };
}

/** GET /api/geocoding/autocomplete: Photon (Nominatim while it is down), in `language`. */
export function autocompletePlaces(
  text: string,
  options: { bias: SearchBias | null; language: string; signal?: AbortSignal },
): Promise<Suggestion[]> {
  const bias = roundedBias(options.bias);
  return apiClient.get('/geocoding/autocomplete', {
    query: {
      q: text.trim(),
      limit: SUGGESTION_LIMIT,
      lang: options.language,
      lat: bias?.lat,
      lng: bias?.lng,
      zoom: bias?.zoom,
    },
    // A superseded search is cancelled here, and the proxy stops its upstream call.
    signal: options.signal,
    schema: z.array(suggestionSchema),
  });
}

export const autocompleteQueryOptions = (
  text: string,
  bias: SearchBias | null,
  language: string,
) => {
  const rounded = roundedBias(bias);
  return queryOptions({
    queryKey: [...geocodingKeys.all, 'autocomplete', text.trim(), language, rounded] as const,
    queryFn: ({ signal }) => autocompletePlaces(text, { bias: rounded, language, signal }),
    enabled: isSearchable(text),
    staleTime: 5 * 60_000,
    retry: shouldRetryGeocoding,
  });
};

/** Pass the debounced text (300 ms); the query stays idle below 3 characters. */
export function useAutocompletePlaces(
  debouncedText: string,
  bias: SearchBias | null,
  language: string,
  enabled = true,
) {
  const options = autocompleteQueryOptions(debouncedText, bias, language);
  return useQuery({ ...options, enabled: enabled && options.enabled !== false });
}
