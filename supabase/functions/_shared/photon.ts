/**
 * Search as you type: Photon (https://github.com/komoot/photon), a geocoder built for it, with
 * Nominatim as the fallback while Photon is down. Which one answered is logged, never sent.
 */
import { z } from 'zod';
import { ApiError } from './http.ts';
import { callGeocoder, type GeocoderHttpOptions } from './geocoder-http.ts';
import type { Geocoder } from './geocoding.ts';
import { streetLine, suggestion, type SuggestAnswer, type SuggestQuery } from './suggestion.ts';

const optionalText = z.string().optional().catch(undefined);
const photonResponse = z.object({
  features: z.array(
    z.object({
      geometry: z.object({
        type: z.literal('Point'),
        coordinates: z.tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)]),
      }),
      properties: z.object({
        name: optionalText,
        housenumber: optionalText,
        street: optionalText,
        postcode: optionalText,
        district: optionalText,
        locality: optionalText,
        city: optionalText,
        county: optionalText,
        state: optionalText,
        country: optionalText,
        countrycode: optionalText,
      }),
    }),
  ),
});

export interface PhotonOptions extends GeocoderHttpOptions {
  /** the languages the instance has names in (`lang`); others get its default names */
  languages: readonly string[];
}

export function createPhotonClient(options: PhotonOptions) {
  return {
    async suggest(query: SuggestQuery, signal?: AbortSignal): Promise<SuggestAnswer> {
      const params: Record<string, string> = { q: query.q, limit: String(query.limit) };
      if (query.language && options.languages.includes(query.language))
        params.lang = query.language;
      if (query.focus) {
        params.lat = String(query.focus.lat);
        params.lon = String(query.focus.lng);
        if (query.focus.zoom !== undefined) params.zoom = String(query.focus.zoom);
      }
      if (query.bbox) params.bbox = query.bbox.join(',');
      const parsed = photonResponse.safeParse(
        await callGeocoder(options, '/api', params, { signal }),
      );
      if (!parsed.success)
        throw new ApiError(502, 'Geocoding service returned an invalid response');
      const results = parsed.data.features.flatMap(({ geometry, properties: p }) => {
        const road = streetLine(p.street, p.housenumber, p.countrycode);
        const name = p.name ?? road ?? p.city ?? p.county ?? p.state ?? p.country;
        if (!name) return [];
        const [lng, lat] = geometry.coordinates;
        const city = p.city ?? p.locality ?? p.district ?? p.county ?? p.state;
        return [suggestion(name, [p.name ? road : undefined, city, p.country], lat, lng)];
      });
      return { results: results.slice(0, query.limit), source: 'photon' as const };
    },
  };
}

export type PhotonClient = ReturnType<typeof createPhotonClient>;

/**
 * The geocoder whose suggestions come from Photon, and from Nominatim when Photon is down,
 * too slow, busy or answers garbage (a 5xx of the proxy). A cancelled search is not retried.
 */
export function withPhotonSuggestions(
  nominatim: Geocoder,
  photon: PhotonClient,
  log: (line: string) => void = (line) => console.warn(line),
): Geocoder {
  return {
    search: (query, language) => nominatim.search(query, language),
    reverse: (lat, lng, language) => nominatim.reverse(lat, lng, language),
    async suggest(query, signal) {
      try {
        return await photon.suggest(query, signal);
      } catch (error) {
        if (!(error instanceof ApiError) || error.status < 500 || signal?.aborted) throw error;
        log(`api: autocomplete answered by Nominatim, Photon failed: ${error.message}`);
        return nominatim.suggest(query, signal);
      }
    },
  };
}
