// Geometry and a small gazetteer shared by the fake Nominatim and the fake OSRM.
// Coordinates are real (OpenStreetMap centroids, rounded); ids are stable so tests can
// assert on them.

export const LICENCE = 'Data © OpenStreetMap contributors, ODbL 1.0. http://osm.org/copyright';

/** Mean earth radius in metres, as OSRM uses. */
export const EARTH_RADIUS_M = 6_372_797.560856;

/** A point in the middle of the North Atlantic: no address, no road. [lng, lat] */
export const OCEAN_POINT = Object.freeze([-40.0, 35.0]);

/**
 * @typedef {object} Place
 * @property {number} place_id
 * @property {'node'|'way'|'relation'} osm_type
 * @property {number} osm_id
 * @property {number} lat
 * @property {number} lon
 * @property {string} class
 * @property {string} type
 * @property {number} place_rank
 * @property {number} importance
 * @property {string} addresstype
 * @property {string} name
 * @property {string} display_name
 * @property {Record<string, string>} address
 * @property {number} extent half-size of the bounding box in degrees
 */

/** @type {Place[]} */
const PLACES = [
  {
    place_id: 331306034,
    osm_type: 'way',
    osm_id: 843484519,
    lat: 40.7570095,
    lon: -73.9859724,
    class: 'highway',
    type: 'pedestrian',
    place_rank: 26,
    importance: 0.6131,
    addresstype: 'road',
    name: 'Times Square',
    display_name:
      'Times Square, Theater District, Manhattan, New York County, New York, 10036, United States',
    address: {
      road: 'Times Square',
      neighbourhood: 'Theater District',
      suburb: 'Manhattan',
      county: 'New York County',
      city: 'New York',
      state: 'New York',
      'ISO3166-2-lvl4': 'US-NY',
      postcode: '10036',
      country: 'United States',
      country_code: 'us',
    },
    extent: 0.0015,
  },
  {
    place_id: 330780426,
    osm_type: 'way',
    osm_id: 34633854,
    lat: 40.7484421,
    lon: -73.9856589,
    class: 'tourism',
    type: 'attraction',
    place_rank: 30,
    importance: 0.6709,
    addresstype: 'tourism',
    name: 'Empire State Building',
    display_name:
      'Empire State Building, 350, 5th Avenue, Koreatown, Manhattan, New York County, New York, 10118, United States',
    address: {
      tourism: 'Empire State Building',
      house_number: '350',
      road: '5th Avenue',
      neighbourhood: 'Koreatown',
      suburb: 'Manhattan',
      county: 'New York County',
      city: 'New York',
      state: 'New York',
      'ISO3166-2-lvl4': 'US-NY',
      postcode: '10118',
      country: 'United States',
      country_code: 'us',
    },
    extent: 0.0006,
  },
  {
    place_id: 331162588,
    osm_type: 'way',
    osm_id: 5144861,
    lat: 40.7061927,
    lon: -73.9969163,
    class: 'man_made',
    type: 'bridge',
    place_rank: 30,
    importance: 0.5898,
    addresstype: 'man_made',
    name: 'Brooklyn Bridge',
    display_name: 'Brooklyn Bridge, Manhattan, New York County, New York, United States',
    address: {
      man_made: 'Brooklyn Bridge',
      suburb: 'Manhattan',
      county: 'New York County',
      city: 'New York',
      state: 'New York',
      'ISO3166-2-lvl4': 'US-NY',
      country: 'United States',
      country_code: 'us',
    },
    extent: 0.004,
  },
  {
    place_id: 88066702,
    osm_type: 'relation',
    osm_id: 7444,
    lat: 48.8534951,
    lon: 2.3483915,
    class: 'boundary',
    type: 'administrative',
    place_rank: 12,
    importance: 0.8845,
    addresstype: 'city',
    name: 'Paris',
    display_name: 'Paris, Île-de-France, France métropolitaine, France',
    address: {
      city: 'Paris',
      'ISO3166-2-lvl6': 'FR-75C',
      state: 'Île-de-France',
      'ISO3166-2-lvl4': 'FR-IDF',
      region: 'France métropolitaine',
      country: 'France',
      country_code: 'fr',
    },
    extent: 0.09,
  },
  {
    place_id: 87971208,
    osm_type: 'relation',
    osm_id: 120965,
    lat: 45.7578137,
    lon: 4.8320114,
    class: 'boundary',
    type: 'administrative',
    place_rank: 16,
    importance: 0.7648,
    addresstype: 'city',
    name: 'Lyon',
    display_name:
      'Lyon, Métropole de Lyon, Rhône, Auvergne-Rhône-Alpes, France métropolitaine, France',
    address: {
      city: 'Lyon',
      county: 'Métropole de Lyon',
      state_district: 'Rhône',
      state: 'Auvergne-Rhône-Alpes',
      'ISO3166-2-lvl4': 'FR-ARA',
      region: 'France métropolitaine',
      country: 'France',
      country_code: 'fr',
    },
    extent: 0.05,
  },
  {
    place_id: 88189946,
    osm_type: 'relation',
    osm_id: 94695,
    lat: 47.3215806,
    lon: 5.0414701,
    class: 'boundary',
    type: 'administrative',
    place_rank: 16,
    importance: 0.6349,
    addresstype: 'city',
    name: 'Dijon',
    display_name: 'Dijon, Côte-d’Or, Bourgogne-Franche-Comté, France métropolitaine, France',
    address: {
      city: 'Dijon',
      municipality: 'Dijon',
      county: 'Côte-d’Or',
      state: 'Bourgogne-Franche-Comté',
      'ISO3166-2-lvl4': 'FR-BFC',
      region: 'France métropolitaine',
      country: 'France',
      country_code: 'fr',
    },
    extent: 0.04,
  },
  {
    place_id: 133222540,
    osm_type: 'relation',
    osm_id: 62422,
    lat: 52.5173885,
    lon: 13.3951309,
    class: 'boundary',
    type: 'administrative',
    place_rank: 8,
    importance: 0.8521,
    addresstype: 'city',
    name: 'Berlin',
    display_name: 'Berlin, Germany',
    address: { city: 'Berlin', 'ISO3166-2-lvl4': 'DE-BE', country: 'Germany', country_code: 'de' },
    extent: 0.2,
  },
  {
    place_id: 307930547,
    osm_type: 'relation',
    osm_id: 5326784,
    lat: 40.4167047,
    lon: -3.7035825,
    class: 'boundary',
    type: 'administrative',
    place_rank: 16,
    importance: 0.8253,
    addresstype: 'city',
    name: 'Madrid',
    display_name:
      'Madrid, Área metropolitana de Madrid y Corredor del Henares, Community of Madrid, Spain',
    address: {
      city: 'Madrid',
      county: 'Área metropolitana de Madrid y Corredor del Henares',
      state: 'Community of Madrid',
      'ISO3166-2-lvl4': 'ES-MD',
      country: 'Spain',
      country_code: 'es',
    },
    extent: 0.15,
  },
  {
    place_id: 125563264,
    osm_type: 'relation',
    osm_id: 41485,
    lat: 41.8933203,
    lon: 12.4829321,
    class: 'boundary',
    type: 'administrative',
    place_rank: 16,
    importance: 0.8348,
    addresstype: 'city',
    name: 'Rome',
    display_name: 'Rome, Roma Capitale, Lazio, Italy',
    address: {
      city: 'Rome',
      county: 'Roma Capitale',
      state: 'Lazio',
      'ISO3166-2-lvl4': 'IT-62',
      country: 'Italy',
      country_code: 'it',
    },
    extent: 0.2,
  },
  {
    place_id: 296814720,
    osm_type: 'relation',
    osm_id: 5400890,
    lat: 38.7077507,
    lon: -9.1365919,
    class: 'boundary',
    type: 'administrative',
    place_rank: 14,
    importance: 0.7818,
    addresstype: 'city',
    name: 'Lisbon',
    display_name: 'Lisbon, Portugal',
    address: { city: 'Lisbon', 'ISO3166-2-lvl4': 'PT-11', country: 'Portugal', country_code: 'pt' },
    extent: 0.07,
  },
  {
    place_id: 258178367,
    osm_type: 'relation',
    osm_id: 65606,
    lat: 51.5074456,
    lon: -0.1277653,
    class: 'place',
    type: 'city',
    place_rank: 16,
    importance: 0.8851,
    addresstype: 'city',
    name: 'London',
    display_name: 'London, Greater London, England, United Kingdom',
    address: {
      city: 'London',
      state_district: 'Greater London',
      state: 'England',
      'ISO3166-2-lvl4': 'GB-ENG',
      country: 'United Kingdom',
      country_code: 'gb',
    },
    extent: 0.25,
  },
  {
    place_id: 300744268,
    osm_type: 'relation',
    osm_id: 1376330,
    lat: 19.4326296,
    lon: -99.1331785,
    class: 'boundary',
    type: 'administrative',
    place_rank: 8,
    importance: 0.8031,
    addresstype: 'city',
    name: 'Mexico City',
    display_name: 'Mexico City, Mexico',
    address: {
      city: 'Mexico City',
      'ISO3166-2-lvl4': 'MX-CMX',
      country: 'Mexico',
      country_code: 'mx',
    },
    extent: 0.3,
  },
  {
    place_id: 297689734,
    osm_type: 'relation',
    osm_id: 298285,
    lat: -23.5506507,
    lon: -46.6333824,
    class: 'boundary',
    type: 'administrative',
    place_rank: 16,
    importance: 0.7891,
    addresstype: 'city',
    name: 'São Paulo',
    display_name:
      'São Paulo, Região Imediata de São Paulo, Região Metropolitana de São Paulo, São Paulo, Southeast Region, Brazil',
    address: {
      city: 'São Paulo',
      state: 'São Paulo',
      'ISO3166-2-lvl4': 'BR-SP',
      region: 'Southeast Region',
      country: 'Brazil',
      country_code: 'br',
    },
    extent: 0.3,
  },
  // Two streets of the same name far apart: the address search's second line and its bias to
  // the map's view tell them apart.
  {
    place_id: 296512001,
    osm_type: 'way',
    osm_id: 46145010,
    lat: 41.7637,
    lon: -72.6731,
    class: 'highway',
    type: 'primary',
    place_rank: 26,
    importance: 0.1001,
    addresstype: 'road',
    name: 'Main Street',
    display_name:
      'Main Street, Downtown, Hartford, Hartford County, Connecticut, 06103, United States',
    address: {
      road: 'Main Street',
      neighbourhood: 'Downtown',
      city: 'Hartford',
      county: 'Hartford County',
      state: 'Connecticut',
      'ISO3166-2-lvl4': 'US-CT',
      postcode: '06103',
      country: 'United States',
      country_code: 'us',
    },
    extent: 0.01,
  },
  {
    place_id: 296512002,
    osm_type: 'way',
    osm_id: 20113470,
    lat: 42.1015,
    lon: -72.5898,
    class: 'highway',
    type: 'primary',
    place_rank: 26,
    importance: 0.1002,
    addresstype: 'road',
    name: 'Main Street',
    display_name:
      'Main Street, Metro Center, Springfield, Hampden County, Massachusetts, 01103, United States',
    address: {
      road: 'Main Street',
      neighbourhood: 'Metro Center',
      city: 'Springfield',
      county: 'Hampden County',
      state: 'Massachusetts',
      'ISO3166-2-lvl4': 'US-MA',
      postcode: '01103',
      country: 'United States',
      country_code: 'us',
    },
    extent: 0.01,
  },
];

export const GAZETTEER = Object.freeze(PLACES);

/** @param {number} degrees */
const toRadians = (degrees) => (degrees * Math.PI) / 180;

/**
 * Great-circle distance in metres.
 * @param {readonly number[]} from [lng, lat]
 * @param {readonly number[]} to [lng, lat]
 */
export function greatCircleMetres([lng1, lat1], [lng2, lat2]) {
  const dLat = toRadians(lat2 - lat1);
  const dLng = toRadians(lng2 - lng1);
  const a =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRadians(lat1)) * Math.cos(toRadians(lat2)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(a)));
}

/**
 * Initial bearing in whole degrees (0..359) from one point to another.
 * @param {readonly number[]} from [lng, lat]
 * @param {readonly number[]} to [lng, lat]
 */
export function bearing([lng1, lat1], [lng2, lat2]) {
  const y = Math.sin(toRadians(lng2 - lng1)) * Math.cos(toRadians(lat2));
  const x =
    Math.cos(toRadians(lat1)) * Math.sin(toRadians(lat2)) -
    Math.sin(toRadians(lat1)) * Math.cos(toRadians(lat2)) * Math.cos(toRadians(lng2 - lng1));
  return Math.round(((Math.atan2(y, x) * 180) / Math.PI + 360) % 360) % 360;
}

/**
 * `segments + 1` points from `from` to `to`, straight in degrees, rounded like OSRM (6 decimals).
 * @param {readonly number[]} from [lng, lat]
 * @param {readonly number[]} to [lng, lat]
 * @param {number} segments
 * @returns {number[][]}
 */
export function interpolate(from, to, segments) {
  return Array.from({ length: segments + 1 }, (_, i) => [
    round(from[0] + ((to[0] - from[0]) * i) / segments, 6),
    round(from[1] + ((to[1] - from[1]) * i) / segments, 6),
  ]);
}

/** @param {number} value @param {number} decimals */
export function round(value, decimals) {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}

/**
 * Google's encoded polyline (OSRM's default `geometries=polyline`, precision 5; polyline6: 6).
 * @param {number[][]} coordinates [lng, lat] pairs
 * @param {number} precision
 */
export function encodePolyline(coordinates, precision = 5) {
  const factor = 10 ** precision;
  let output = '';
  let previousLat = 0;
  let previousLng = 0;
  for (const [lng, lat] of coordinates) {
    const latValue = Math.round(lat * factor);
    const lngValue = Math.round(lng * factor);
    output += encodeSigned(latValue - previousLat) + encodeSigned(lngValue - previousLng);
    previousLat = latValue;
    previousLng = lngValue;
  }
  return output;
}

/** @param {number} value */
function encodeSigned(value) {
  let rest = value < 0 ? ~(value << 1) : value << 1;
  let output = '';
  while (rest >= 0x20) {
    output += String.fromCharCode((0x20 | (rest & 0x1f)) + 63);
    rest >>= 5;
  }
  return output + String.fromCharCode(rest + 63);
}
