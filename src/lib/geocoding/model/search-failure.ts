import { isApiError } from '@/lib/api-client';
import { shouldRetry } from '@/lib/query-client';

/**
 * Why the geocoder could not answer, when it said so (the geocoder answers a
 * clear error, and the SPA says so):
 * - 'rateLimited': 429 from the per-client limit (too many searches from this client);
 * - 'unavailable': 502/503/504 with an {error} body, the function's own answers when the
 *   geocoding service is down, busy (its 1 request per second is taken) or too slow.
 * Any other failure (no answer at all, a 4xx, something that is not the function)
 * stays an empty result, as any other failed search.
 */
export type GeocoderFailure = 'rateLimited' | 'unavailable';

const UNAVAILABLE = new Set([502, 503, 504]);

export function geocoderFailure(error: unknown): GeocoderFailure | null {
  if (!isApiError(error) || !error.serverError) return null;
  if (error.status === 429) return 'rateLimited';
  if (UNAVAILABLE.has(error.status)) return 'unavailable';
  return null;
}

/** Retry only what the geocoder did not answer itself: it has already waited and tried upstream. */
export const shouldRetryGeocoding = (failureCount: number, error: unknown): boolean =>
  geocoderFailure(error) === null && shouldRetry(failureCount, error);
