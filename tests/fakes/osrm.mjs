// A fake OSRM route and table service (http://project-osrm.org/docs/v5.24.0/api/#route-service,
// #table-service) with the real response shapes and error codes. Distances are great-circle × 1.3,
// durations that distance at 13.9 m/s (50 km/h), geometry a few interpolated points; the table
// answers the same figures as the route service's legs between the same points.
import {
  OCEAN_POINT,
  bearing,
  encodePolyline,
  greatCircleMetres,
  interpolate,
  round,
} from './geo.mjs';
import { startFakeServer } from './server.mjs';

/** Road distance over great-circle distance. */
export const DETOUR_FACTOR = 1.3;
/** Metres per second (50 km/h), the same as the product's straight-line fallback. */
export const SPEED_MPS = 13.9;

/**
 * @typedef {import('./server.mjs').FakeServerOptions & {
 *   unroutable?: ReadonlyArray<readonly number[]>,
 *   isUnroutable?: (lng: number, lat: number) => boolean,
 *   maxCoordinates?: number,
 *   maxTableSize?: number,
 *   segmentsPerLeg?: number,
 * }} FakeOsrmOptions
 *   unroutable: [lng, lat] points (matched to 4 decimals) no route reaches, default [OCEAN_POINT];
 *   isUnroutable: a rule on top of that list, default lat < -60 (Antarctica and the Southern Ocean);
 *   maxCoordinates: like osrm-routed --max-viaroute-size (default 500);
 *   maxTableSize: like osrm-routed --max-table-size (default 100): a table request may have at most
 *     this squared sources × destinations;
 *   segmentsPerLeg: interpolated segments in each leg's geometry (default 4).
 */

const PATH = /^\/(route|table)\/v1\/([^/]+)\/(.*)$/;
const INDEX_LIST = /^(all|\d+(;\d+)*)$/;
const NUMBER = /^-?(?:\d+\.?\d*|\.\d+)$/;
const OPTION_VALUES = {
  overview: ['simplified', 'full', 'false'],
  geometries: ['polyline', 'polyline6', 'geojson'],
  steps: ['true', 'false'],
  alternatives: ['true', 'false', /^\d+$/],
  annotations: [
    'true',
    'false',
    /^(duration|nodes|distance|speed|weight|datasources)(,(duration|nodes|distance|speed|weight|datasources))*$/,
  ],
  continue_straight: ['default', 'true', 'false'],
  generate_hints: ['true', 'false'],
  skip_waypoints: ['true', 'false'],
};
const LIST_OPTIONS = [
  'radiuses',
  'bearings',
  'hints',
  'approaches',
  'exclude',
  'waypoints',
  'snapping',
];
const TABLE_OPTION_VALUES = {
  annotations: [/^(duration|distance)(,(duration|distance))*$/],
  sources: [INDEX_LIST],
  destinations: [INDEX_LIST],
  fallback_speed: [/^\d+(\.\d+)?$/],
  fallback_coordinate: ['input', 'snapped'],
  scale_factor: [/^\d+(\.\d+)?$/],
  generate_hints: ['true', 'false'],
  skip_waypoints: ['true', 'false'],
};
const TABLE_LIST_OPTIONS = ['radiuses', 'bearings', 'hints', 'approaches', 'exclude', 'snapping'];

/**
 * @param {FakeOsrmOptions} [options]
 * @returns {Promise<import('./server.mjs').FakeServer>}
 */
export function startFakeOsrm(options = {}) {
  const unroutable = (options.unroutable ?? [OCEAN_POINT]).map(
    ([lng, lat]) => `${lng.toFixed(4)},${lat.toFixed(4)}`,
  );
  const isUnroutable = (/** @type {number} */ lng, /** @type {number} */ lat) =>
    unroutable.includes(`${lng.toFixed(4)},${lat.toFixed(4)}`) ||
    (options.isUnroutable ?? ((_, y) => y < -60))(lng, lat);
  const settings = {
    isUnroutable,
    maxCoordinates: options.maxCoordinates ?? 500,
    maxTableSize: options.maxTableSize ?? 100,
    segmentsPerLeg: options.segmentsPerLeg ?? 4,
  };
  return startFakeServer(options, (_url, request) => route(request, settings), {
    code: 'Ok',
    routes: 'not-an-array',
    waypoints: null,
  });
}

/**
 * @param {import('node:http').IncomingMessage} request
 * @param {{isUnroutable: (lng: number, lat: number) => boolean, maxCoordinates: number, maxTableSize: number, segmentsPerLeg: number}} settings
 */
function route(request, settings) {
  const rawPath = (request.url ?? '/').split('?')[0];
  const match = PATH.exec(rawPath);
  if (!match) {
    const service = rawPath.split('/')[1] ?? '';
    if (/^\/[a-z]+\/v1\/[^/]+\/./.test(rawPath))
      return error('InvalidService', `Service ${service} not found!`);
    return error(
      'InvalidUrl',
      `URL string malformed close to position 1: "${rawPath.slice(0, 16)}"`,
    );
  }
  const [, service, profile, coordinateText] = match;
  const isTable = service === 'table';
  const optionValues = isTable ? TABLE_OPTION_VALUES : OPTION_VALUES;
  const listOptions = isTable ? TABLE_LIST_OPTIONS : LIST_OPTIONS;
  const target = request.url ?? '';
  const rawSearch = target.includes('?') ? target.slice(target.indexOf('?') + 1) : '';
  // OSRM parses "coordinates?options" as one query and reports the position where it stopped.
  const malformed = (/** @type {number} */ position) =>
    error('InvalidQuery', `Query string malformed close to position ${position}`);

  const coordinates = [];
  let position = 0;
  for (const pair of coordinateText.split(';')) {
    const parts = pair.split(',');
    if (parts.length !== 2 || !NUMBER.test(parts[0]) || !NUMBER.test(parts[1])) {
      return malformed(position + Math.max(0, firstBadOffset(pair)));
    }
    coordinates.push([Number(parts[0]), Number(parts[1])]);
    position += pair.length + 1;
  }

  const params = new URLSearchParams(rawSearch);
  let offset = coordinateText.length + 1;
  for (const part of rawSearch ? rawSearch.split('&') : []) {
    const [key, value = ''] = part.split('=');
    const decoded = decodeURIComponent(value);
    /** @type {ReadonlyArray<string | RegExp> | undefined} */
    const allowed = optionValues[/** @type {keyof typeof optionValues} */ (key)];
    const valid = allowed
      ? allowed.some((rule) => (typeof rule === 'string' ? rule === decoded : rule.test(decoded)))
      : listOptions.includes(key);
    if (!valid) return malformed(offset + (allowed ? key.length + 1 : 0));
    offset += part.length + 1;
  }

  if (profile !== 'driving' && profile !== 'car')
    return error('InvalidService', `Service ${profile} not found!`);
  if (coordinates.length < 2)
    return error('InvalidOptions', 'Number of coordinates needs to be at least two.');
  if (isTable) return table(coordinates, params, settings);
  if (coordinates.length > settings.maxCoordinates) {
    return error(
      'TooBig',
      `Number of entries ${coordinates.length} is higher than current maximum (${settings.maxCoordinates})`,
    );
  }
  if (coordinates.some(([lng, lat]) => lng < -180 || lng > 180 || lat < -90 || lat > 90)) {
    return error('InvalidValue', 'Invalid coordinate value.');
  }
  if (coordinates.some(([lng, lat]) => settings.isUnroutable(lng, lat))) {
    return error('NoRoute', 'Impossible route between points');
  }

  const overview = params.get('overview') ?? 'simplified';
  const geometries = params.get('geometries') ?? 'polyline';
  const withSteps = params.get('steps') === 'true';
  const encode = (/** @type {number[][]} */ points) =>
    geometries === 'geojson'
      ? { type: 'LineString', coordinates: points }
      : encodePolyline(points, geometries === 'polyline6' ? 6 : 5);

  const legs = [];
  const linePoints = [];
  for (let i = 0; i < coordinates.length - 1; i++) {
    const from = coordinates[i];
    const to = coordinates[i + 1];
    const points = interpolate(from, to, settings.segmentsPerLeg);
    const { distance, duration } = roadBetween(from, to);
    linePoints.push(...(i === 0 ? points : points.slice(1)));
    const roadName = `Fake Road ${i + 1}`;
    legs.push({
      steps: withSteps ? legSteps(from, to, points, distance, duration, roadName, encode) : [],
      summary: withSteps ? roadName : '',
      weight: duration,
      duration,
      distance,
    });
  }
  const distance = round(
    legs.reduce((sum, leg) => sum + leg.distance, 0),
    1,
  );
  const duration = round(
    legs.reduce((sum, leg) => sum + leg.duration, 0),
    1,
  );
  const line =
    overview === 'full'
      ? linePoints
      : coordinates.map(([lng, lat]) => [round(lng, 6), round(lat, 6)]);

  return {
    status: 200,
    body: {
      code: 'Ok',
      routes: [
        {
          ...(overview === 'false' ? {} : { geometry: encode(line) }),
          legs,
          weight_name: 'routability',
          weight: duration,
          duration,
          distance,
        },
      ],
      waypoints: coordinates.map(([lng, lat], index) => ({
        hint: Buffer.from(`fake-hint-${index}-${lng},${lat}`).toString('base64url'),
        distance: 0,
        name: `Fake Road ${Math.min(index + 1, coordinates.length - 1)}`,
        location: [round(lng, 6), round(lat, 6)],
      })),
    },
  };
}

/**
 * The fake road model, shared by the route and table services: great-circle × DETOUR_FACTOR at
 * SPEED_MPS, rounded to 0.1 as OSRM does.
 * @param {number[]} from [lng, lat] @param {number[]} to [lng, lat]
 */
function roadBetween(from, to) {
  const distance = round(greatCircleMetres(from, to) * DETOUR_FACTOR, 1);
  return { distance, duration: round(distance / SPEED_MPS, 1) };
}

/**
 * The table service: durations and distances from each source to each destination (all
 * coordinates unless `sources` / `destinations` name indices). Like OSRM, a pair without a
 * route is null, and more than maxTableSize² pairs is TooBig.
 * @param {number[][]} coordinates
 * @param {URLSearchParams} params
 * @param {{isUnroutable: (lng: number, lat: number) => boolean, maxTableSize: number}} settings
 */
function table(coordinates, params, settings) {
  /** @param {string} name */
  const pick = (name) => {
    const value = params.get(name);
    if (value === null || value === 'all') return coordinates.map((_, i) => i);
    return value.split(';').map(Number);
  };
  const sources = pick('sources');
  const destinations = pick('destinations');
  if ([...sources, ...destinations].some((index) => index >= coordinates.length)) {
    return error('InvalidOptions', 'Index in sources or destinations is out of bounds.');
  }
  if (coordinates.some(([lng, lat]) => lng < -180 || lng > 180 || lat < -90 || lat > 90)) {
    return error('InvalidValue', 'Invalid coordinate value.');
  }
  if (sources.length * destinations.length > settings.maxTableSize ** 2) {
    return error('TooBig', 'Too many table coordinates');
  }
  const annotations = (params.get('annotations') ?? 'duration').split(',');
  const cell = (
    /** @type {number} */ i,
    /** @type {number} */ j,
    /** @type {'distance' | 'duration'} */ what,
  ) => {
    if (i === j) return 0;
    const from = coordinates[i];
    const to = coordinates[j];
    if (settings.isUnroutable(from[0], from[1]) || settings.isUnroutable(to[0], to[1])) return null;
    return roadBetween(from, to)[what];
  };
  const matrix = (/** @type {'distance' | 'duration'} */ what) =>
    sources.map((i) => destinations.map((j) => cell(i, j, what)));
  const waypoint = (/** @type {number} */ index) => {
    const [lng, lat] = coordinates[index];
    return {
      hint: Buffer.from(`fake-hint-${index}-${lng},${lat}`).toString('base64url'),
      distance: 0,
      name: `Fake Road ${index + 1}`,
      location: [round(lng, 6), round(lat, 6)],
    };
  };
  return {
    status: 200,
    body: {
      code: 'Ok',
      ...(annotations.includes('duration') ? { durations: matrix('duration') } : {}),
      ...(annotations.includes('distance') ? { distances: matrix('distance') } : {}),
      sources: sources.map(waypoint),
      destinations: destinations.map(waypoint),
    },
  };
}

/**
 * A depart step along the leg and the arrive step at its end, as OSRM emits them.
 * @param {number[]} from @param {number[]} to @param {number[][]} points
 * @param {number} distance @param {number} duration @param {string} name
 * @param {(points: number[][]) => unknown} encode
 */
function legSteps(from, to, points, distance, duration, name, encode) {
  const heading = bearing(from, to);
  const start = points[0];
  const end = points[points.length - 1];
  return [
    {
      geometry: encode(points),
      maneuver: { bearing_after: heading, bearing_before: 0, location: start, type: 'depart' },
      mode: 'driving',
      driving_side: 'right',
      name,
      intersections: [{ out: 0, entry: [true], bearings: [heading], location: start }],
      weight: duration,
      duration,
      distance,
    },
    {
      geometry: encode([end, end]),
      maneuver: { bearing_after: 0, bearing_before: heading, location: end, type: 'arrive' },
      mode: 'driving',
      driving_side: 'right',
      name,
      intersections: [{ in: 0, entry: [true], bearings: [(heading + 180) % 360], location: end }],
      weight: 0,
      duration: 0,
      distance: 0,
    },
  ];
}

/** Offset of the first character that cannot belong to "lng,lat". @param {string} pair */
function firstBadOffset(pair) {
  const index = pair.search(/[^0-9.,-]/);
  return index === -1 ? pair.length : index;
}

/** @param {string} code @param {string} message */
const error = (code, message) => ({ status: 400, body: { code, message } });
