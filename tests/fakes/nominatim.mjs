// A fake Nominatim (https://nominatim.org/release-docs/latest/api/) answering /search and
// /reverse from a built-in gazetteer with the real JSON shapes: lat, lon and the bounding
// box are strings, the reverse miss is HTTP 200 {"error":"Unable to geocode"}.
import { GAZETTEER, LICENCE, greatCircleMetres, round } from './geo.mjs';
import { startFakeServer } from './server.mjs';

/**
 * @typedef {import('./geo.mjs').Place} Place
 * @typedef {import('./server.mjs').FakeServerOptions & {
 *   places?: readonly Place[],
 *   reverseRadiusKm?: number,
 * }} FakeNominatimOptions
 *   places: the gazetteer (default GAZETTEER); reverseRadiusKm: how far from a place a
 *   reverse lookup still finds it (default 100 km), beyond that "Unable to geocode".
 */

const DEFAULT_LIMIT = 10;
const MAX_LIMIT = 40;

/**
 * @param {FakeNominatimOptions} [options]
 * @returns {Promise<import('./server.mjs').FakeServer>}
 */
export function startFakeNominatim(options = {}) {
  const places = options.places ?? GAZETTEER;
  const reverseRadiusM = (options.reverseRadiusKm ?? 100) * 1000;
  return startFakeServer(
    options,
    (url) => {
      const path = url.pathname.replace(/\.php$/, '').replace(/\/+$/, '');
      if (path === '/search') return search(url.searchParams, places);
      if (path === '/reverse') return reverse(url.searchParams, places, reverseRadiusM);
      if (path === '/status')
        return { status: 200, body: { status: 0, message: 'OK', software_version: '4.5.0-fake' } };
      return { status: 404, body: { error: { code: 404, message: 'Not found' } } };
    },
    [{ unexpected: 'shape', lat: 40.7, lon: -73.9 }],
  );
}

/**
 * @param {URLSearchParams} params
 * @param {readonly Place[]} places
 */
function search(params, places) {
  const format = formatOf(params);
  if (!format)
    return badRequest(
      `Parameter 'format' must be one of: json, jsonv2 (this fake answers JSON only).`,
    );
  const query = params.get('q');
  if (query === null || query.trim() === '') return badRequest('Nothing to search for.');
  const limit = Math.min(
    Math.max(Number.parseInt(params.get('limit') ?? '', 10) || DEFAULT_LIMIT, 1),
    MAX_LIMIT,
  );
  const needle = normalize(query);
  const words = needle.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  const found = places
    .filter((place) => {
      const haystack = normalize(place.display_name);
      return (
        haystack.includes(needle) ||
        (words.length > 0 && words.every((word) => haystack.includes(word)))
      );
    })
    .sort((a, b) => b.importance - a.importance)
    .slice(0, limit);
  const withAddress = flag(params.get('addressdetails'));
  return { status: 200, body: found.map((place) => describe(place, format, withAddress)) };
}

/**
 * @param {URLSearchParams} params
 * @param {readonly Place[]} places
 * @param {number} radiusM
 */
function reverse(params, places, radiusM) {
  const format = formatOf(params);
  if (!format)
    return badRequest(
      `Parameter 'format' must be one of: json, jsonv2 (this fake answers JSON only).`,
    );
  const lat = Number(params.get('lat'));
  const lon = Number(params.get('lon'));
  if (!params.has('lat') || !params.has('lon') || !Number.isFinite(lat) || !Number.isFinite(lon)) {
    return badRequest('Need coordinates or OSM object to lookup.');
  }
  if (lat < -90 || lat > 90 || lon < -180 || lon > 180) return badRequest('Invalid coordinates.');
  let nearest;
  let nearestDistance = Infinity;
  for (const place of places) {
    const distance = greatCircleMetres([lon, lat], [place.lon, place.lat]);
    if (distance < nearestDistance) {
      nearest = place;
      nearestDistance = distance;
    }
  }
  if (!nearest || nearestDistance > radiusM)
    return { status: 200, body: { error: 'Unable to geocode' } };
  // Reverse always carries the address unless addressdetails=0.
  return { status: 200, body: describe(nearest, format, params.get('addressdetails') !== '0') };
}

/**
 * One place in Nominatim's json (`class`) or jsonv2 (`category`) layout.
 * @param {Place} place
 * @param {'json' | 'jsonv2'} format
 * @param {boolean} withAddress
 */
function describe(place, format, withAddress) {
  const [south, north, west, east] = [
    place.lat - place.extent,
    place.lat + place.extent,
    place.lon - place.extent,
    place.lon + place.extent,
  ].map((value) => round(value, 7).toFixed(7));
  return {
    place_id: place.place_id,
    licence: LICENCE,
    osm_type: place.osm_type,
    osm_id: place.osm_id,
    lat: place.lat.toFixed(7),
    lon: place.lon.toFixed(7),
    ...(format === 'jsonv2' ? { category: place.class } : { class: place.class }),
    type: place.type,
    place_rank: place.place_rank,
    importance: place.importance,
    addresstype: place.addresstype,
    name: place.name,
    display_name: place.display_name,
    ...(withAddress ? { address: { ...place.address } } : {}),
    boundingbox: [south, north, west, east],
  };
}

/** @param {URLSearchParams} params @returns {'json' | 'jsonv2' | null} */
function formatOf(params) {
  const format = params.get('format') ?? 'jsonv2';
  return format === 'json' || format === 'jsonv2' ? format : null;
}

/** @param {string | null} value */
const flag = (value) => value === '1' || value === 'true';

/** Case- and accent-insensitive text for matching. @param {string} text */
const normalize = (text) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();

/** @param {string} message */
const badRequest = (message) => ({ status: 400, body: { error: { code: 400, message } } });
