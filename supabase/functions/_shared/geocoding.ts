/** The geocoding proxy's upstream: a Nominatim-compatible geocoder. */
import { z } from 'zod';
import { ApiError, fetchWithTimeout, isAbortError } from './http.ts';
import { createSingleFlight, type SharedState } from './shared-state.ts';
import { UpstreamBusyError } from './throttle.ts';

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
const reverseResponse = z.union([
  place.extend({ address: z.object({ country_code: z.string().optional() }).partial().optional() }),
  z.object({ error: z.string() }),
]);

/** Reverse lookups (and their cache keys) use coordinates rounded to 5 decimals, about 1 m. */
export const COORDINATE_DECIMALS = 5;

export type Geocoder = ReturnType<typeof createNominatimClient>;

export function createNominatimClient(options: {
  baseUrl: string;
  timeoutMs: number;
  userAgent: string;
  waitTurn: () => Promise<void>;
}) {
  async function call(path: string, params: Record<string, string>, language: string | undefined) {
    const url = `${options.baseUrl}${path}?${new URLSearchParams({ ...params, format: 'json' })}`;
    const headers: Record<string, string> = { 'User-Agent': options.userAgent };
    if (language) headers['Accept-Language'] = language;
    try {
      await options.waitTurn();
    } catch (error) {
      if (!(error instanceof UpstreamBusyError)) throw error;
      throw new ApiError(503, 'Geocoding service busy, please try again', {
        'Retry-After': String(Math.max(1, Math.ceil(error.retryAfterMs / 1000))),
      });
    }
    let response: Response;
    try {
      response = await fetchWithTimeout(url, { headers }, options.timeoutMs);
    } catch (error) {
      if (isAbortError(error)) throw new ApiError(504, 'Geocoding service timed out');
      throw new ApiError(502, 'Geocoding service unavailable');
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new ApiError(502, `Geocoding service unavailable (HTTP ${response.status})`);
    }
    return response.json().catch(() => {
      throw new ApiError(502, 'Geocoding service returned an invalid response');
    });
  }

  return {
    async search(query: string, language?: string): Promise<SearchResult[]> {
      const parsed = searchResponse.safeParse(
        await call('/search', { q: query, limit: '5' }, language),
      );
      if (!parsed.success)
        throw new ApiError(502, 'Geocoding service returned an invalid response');
      return parsed.data.map((p) => ({ display_name: p.display_name, lat: p.lat, lng: p.lon }));
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
  };
}

/** The first language tag of an Accept-Language header, bounded, or undefined. */
export function preferredLanguage(header: string | undefined): string | undefined {
  const tag = header?.split(',')[0]?.split(';')[0]?.trim();
  return tag && /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})?$/.test(tag) ? tag : undefined;
}

/**
 * The geocoder behind the shared cache: identical concurrent requests share one
 * upstream call (single flight), answers are kept in Postgres for `ttlSeconds`
 * (errors are never cached).
 */
export function createCachedGeocoder(
  inner: Geocoder,
  state: SharedState,
  ttlSeconds: number,
): Geocoder {
  const singleFlight = createSingleFlight();
  async function cached<T>(key: string, load: () => Promise<T>): Promise<T> {
    return singleFlight(key, async () => {
      const hit = (await state.cacheGet([key])).get(key) as { answer: T } | undefined;
      if (hit && typeof hit === 'object' && 'answer' in hit) return hit.answer;
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
  };
}
