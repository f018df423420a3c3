/**
 * One HTTP call to a geocoder (Nominatim or Photon): the upstream gate, the timeout, the
 * User-Agent, the caller's cancellation, and the proxy's error answers (503 busy, 504 too
 * slow, 502 down or garbage).
 */
import { ApiError, fetchWithTimeout, isAbortError } from './http.ts';
import { UpstreamBusyError } from './throttle.ts';

export interface GeocoderHttpOptions {
  baseUrl: string;
  timeoutMs: number;
  userAgent: string;
  /** Waits for this upstream's next free slot; refused when it is too far away (busy). */
  waitTurn: () => Promise<void>;
}

/**
 * GETs `path` with `params` and answers the parsed JSON body. `signal`: the caller gave up
 * (a superseded search); its reason is thrown and nothing more is sent upstream.
 */
export async function callGeocoder(
  options: GeocoderHttpOptions,
  path: string,
  params: Record<string, string>,
  { language, signal }: { language?: string; signal?: AbortSignal } = {},
): Promise<unknown> {
  const url = `${options.baseUrl}${path}?${new URLSearchParams(params)}`;
  const headers: Record<string, string> = { 'User-Agent': options.userAgent };
  if (language) headers['Accept-Language'] = language;
  signal?.throwIfAborted();
  try {
    await options.waitTurn();
  } catch (error) {
    if (!(error instanceof UpstreamBusyError)) throw error;
    throw new ApiError(503, 'Geocoding service busy, please try again', {
      'Retry-After': String(Math.max(1, Math.ceil(error.retryAfterMs / 1000))),
    });
  }
  // Superseded while waiting for the slot: the upstream never sees it.
  signal?.throwIfAborted();
  let response: Response;
  try {
    response = await fetchWithTimeout(url, { headers, signal }, options.timeoutMs);
  } catch (error) {
    signal?.throwIfAborted();
    if (isAbortError(error)) throw new ApiError(504, 'Geocoding service timed out');
    throw new ApiError(502, 'Geocoding service unavailable');
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new ApiError(502, `Geocoding service unavailable (HTTP ${response.status})`);
  }
  return response.json().catch(() => {
    signal?.throwIfAborted();
    throw new ApiError(502, 'Geocoding service returned an invalid response');
  });
}
