import { describe, expect, it } from 'vitest';
import { ApiError } from './http.ts';
import type { Geocoder } from './geocoding.ts';
import { withPhotonSuggestions, type PhotonClient } from './photon.ts';
import { streetLine, suggestCacheKey, suggestion, type SuggestAnswer } from './suggestion.ts';

describe('suggestion lines', () => {
  it('puts the house number where the country writes it', () => {
    expect(streetLine('5th Avenue', '350', 'us')).toBe('350 5th Avenue');
    expect(streetLine('Unter den Linden', '2', 'DE')).toBe('Unter den Linden 2');
    expect(streetLine(undefined, '2', 'DE')).toBeUndefined();
    expect(streetLine('Rua Augusta', undefined, 'PT')).toBe('Rua Augusta');
  });

  it('leaves out empty parts, repeats and the name itself', () => {
    expect(
      suggestion('Paris', ['', 'Paris', 'Île-de-France', undefined, 'France'], 48.8, 2.3),
    ).toEqual({
      name: 'Paris',
      address: 'Île-de-France, France',
      display_name: 'Paris, Île-de-France, France',
      lat: 48.8,
      lng: 2.3,
    });
    expect(suggestion('Berlin', [undefined], 52.5, 13.4).display_name).toBe('Berlin');
  });

  it('keys the cache on every parameter that changes the answer', () => {
    const base = { q: 'Main  Street', limit: 8 };
    const keys = new Set([
      suggestCacheKey(base),
      suggestCacheKey({ ...base, q: 'main street ' }),
      suggestCacheKey({ ...base, limit: 3 }),
      suggestCacheKey({ ...base, language: 'de' }),
      suggestCacheKey({ ...base, focus: { lat: 41.764, lng: -72.673 } }),
      suggestCacheKey({ ...base, focus: { lat: 41.764, lng: -72.673, zoom: 12 } }),
      suggestCacheKey({ ...base, bbox: [-73, 41, -72, 42] }),
    ]);
    // The first two differ only in case and spaces: one key.
    expect(keys.size).toBe(6);
  });
});

describe('withPhotonSuggestions', () => {
  const answer = (source: 'photon' | 'nominatim'): SuggestAnswer => ({
    results: [suggestion(source, [], 1, 2)],
    source,
  });
  const nominatim = (calls: string[]): Geocoder => ({
    search: () => Promise.resolve([]),
    reverse: () => Promise.resolve(null),
    suggest: () => {
      calls.push('nominatim');
      return Promise.resolve(answer('nominatim'));
    },
  });
  const photon = (error?: Error): PhotonClient => ({
    suggest: () => (error ? Promise.reject(error) : Promise.resolve(answer('photon'))),
  });
  const query = { q: 'Main', limit: 8 };

  it('answers from Photon when it answers', async () => {
    const calls: string[] = [];
    const logs: string[] = [];
    const geocoder = withPhotonSuggestions(nominatim(calls), photon(), (line) => logs.push(line));
    expect((await geocoder.suggest(query)).source).toBe('photon');
    expect(calls).toEqual([]);
    expect(logs).toEqual([]);
  });

  it.each([
    [502, 'Geocoding service unavailable (HTTP 503)'],
    [503, 'Geocoding service busy, please try again'],
    [504, 'Geocoding service timed out'],
  ] as const)(
    'falls back to Nominatim on a %i from Photon, and says so in the log',
    async (status, message) => {
      const calls: string[] = [];
      const logs: string[] = [];
      const geocoder = withPhotonSuggestions(
        nominatim(calls),
        photon(new ApiError(status, message)),
        (line) => logs.push(line),
      );
      expect(await geocoder.suggest(query)).toEqual(answer('nominatim'));
      expect(calls).toEqual(['nominatim']);
      expect(logs).toEqual([`api: autocomplete answered by Nominatim, Photon failed: ${message}`]);
    },
  );

  it('does not fall back for a cancelled search or an unexpected error', async () => {
    const calls: string[] = [];
    const cancelled = new AbortController();
    cancelled.abort(new DOMException('superseded', 'AbortError'));
    const geocoder = withPhotonSuggestions(
      nominatim(calls),
      photon(new ApiError(504, 'Geocoding service timed out')),
      () => {},
    );
    await expect(geocoder.suggest(query, cancelled.signal)).rejects.toThrow('timed out');
    const broken = withPhotonSuggestions(nominatim(calls), photon(new TypeError('bug')), () => {});
    await expect(broken.suggest(query)).rejects.toThrow('bug');
    expect(calls).toEqual([]);
  });
});
