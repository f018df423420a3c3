/** The geocoding proxy's upstreams: a Nominatim-compatible geocoder (and Photon, photon.ts). */
import { z } from 'zod';
import { ApiError } from './http.ts';
import { callGeocoder, type GeocoderHttpOptions } from './geocoder-http.ts';
import { createSingleFlight, type SharedState } from './shared-state.ts';
import { createAbortableSingleFlight } from './abortable-flight.ts';
import {
  streetLine,
  suggestCacheKey,
  suggestion,
  type SuggestAnswer,
  type SuggestQuery,
} from './suggestion.ts';

export interface SearchResult {
  display_name: string;
  lat: number;
  lng: number;
}

export interface ReverseResult extends SearchResult {
  /** ISO 3166-1 alpha-2, upper case, when the geocoder knows the country */
  countryCode: string | null;
}

const coordinate = z.union([z.string(), z.number()]).transform(Number).pipe(z.number().finite());
const place = z.object({ display_name: z.string(), lat: coordinate, lon: coordinate });
const searchResponse = z.array(place);
const address = z.record(z.string(), z.unknown()).optional();
const detailedSearchResponse = z.array(
  place.extend({ name: z.string().optional().catch(undefined), address: address.catch(undefined) }),
);
const reverseResponse = z.union([
  place.extend({ address: z.object({ country_code: z.string().optional() }).partial().optional() }),
  z.object({ error: z.string() }),
]);

/** Reverse lookups (and their cache keys) use coordinates rounded to 5 decimals, about 1 m. */
export const COORDINATE_DECIMALS = 5;

export interface Geocoder {
  /** Nominatim's search: the bulk import and API clients (`GET /geocoding/search`). */
  search(query: string, language?: string): Promise<SearchResult[]>;
  reverse(lat: number, lng: number, language?: string): Promise<ReverseResult | null>;
  /** Search as you type (`GET /geocoding/autocomplete`); `signal`: the caller gave up. */
  suggest(query: SuggestQuery, signal?: AbortSignal): Promise<SuggestAnswer>;
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value : undefined;

/**
 * Nominatim's viewbox for a suggestion query: the bbox (and bounded=1, as Photon's bbox only
 * keeps places inside), or a box around the focus point sized by its zoom (a preference only).
 */
function viewbox(query: SuggestQuery): Record<string, string> {
  if (query.bbox) return { viewbox: query.bbox.join(','), bounded: '1' };
  if (!query.focus) return {};
  const half = Math.min(20, 180 / 2 ** (query.focus.zoom ?? 12));
  const lat = (v: number) => Math.max(-90, Math.min(90, v)).toFixed(4);
  const lng = (v: number) => Math.max(-180, Math.min(180, v)).toFixed(4);
  const { lat: y, lng: x } = query.focus;
  return { viewbox: [lng(x - half), lat(y - half), lng(x + half), lat(y + half)].join(',') };
}

export function createNominatimClient(options: GeocoderHttpOptions) {
  const call = (
    path: string,
    params: Record<string, string>,
    language: string | undefined,
    signal?: AbortSignal,
  ) => callGeocoder(options, path, { ...params, format: 'json' }, { language, signal });

  return {
    async search(query: string, language?: string): Promise<SearchResult[]> {
      const parsed = searchResponse.safeParse(
        await call('/search', { q: query, limit: '5' }, language),
      );
      if (!parsed.success)
        throw new ApiError(502, 'Geocoding service returned an invalid response');
      return parsed.data.map((p) => ({ display_name: p.display_name, lat: p.lat, lng: p.lon }));
    },

    /** Search as you type when Photon is down (Nominatim's policy forbids it otherwise). */
    async suggest(query: SuggestQuery, signal?: AbortSignal): Promise<SuggestAnswer> {
      const body = await call(
        '/search',
        { q: query.q, limit: String(query.limit), addressdetails: '1', ...viewbox(query) },
        query.language,
        signal,
      );
      const parsed = detailedSearchResponse.safeParse(body);
      if (!parsed.success)
        throw new ApiError(502, 'Geocoding service returned an invalid response');
      const results = parsed.data.map((p) => {
        const a = p.address ?? {};
        const country = text(a.country_code);
        const road = streetLine(text(a.road), text(a.house_number), country);
        const name = text(p.name) ?? road ?? p.display_name.split(',')[0].trim();
        const city =
          text(a.city) ?? text(a.town) ?? text(a.village) ?? text(a.municipality) ?? text(a.county);
        return suggestion(name, [road, city, text(a.country)], p.lat, p.lon);
      });
      return { results, source: 'nominatim' };
    },

    async reverse(lat: number, lng: number, language?: string): Promise<ReverseResult | null> {
      const body = await call(
        '/reverse',
        {
          lat: lat.toFixed(COORDINATE_DECIMALS),
          lon: lng.toFixed(COORDINATE_DECIMALS),
          zoom: '18',
          addressdetails: '1',
        },
        language,
      );
      const parsed = reverseResponse.safeParse(body);
      if (!parsed.success)
        throw new ApiError(502, 'Geocoding service returned an invalid response');
      if ('error' in parsed.data) return null;
      const countryCode = parsed.data.address?.country_code;
      return {
        display_name: parsed.data.display_name,
        lat: parsed.data.lat,
        lng: parsed.data.lon,
        countryCode:
          countryCode && /^[a-z]{2}$/i.test(countryCode) ? countryCode.toUpperCase() : null,
      };
    },
  } satisfies Geocoder;
}

/** The first language tag of an Accept-Language header, bounded, or undefined. */
export function preferredLanguage(header: string | undefined): string | undefined {
  const tag = header?.split(',')[0]?.split(';')[0]?.trim();
  return tag && /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})?$/.test(tag) ? tag : undefined;
}

/** A suggestion list from the fallback is kept at most an hour: Photon answers again soon. */
const FALLBACK_TTL_SECONDS = 3600;

/**
 * The geocoder behind the shared cache: identical concurrent requests share one
 * upstream call (single flight), answers are kept in Postgres for `ttlSeconds`
 * (errors are never cached). A suggestion request whose caller gave up leaves the flight; the
 * upstream call is cancelled when nobody waits for it any more.
 */
export function createCachedGeocoder(
  inner: Geocoder,
  state: SharedState,
  ttlSeconds: number,
): Geocoder {
  const singleFlight = createSingleFlight();
  const abortableFlight = createAbortableSingleFlight();
  async function cachedAnswer<T>(key: string): Promise<T | undefined> {
    const hit = (await state.cacheGet([key])).get(key) as { answer: T } | undefined;
    return hit && typeof hit === 'object' && 'answer' in hit ? hit.answer : undefined;
  }
  async function cached<T>(key: string, load: () => Promise<T>): Promise<T> {
    return singleFlight(key, async () => {
      const hit = await cachedAnswer<T>(key);
      if (hit !== undefined) return hit;
      const answer = await load();
      await state.cachePut([{ key, value: { answer } }], ttlSeconds);
      return answer;
    });
  }
  return {
    search: (query, language) =>
      cached(
        `geocode:search:${language ?? ''}:${query.trim().replace(/\s+/g, ' ').toLowerCase()}`,
        () => inner.search(query, language),
      ),
    reverse: (lat, lng, language) =>
      cached(
        `geocode:reverse:${language ?? ''}:${lat.toFixed(COORDINATE_DECIMALS)},${lng.toFixed(COORDINATE_DECIMALS)}`,
        () => inner.reverse(lat, lng, language),
      ),
    suggest: (query, signal) => {
      const key = suggestCacheKey(query);
      return abortableFlight(
        key,
        async (flightSignal) => {
          const hit = await cachedAnswer<SuggestAnswer>(key);
          if (hit !== undefined) return hit;
          const answer = await inner.suggest(query, flightSignal);
          await state.cachePut(
            [{ key, value: { answer } }],
            answer.source === 'photon' ? ttlSeconds : Math.min(ttlSeconds, FALLBACK_TTL_SECONDS),
          );
          return answer;
        },
        signal,
      );
    },
  };
}
