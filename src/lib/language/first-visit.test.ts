import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  apiCountryAt,
  browserLocate,
  detectFirstVisitLanguage,
  type FirstVisitDependencies,
} from './first-visit';

const BERLIN = { lat: 52.52, lng: 13.405 };

function fakes(overrides: Partial<FirstVisitDependencies> = {}): FirstVisitDependencies {
  return {
    locate: () => Promise.resolve(BERLIN),
    countryAt: () => Promise.resolve('de'),
    browserLanguages: ['en-US', 'en'],
    ...overrides,
  };
}

const never = (signal: AbortSignal) =>
  new Promise<never>((_resolve, reject) =>
    signal.addEventListener('abort', () => reject(new Error('aborted'))),
  );

afterEach(() => {
  vi.useRealTimers();
});

describe('first-visit language', () => {
  it('uses the country of the device position', async () => {
    const countryAt = vi.fn(() => Promise.resolve('DE'));
    await expect(detectFirstVisitLanguage(fakes({ countryAt }))).resolves.toBe('de');
    expect(countryAt).toHaveBeenCalledWith(BERLIN, expect.any(AbortSignal));
  });

  it('a denied location falls back to the browser language, then English', async () => {
    const locate = () => Promise.reject(new Error('User denied Geolocation'));
    await expect(
      detectFirstVisitLanguage(fakes({ locate, browserLanguages: ['pt-BR'] })),
    ).resolves.toBe('pt');
    await expect(
      detectFirstVisitLanguage(fakes({ locate, browserLanguages: ['ja'] })),
    ).resolves.toBe('en');
  });

  it('a failed reverse lookup or an unmapped country falls back to the browser language', async () => {
    const failing = () => Promise.reject(new Error('503'));
    await expect(
      detectFirstVisitLanguage(fakes({ countryAt: failing, browserLanguages: ['it'] })),
    ).resolves.toBe('it');
    await expect(
      detectFirstVisitLanguage(
        fakes({ countryAt: () => Promise.resolve(null), browserLanguages: ['fr'] }),
      ),
    ).resolves.toBe('fr');
    await expect(
      detectFirstVisitLanguage(
        fakes({ countryAt: () => Promise.resolve('JP'), browserLanguages: ['es'] }),
      ),
    ).resolves.toBe('es');
  });

  it('gives up on the location after 5 s and aborts the request', async () => {
    vi.useFakeTimers();
    let locateSignal: AbortSignal | undefined;
    const locate = (signal: AbortSignal) => {
      locateSignal = signal;
      return never(signal);
    };
    const result = detectFirstVisitLanguage(fakes({ locate, browserLanguages: ['fr-FR'] }));
    await vi.advanceTimersByTimeAsync(4_999);
    expect(locateSignal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(result).resolves.toBe('fr');
    expect(locateSignal?.aborted).toBe(true);
  });

  it('gives up on a slow reverse lookup too', async () => {
    vi.useFakeTimers();
    const result = detectFirstVisitLanguage(
      fakes({ countryAt: (_p, signal) => never(signal), browserLanguages: ['de'] }),
    );
    await vi.advanceTimersByTimeAsync(5_000);
    await expect(result).resolves.toBe('de');
  });

  it('rejects when the visitor chooses a language meanwhile (the signal aborts)', async () => {
    const controller = new AbortController();
    let locateSignal: AbortSignal | undefined;
    const locate = (signal: AbortSignal) => {
      locateSignal = signal;
      return never(signal);
    };
    const result = detectFirstVisitLanguage(fakes({ locate }), { signal: controller.signal });
    controller.abort(new Error('manual choice'));
    await expect(result).rejects.toThrow('manual choice');
    expect(locateSignal?.aborted).toBe(true);
  });
});

describe('browser adapters', () => {
  it('browserLocate asks navigator.geolocation with the 5 s timeout', async () => {
    const getCurrentPosition = vi.fn(
      (
        success: PositionCallback,
        _error?: PositionErrorCallback | null,
        options?: PositionOptions,
      ) => {
        expect(options?.timeout).toBe(5_000);
        success({ coords: { latitude: 1.5, longitude: 2.5 } } as GeolocationPosition);
      },
    );
    const locate = browserLocate({ getCurrentPosition } as unknown as Geolocation);
    await expect(locate(new AbortController().signal)).resolves.toEqual({ lat: 1.5, lng: 2.5 });
  });

  it('browserLocate rejects on a geolocation error', async () => {
    const getCurrentPosition = (_success: PositionCallback, error?: PositionErrorCallback | null) =>
      error?.({ code: 1, message: 'denied' } as GeolocationPositionError);
    const locate = browserLocate({ getCurrentPosition } as unknown as Geolocation);
    await expect(locate(new AbortController().signal)).rejects.toThrow('denied');
  });

  it('apiCountryAt calls /geocoding/reverse and reads countryCode', async () => {
    const fetchFake = vi.fn((url: string | URL | Request, _init?: RequestInit) => {
      void _init;
      expect(String(url)).toBe('/api/geocoding/reverse?lat=52.52&lng=13.405');
      return Promise.resolve(
        Response.json({
          display_name: 'Berlin, Germany',
          lat: 52.52,
          lng: 13.405,
          countryCode: 'DE',
        }),
      );
    });
    const countryAt = apiCountryAt('/api/', fetchFake);
    const signal = new AbortController().signal;
    await expect(countryAt(BERLIN, signal)).resolves.toBe('DE');
    expect(fetchFake.mock.calls[0][1]?.signal).toBe(signal);
  });

  it('apiCountryAt answers null for an error status or a missing code', async () => {
    const notFound = () =>
      Promise.resolve(Response.json({ error: 'Unable to geocode' }, { status: 404 }));
    await expect(
      apiCountryAt('/api', notFound as typeof fetch)(BERLIN, new AbortController().signal),
    ).resolves.toBeNull();
    const noCode = () =>
      Promise.resolve(Response.json({ display_name: 'Sea', lat: 0, lng: 0, countryCode: null }));
    await expect(
      apiCountryAt('/api', noCode as typeof fetch)(BERLIN, new AbortController().signal),
    ).resolves.toBeNull();
  });
});
