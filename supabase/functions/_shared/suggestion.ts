/**
 * Search as you type: what the SPA asks (`SuggestQuery`) and what it gets back (`Suggestion`:
 * a name and a second line with street, city and country, so two 'Main Street's can be told
 * apart), whichever geocoder answered.
 */

/** Most suggestions one request may ask for (and the default). */
export const SUGGESTION_LIMIT = 8;

export interface SuggestQuery {
  q: string;
  /** 1 to SUGGESTION_LIMIT */
  limit: number;
  /** a two-letter language code, when the caller said which */
  language?: string;
  /** prefer places near this point (the map's view or the user's position); zoom: how near */
  focus?: { lat: number; lng: number; zoom?: number };
  /** only places inside [minLng, minLat, maxLng, maxLat] */
  bbox?: [number, number, number, number];
}

export interface Suggestion {
  /** the place's own name, or its house number and street */
  name: string;
  /** street, city and country (what is known of them), '' when nothing more is known */
  address: string;
  /** name and address in one line, as a stop is named */
  display_name: string;
  lat: number;
  lng: number;
}

/** Which geocoder answered: only in the function's logs, never in the answer. */
export type SuggestionSource = 'photon' | 'nominatim';

export interface SuggestAnswer {
  results: Suggestion[];
  source: SuggestionSource;
}

/** Where the house number goes before the street ("350 5th Avenue"); elsewhere after it. */
const NUMBER_FIRST = new Set(['US', 'GB', 'IE', 'CA', 'AU', 'NZ', 'FR', 'BE', 'LU', 'IL', 'ZA']);

export function streetLine(
  street: string | undefined,
  houseNumber: string | undefined,
  countryCode: string | undefined,
): string | undefined {
  if (!street) return undefined;
  if (!houseNumber) return street;
  return NUMBER_FIRST.has((countryCode ?? '').toUpperCase())
    ? `${houseNumber} ${street}`
    : `${street} ${houseNumber}`;
}

/** A suggestion from its parts: empty and repeated parts (and the name itself) are left out. */
export function suggestion(
  name: string,
  parts: (string | undefined)[],
  lat: number,
  lng: number,
): Suggestion {
  const seen = new Set([name.trim().toLowerCase()]);
  const kept: string[] = [];
  for (const part of parts) {
    const text = part?.trim();
    if (!text || seen.has(text.toLowerCase())) continue;
    seen.add(text.toLowerCase());
    kept.push(text);
  }
  const address = kept.join(', ');
  return {
    name,
    address,
    display_name: address ? `${name}, ${address}` : name,
    lat,
    lng,
  };
}

/** The cache key of a query: every parameter that changes the answer. */
export function suggestCacheKey(query: SuggestQuery): string {
  const focus = query.focus
    ? `${query.focus.lat},${query.focus.lng},${query.focus.zoom ?? ''}`
    : '';
  const text = query.q.trim().replace(/\s+/g, ' ').toLowerCase();
  return `geocode:suggest:${query.language ?? ''}:${query.limit}:${focus}:${query.bbox?.join(',') ?? ''}:${text}`;
}
