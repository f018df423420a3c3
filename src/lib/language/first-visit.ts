/**
 * First visit with no stored language: ask for the device location
 * (5 s), reverse-geocode it to a country through our /api proxy, and map the country
 * to a language; else the browser language; else English. The I/O is injected, so
 * tests run it with fakes.
 */
import { chooseLanguage, type SupportedLanguage } from './country-language';

/** Geolocation for language 5000 ms. */
export const LANGUAGE_GEOLOCATION_TIMEOUT_MS = 5_000;
/** The reverse lookup is a nicety: do not keep the visitor waiting for it longer than this. */
export const LANGUAGE_REVERSE_TIMEOUT_MS = 5_000;

export interface Position {
  lat: number;
  lng: number;
}

export interface FirstVisitDependencies {
  /** The device position; rejects when denied, unavailable or aborted. */
  locate: (signal: AbortSignal) => Promise<Position>;
  /** The ISO country code of a position (any case), or null. */
  countryAt: (position: Position, signal: AbortSignal) => Promise<string | null | undefined>;
  /** navigator.languages (most preferred first). */
  browserLanguages: readonly string[];
}

export interface FirstVisitOptions {
  signal?: AbortSignal;
  locateTimeoutMs?: number;
  reverseTimeoutMs?: number;
}

/** Resolves like `work`, or rejects when `signal` aborts or `ms` pass, aborting the work's own signal. */
function withTimeout<T>(
  work: (signal: AbortSignal) => Promise<T>,
  ms: number,
  outer?: AbortSignal,
): Promise<T> {
  const controller = new AbortController();
  const signal = outer ? AbortSignal.any([outer, controller.signal]) : controller.signal;
  return new Promise<T>((resolve, reject) => {
    const fail = () => {
      controller.abort();
      reject(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
    };
    const timer = setTimeout(() => {
      controller.abort(new Error(`timed out after ${ms} ms`));
      fail();
    }, ms);
    if (signal.aborted) {
      clearTimeout(timer);
      fail();
      return;
    }
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      fail();
    });
    work(signal).then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/**
 * The first-visit language. Never rejects for a failed lookup (denied location, offline,
 * no country): it falls back to the browser language. Rejects only when `signal` aborts
 * (the visitor chose a language meanwhile).
 */
export async function detectFirstVisitLanguage(
  dependencies: FirstVisitDependencies,
  options: FirstVisitOptions = {},
): Promise<SupportedLanguage> {
  const { signal } = options;
  let country: string | null | undefined = null;
  try {
    const position = await withTimeout(
      dependencies.locate,
      options.locateTimeoutMs ?? LANGUAGE_GEOLOCATION_TIMEOUT_MS,
      signal,
    );
    country = await withTimeout(
      (inner) => dependencies.countryAt(position, inner),
      options.reverseTimeoutMs ?? LANGUAGE_REVERSE_TIMEOUT_MS,
      signal,
    );
  } catch {
    country = null;
  }
  signal?.throwIfAborted();
  return chooseLanguage(country, dependencies.browserLanguages);
}

/** navigator.geolocation as a promise, honouring the abort signal and its 5 s timeout. */
export function browserLocate(
  geolocation: Geolocation,
  timeoutMs = LANGUAGE_GEOLOCATION_TIMEOUT_MS,
) {
  return (signal: AbortSignal) =>
    new Promise<Position>((resolve, reject) => {
      signal.addEventListener('abort', () => reject(new Error('aborted')));
      geolocation.getCurrentPosition(
        (position) => resolve({ lat: position.coords.latitude, lng: position.coords.longitude }),
        (error) => reject(new Error(error.message || `geolocation error ${error.code}`)),
        // Coarse and cached is plenty for a country.
        { enableHighAccuracy: false, timeout: timeoutMs, maximumAge: 24 * 60 * 60 * 1000 },
      );
    });
}

/** GET {apiBase}/geocoding/reverse?lat&lng → countryCode (the server proxies the geocoder). */
export function apiCountryAt(apiBaseUrl: string, fetchImpl: typeof fetch = fetch) {
  return async (position: Position, signal: AbortSignal): Promise<string | null> => {
    const query = new URLSearchParams({ lat: String(position.lat), lng: String(position.lng) });
    const response = await fetchImpl(
      `${apiBaseUrl.replace(/\/+$/, '')}/geocoding/reverse?${query}`,
      {
        signal,
        headers: { Accept: 'application/json' },
      },
    );
    if (!response.ok) return null;
    const body: unknown = await response.json();
    const code = (body as { countryCode?: unknown } | null)?.countryCode;
    return typeof code === 'string' ? code : null;
  };
}
