// A fake Photon (https://github.com/komoot/photon, docs/api-v1.md) answering /api (search as
// you type) and /reverse from the shared gazetteer with Photon's real GeoJSON shape: a
// FeatureCollection of Point features, [lon, lat] coordinates, GeocodeJSON-style properties
// (osm_type N/W/R, osm_key/osm_value, type, name, street, housenumber, postcode, city,
// district, county, state, country, countrycode in upper case, extent as
// [minLon, maxLat, maxLon, minLat]). Errors are HTTP 400 {"message": "..."} as Photon sends them.
//
// Like Photon it matches the words typed as prefixes (search as you type), prefers places near
// lat/lon (zoom, location_bias_scale), keeps only places inside bbox
// (minLon,minLat,maxLon,maxLat), and refuses a language it has no names for (the public
// instance knows default, de, en, fr). Every request is in `requests` (path and query string),
// so a test can check the bias parameters the proxy sent.
import { GAZETTEER, greatCircleMetres, round } from './geo.mjs';
import { startFakeServer } from './server.mjs';

/**
 * @typedef {import('./geo.mjs').Place} Place
 * @typedef {import('./server.mjs').FakeServerOptions & {
 *   places?: readonly Place[],
 *   languages?: readonly string[],
 * }} FakePhotonOptions
 *   places: the gazetteer (default GAZETTEER); languages: what `lang` may be (default the
 *   public instance's: default, de, en, fr).
 */

const DEFAULT_LIMIT = 15;
const MAX_LIMIT = 50;
const PUBLIC_LANGUAGES = Object.freeze(['default', 'de', 'en', 'fr']);
const OSM_TYPE = /** @type {const} */ ({ node: 'N', way: 'W', relation: 'R' });

/**
 * @param {FakePhotonOptions} [options]
 * @returns {Promise<import('./server.mjs').FakeServer>}
 */
export function startFakePhoton(options = {}) {
  const places = options.places ?? GAZETTEER;
  const languages = options.languages ?? PUBLIC_LANGUAGES;
  return startFakeServer(
    options,
    (url) => {
      const path = url.pathname.replace(/\/+$/, '');
      if (path === '/api') return search(url.searchParams, places, languages);
      if (path === '/reverse') return reverse(url.searchParams, places, languages);
      if (path === '/status') return { status: 200, body: { status: 'Ok', import_date: null } };
      return { status: 404, body: { message: 'Not found' } };
    },
    { type: 'FeatureCollection', results: [{ lat: 40.7, lon: -73.9 }] },
  );
}

/**
 * @param {URLSearchParams} params
 * @param {readonly Place[]} places
 * @param {readonly string[]} languages
 */
function search(params, places, languages) {
  const problem = languageProblem(params, languages);
  if (problem) return problem;
  const query = params.get('q');
  if (query === null || query.trim() === '')
    return badRequest("missing search term 'q': /?q=berlin");
  const limit = whole(params.get('limit'), DEFAULT_LIMIT);
  if (limit === null) return badRequest("invalid parameter 'limit', expected a number");
  const focus = point(params);
  if (focus === 'invalid') return badRequest("invalid search term 'lat' and/or 'lon'");
  const zoom = params.has('zoom') ? Number(params.get('zoom')) : 16;
  if (!Number.isFinite(zoom)) return badRequest("invalid parameter 'zoom', expected a number");
  const bbox = boundingBox(params.get('bbox'));
  if (bbox === 'invalid')
    return badRequest(
      "invalid parameter 'bbox', bbox must be a comma-separated list of minLon,minLat,maxLon,maxLat",
    );
  const words = normalize(query)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  const found = places.filter((place) => {
    const haystack = normalize(`${place.name} ${place.display_name}`)
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean);
    return (
      words.length > 0 && words.every((word) => haystack.some((part) => part.startsWith(word)))
    );
  });
  const inside = bbox
    ? found.filter(
        (p) => p.lon >= bbox[0] && p.lat >= bbox[1] && p.lon <= bbox[2] && p.lat <= bbox[3],
      )
    : found;
  // Photon mixes prominence with the distance to the focus point; here: nearest first when
  // there is a focus, else the most important.
  const ranked = [...inside].sort((a, b) =>
    focus
      ? greatCircleMetres([focus.lon, focus.lat], [a.lon, a.lat]) -
        greatCircleMetres([focus.lon, focus.lat], [b.lon, b.lat])
      : b.importance - a.importance,
  );
  return {
    status: 200,
    body: {
      type: 'FeatureCollection',
      features: ranked.slice(0, Math.min(Math.max(limit, 1), MAX_LIMIT)).map(feature),
    },
  };
}

/**
 * @param {URLSearchParams} params
 * @param {readonly Place[]} places
 * @param {readonly string[]} languages
 */
function reverse(params, places, languages) {
  const problem = languageProblem(params, languages);
  if (problem) return problem;
  const at = point(params);
  if (!at || at === 'invalid') return badRequest("missing search term 'lat' and/or 'lon'");
  const nearest = [...places].sort(
    (a, b) =>
      greatCircleMetres([at.lon, at.lat], [a.lon, a.lat]) -
      greatCircleMetres([at.lon, at.lat], [b.lon, b.lat]),
  )[0];
  const radiusM = Number(params.get('radius') ?? 1) * 1000;
  const features =
    nearest && greatCircleMetres([at.lon, at.lat], [nearest.lon, nearest.lat]) <= radiusM
      ? [feature(nearest)]
      : [];
  return { status: 200, body: { type: 'FeatureCollection', features } };
}

/**
 * One place as a Photon feature.
 * @param {Place} place
 */
function feature(place) {
  const a = place.address;
  const type =
    place.addresstype === 'road'
      ? 'street'
      : a.house_number
        ? 'house'
        : ['city', 'town', 'village'].includes(place.addresstype)
          ? 'city'
          : 'other';
  /** @type {Record<string, unknown>} */
  const properties = {
    osm_type: OSM_TYPE[place.osm_type],
    osm_id: place.osm_id,
    osm_key: place.class === 'boundary' ? 'place' : place.class,
    osm_value: place.class === 'boundary' ? 'city' : place.type,
    type,
    name: place.name,
    ...(a.house_number ? { housenumber: a.house_number } : {}),
    ...(a.road && type !== 'street' ? { street: a.road } : {}),
    ...(a.postcode ? { postcode: a.postcode } : {}),
    ...(a.neighbourhood || a.suburb ? { district: a.neighbourhood ?? a.suburb } : {}),
    ...((a.city ?? a.town ?? a.village) && type !== 'city'
      ? { city: a.city ?? a.town ?? a.village }
      : {}),
    ...(a.county ? { county: a.county } : {}),
    ...(a.state && a.state !== place.name ? { state: a.state } : {}),
    country: a.country,
    countrycode: a.country_code.toUpperCase(),
    extent: [
      round(place.lon - place.extent, 7),
      round(place.lat + place.extent, 7),
      round(place.lon + place.extent, 7),
      round(place.lat - place.extent, 7),
    ],
  };
  return {
    type: 'Feature',
    geometry: { type: 'Point', coordinates: [place.lon, place.lat] },
    properties,
  };
}

/**
 * @param {URLSearchParams} params
 * @param {readonly string[]} languages
 */
function languageProblem(params, languages) {
  const lang = params.get('lang');
  if (lang === null || languages.includes(lang)) return null;
  return badRequest(
    `Language ${lang} is not supported, supported languages are: ${languages.join(', ')}`,
  );
}

/** @param {URLSearchParams} params @returns {{lat: number, lon: number} | null | 'invalid'} */
function point(params) {
  if (!params.has('lat') && !params.has('lon')) return null;
  const lat = Number(params.get('lat'));
  const lon = Number(params.get('lon'));
  if (!params.has('lat') || !params.has('lon') || !Number.isFinite(lat) || !Number.isFinite(lon))
    return 'invalid';
  return { lat, lon };
}

/** @param {string | null} text @returns {number[] | null | 'invalid'} */
function boundingBox(text) {
  if (text === null) return null;
  const values = text.split(',').map(Number);
  if (values.length !== 4 || values.some((v) => !Number.isFinite(v))) return 'invalid';
  return values;
}

/** @param {string | null} text @param {number} fallback */
function whole(text, fallback) {
  if (text === null) return fallback;
  const value = Number.parseInt(text, 10);
  return Number.isFinite(value) ? value : null;
}

/** Case- and accent-insensitive text for matching. @param {string} text */
const normalize = (text) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();

/** @param {string} message */
const badRequest = (message) => ({ status: 400, body: { message } });
