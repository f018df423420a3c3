// The fakes must look like the real services to whoever calls them: same shapes, same
// error codes, same failure behaviours. These tests pin that down.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  DETOUR_FACTOR,
  GAZETTEER,
  OCEAN_POINT,
  SPEED_MPS,
  greatCircleMetres,
  startFakeNominatim,
  startFakeOsrm,
  startFakePhoton,
} from './index.mjs';

type FakeServer = Awaited<ReturnType<typeof startFakeNominatim>>;

const getJson = async (url: string, init?: RequestInit) => {
  const response = await fetch(url, init);
  return { status: response.status, body: await response.json() };
};

/** Decodes an encoded polyline into [lng, lat] pairs. */
function decodePolyline(text: string, precision = 5): number[][] {
  const factor = 10 ** precision;
  const points: number[][] = [];
  let index = 0;
  let lat = 0;
  let lng = 0;
  const next = () => {
    let result = 0;
    let shift = 0;
    let byte: number;
    do {
      byte = text.charCodeAt(index++) - 63;
      result |= (byte & 0x1f) << shift;
      shift += 5;
    } while (byte >= 0x20);
    return result & 1 ? ~(result >> 1) : result >> 1;
  };
  while (index < text.length) {
    lat += next();
    lng += next();
    points.push([lng / factor, lat / factor]);
  }
  return points;
}

describe('fake Nominatim', () => {
  let nominatim: FakeServer;
  beforeAll(async () => {
    nominatim = await startFakeNominatim();
  });
  afterAll(() => nominatim.close());
  afterEach(() => nominatim.setMode('ok'));

  it('listens on loopback and logs each request with its headers', async () => {
    expect(nominatim.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    nominatim.requests.length = 0;
    await fetch(`${nominatim.url}/search?q=paris&format=json`, {
      headers: { 'user-agent': 'route-planner-tests/1.0' },
    });
    expect(nominatim.requests).toHaveLength(1);
    expect(nominatim.requests[0]).toMatchObject({
      method: 'GET',
      path: '/search?q=paris&format=json',
    });
    expect(nominatim.requests[0].headers['user-agent']).toBe('route-planner-tests/1.0');
  });

  it('searches like format=json: an array of places with lat, lon and the bounding box as strings', async () => {
    const { status, body } = await getJson(
      `${nominatim.url}/search?q=Times%20Square&format=json&limit=5`,
    );
    expect(status).toBe(200);
    expect(body).toHaveLength(1);
    const [place] = body;
    expect(Object.keys(place).sort()).toEqual(
      [
        'addresstype',
        'boundingbox',
        'class',
        'display_name',
        'importance',
        'lat',
        'licence',
        'lon',
        'name',
        'osm_id',
        'osm_type',
        'place_id',
        'place_rank',
        'type',
      ].sort(),
    );
    expect(place).toMatchObject({ name: 'Times Square', lat: '40.7570095', lon: '-73.9859724' });
    expect(typeof place.place_id).toBe('number');
    expect(place.boundingbox).toHaveLength(4);
    expect(place.boundingbox.every((edge: unknown) => typeof edge === 'string')).toBe(true);
    const [south, north, west, east] = place.boundingbox.map(Number);
    expect(south).toBeLessThan(north);
    expect(west).toBeLessThan(east);
  });

  it('matches case- and accent-insensitively, by substring or by all words', async () => {
    const names = async (q: string) =>
      (await getJson(`${nominatim.url}/search?q=${encodeURIComponent(q)}&format=json`)).body.map(
        (p: { name: string }) => p.name,
      );
    expect(await names('PARIS')).toEqual(['Paris']);
    expect(await names('lyon')).toEqual(['Lyon']);
    expect(await names('sao paulo')).toEqual(['São Paulo']);
    expect(await names('empire state building new york')).toEqual(['Empire State Building']);
    expect(await names('new york')).toEqual([
      'Empire State Building',
      'Times Square',
      'Brooklyn Bridge',
    ]);
    expect(await names('Atlantis')).toEqual([]);
  });

  it('honours limit, addressdetails and format=jsonv2', async () => {
    const limited = await getJson(`${nominatim.url}/search?q=new%20york&format=json&limit=1`);
    expect(limited.body).toHaveLength(1);
    const detailed = await getJson(
      `${nominatim.url}/search?q=berlin&format=json&addressdetails=1&accept-language=en`,
    );
    expect(detailed.body[0].address).toMatchObject({
      city: 'Berlin',
      country: 'Germany',
      country_code: 'de',
    });
    const v2 = await getJson(`${nominatim.url}/search?q=berlin&format=jsonv2`);
    expect(v2.body[0]).toMatchObject({ category: 'boundary' });
    expect(v2.body[0]).not.toHaveProperty('class');
  });

  it('answers a search without q with HTTP 400', async () => {
    const { status, body } = await getJson(`${nominatim.url}/search?format=json`);
    expect(status).toBe(400);
    expect(body.error).toMatchObject({ code: 400 });
  });

  it('reverse-geocodes to the nearest known place, with the address and a lower-case country code', async () => {
    const { status, body } = await getJson(
      `${nominatim.url}/reverse?lat=40.758&lon=-73.9855&format=json&zoom=18&addressdetails=1`,
    );
    expect(status).toBe(200);
    expect(body).toMatchObject({ name: 'Times Square', lat: '40.7570095', lon: '-73.9859724' });
    expect(body.address).toMatchObject({ country: 'United States', country_code: 'us' });
    expect(typeof body.display_name).toBe('string');
    expect(body.boundingbox).toHaveLength(4);
  });

  it('cannot reverse-geocode the middle of the ocean', async () => {
    const [lng, lat] = OCEAN_POINT;
    const { status, body } = await getJson(
      `${nominatim.url}/reverse?lat=${lat}&lon=${lng}&format=json`,
    );
    expect(status).toBe(200);
    expect(body).toEqual({ error: 'Unable to geocode' });
  });

  it('refuses a reverse lookup without coordinates', async () => {
    expect((await getJson(`${nominatim.url}/reverse?lat=abc&format=json`)).status).toBe(400);
  });

  it('goes down (503), returns garbage, or stalls on demand', async () => {
    nominatim.setMode('down');
    expect((await fetch(`${nominatim.url}/search?q=paris&format=json`)).status).toBe(503);

    nominatim.setMode('garbage');
    const html = await fetch(`${nominatim.url}/search?q=paris&format=json`);
    expect(html.status).toBe(200);
    await expect(html.json()).rejects.toThrow();

    nominatim.setMode('garbage', { garbage: 'json' });
    const wrong = await getJson(`${nominatim.url}/search?q=paris&format=json`);
    expect(wrong.status).toBe(200);
    expect(wrong.body[0]).not.toHaveProperty('display_name');

    nominatim.setMode('slow', { delayMs: 400 });
    await expect(
      fetch(`${nominatim.url}/search?q=paris&format=json`, { signal: AbortSignal.timeout(100) }),
    ).rejects.toThrow();
    const started = Date.now();
    const late = await getJson(`${nominatim.url}/search?q=paris&format=json`);
    expect(Date.now() - started).toBeGreaterThanOrEqual(350);
    expect(late.body[0].name).toBe('Paris');

    expect(() => nominatim.setMode('broken' as never)).toThrow(/unknown mode/);
  });
});

describe('fake OSRM', () => {
  let osrm: FakeServer;
  beforeAll(async () => {
    osrm = await startFakeOsrm({ unroutable: [OCEAN_POINT, [10.5, 10.5]] });
  });
  afterAll(() => osrm.close());
  afterEach(() => osrm.setMode('ok'));

  const paris = [2.3522, 48.8566];
  const dijon = [5.0415, 47.322];
  const lyon = [4.8357, 45.764];
  const routeUrl = (points: number[][], query = 'overview=full&geometries=geojson') =>
    `${osrm.url}/route/v1/driving/${points.map((p) => p.join(',')).join(';')}${query ? `?${query}` : ''}`;

  it('routes through every stop with the real response shape', async () => {
    const { status, body } = await getJson(routeUrl([paris, dijon, lyon]));
    expect(status).toBe(200);
    expect(body.code).toBe('Ok');
    expect(body.routes).toHaveLength(1);
    const [route] = body.routes;
    expect(Object.keys(route).sort()).toEqual([
      'distance',
      'duration',
      'geometry',
      'legs',
      'weight',
      'weight_name',
    ]);
    expect(route.weight_name).toBe('routability');
    expect(route.legs).toHaveLength(2);
    for (const leg of route.legs) {
      expect(Object.keys(leg).sort()).toEqual([
        'distance',
        'duration',
        'steps',
        'summary',
        'weight',
      ]);
      expect(leg.steps).toEqual([]);
    }
    expect(route.geometry.type).toBe('LineString');
    expect(route.geometry.coordinates[0]).toEqual(paris);
    expect(route.geometry.coordinates.at(-1)).toEqual(lyon);
    expect(route.geometry.coordinates.length).toBeGreaterThan(3);
    expect(body.waypoints.map((w: { location: number[] }) => w.location)).toEqual([
      paris,
      dijon,
      lyon,
    ]);
    for (const waypoint of body.waypoints) {
      expect(Object.keys(waypoint).sort()).toEqual(['distance', 'hint', 'location', 'name']);
    }
  });

  it('computes distance as great-circle × 1.3 and duration at 13.9 m/s', async () => {
    const { body } = await getJson(routeUrl([paris, dijon, lyon]));
    const [route] = body.routes;
    const expected =
      (greatCircleMetres(paris, dijon) + greatCircleMetres(dijon, lyon)) * DETOUR_FACTOR;
    expect(route.distance).toBeCloseTo(expected, 0);
    expect(route.duration).toBeCloseTo(route.distance / SPEED_MPS, 0);
    expect(route.legs[0].distance + route.legs[1].distance).toBeCloseTo(route.distance, 0);
    expect(route.distance / 1000).toBeGreaterThan(500);
    expect(route.distance / 1000).toBeLessThan(700);
  });

  it('adds turn-by-turn steps with geometry, mode and maneuver when steps=true', async () => {
    const { body } = await getJson(
      routeUrl([paris, lyon], 'overview=full&geometries=geojson&steps=true'),
    );
    const [leg] = body.routes[0].legs;
    expect(leg.steps.length).toBeGreaterThanOrEqual(2);
    for (const step of leg.steps) {
      expect(step).toMatchObject({ mode: 'driving', geometry: { type: 'LineString' } });
      expect(step.maneuver).toHaveProperty('location');
      expect(step.maneuver).toHaveProperty('type');
      expect(typeof step.distance).toBe('number');
      expect(typeof step.duration).toBe('number');
      expect(typeof step.name).toBe('string');
    }
    expect(leg.steps[0].maneuver.type).toBe('depart');
    expect(leg.steps.at(-1).maneuver.type).toBe('arrive');
    expect(leg.summary).not.toBe('');
  });

  it('encodes the geometry as a polyline by default, like OSRM', async () => {
    const { body } = await getJson(routeUrl([paris, lyon], 'overview=full'));
    const geometry = body.routes[0].geometry;
    expect(typeof geometry).toBe('string');
    const points = decodePolyline(geometry);
    expect(points[0]).toEqual(paris);
    expect(points.at(-1)).toEqual(lyon);
  });

  it('leaves the geometry out with overview=false', async () => {
    const { body } = await getJson(routeUrl([paris, lyon], 'overview=false'));
    expect(body.routes[0]).not.toHaveProperty('geometry');
  });

  it.each([
    ['a coordinate that is not a number', '2.3522,48.8566;abc,45.764', 15],
    ['a coordinate without latitude', '2.3522,48.8566;4.8357', 21],
  ])('answers %s with 400 InvalidQuery', async (_, coordinates, position) => {
    const { status, body } = await getJson(
      `${osrm.url}/route/v1/driving/${coordinates}?overview=full`,
    );
    expect(status).toBe(400);
    expect(body).toEqual({
      code: 'InvalidQuery',
      message: `Query string malformed close to position ${position}`,
    });
  });

  it('answers an unknown option value with 400 InvalidQuery', async () => {
    const { status, body } = await getJson(routeUrl([paris, lyon], 'geometries=wkt'));
    expect(status).toBe(400);
    expect(body.code).toBe('InvalidQuery');
  });

  it('answers out-of-range coordinates with 400 InvalidValue, one stop with InvalidOptions', async () => {
    const outOfRange = await getJson(routeUrl([paris, [4.8, 95]]));
    expect(outOfRange).toEqual({
      status: 400,
      body: { code: 'InvalidValue', message: 'Invalid coordinate value.' },
    });
    const single = await getJson(routeUrl([paris]));
    expect(single.status).toBe(400);
    expect(single.body.code).toBe('InvalidOptions');
  });

  it.each([
    ['the middle of the ocean', OCEAN_POINT],
    ['a configured point', [10.5, 10.5]],
    ['Antarctica (lat < -60)', [0, -75]],
  ])('cannot route to %s: 400 NoRoute', async (_, point) => {
    const { status, body } = await getJson(routeUrl([paris, point as number[], lyon]));
    expect(status).toBe(400);
    expect(body).toEqual({ code: 'NoRoute', message: 'Impossible route between points' });
  });

  it('refuses more coordinates than its maximum with TooBig', async () => {
    const small = await startFakeOsrm({ maxCoordinates: 3 });
    try {
      const { status, body } = await getJson(
        `${small.url}/route/v1/driving/${[paris, dijon, lyon, paris].map((p) => p.join(',')).join(';')}`,
      );
      expect(status).toBe(400);
      expect(body.code).toBe('TooBig');
    } finally {
      await small.close();
    }
  });

  const tableUrl = (points: number[][], query = 'annotations=distance,duration') =>
    `${osrm.url}/table/v1/driving/${points.map((p) => p.join(',')).join(';')}${query ? `?${query}` : ''}`;

  it('answers the table service with the real shape and the same figures as the route legs', async () => {
    const { status, body } = await getJson(tableUrl([paris, dijon, lyon]));
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual([
      'code',
      'destinations',
      'distances',
      'durations',
      'sources',
    ]);
    expect(body.code).toBe('Ok');
    expect(body.sources.map((w: { location: number[] }) => w.location)).toEqual([
      paris,
      dijon,
      lyon,
    ]);
    expect(body.distances.map((row: number[], i: number) => row[i])).toEqual([0, 0, 0]);
    const route = await getJson(routeUrl([paris, dijon, lyon], 'overview=false'));
    const [toDijon, toLyon] = route.body.routes[0].legs;
    expect(body.distances[0][1]).toBe(toDijon.distance);
    expect(body.durations[1][2]).toBe(toLyon.duration);
    expect(body.distances[1][0]).toBe(body.distances[0][1]);
  });

  it('answers only the sources and destinations asked for, durations alone by default', async () => {
    const { body } = await getJson(tableUrl([paris, dijon, lyon], 'sources=0&destinations=1;2'));
    expect(body.durations).toHaveLength(1);
    expect(body.durations[0]).toHaveLength(2);
    expect(body).not.toHaveProperty('distances');
    expect(body.destinations.map((w: { location: number[] }) => w.location)).toEqual([dijon, lyon]);
  });

  it('answers null for a pair without a road, and TooBig beyond max-table-size squared pairs', async () => {
    const { body } = await getJson(tableUrl([paris, OCEAN_POINT as number[], lyon]));
    expect(body.distances[0][1]).toBeNull();
    expect(body.distances[0][2]).toBeGreaterThan(0);
    const small = await startFakeOsrm({ maxTableSize: 2 });
    try {
      const url = (query: string) =>
        `${small.url}/table/v1/driving/${[paris, dijon, lyon].map((p) => p.join(',')).join(';')}?${query}`;
      const tooBig = await getJson(url('annotations=distance'));
      expect(tooBig).toEqual({
        status: 400,
        body: { code: 'TooBig', message: 'Too many table coordinates' },
      });
      expect((await getJson(url('sources=0;1&destinations=2'))).status).toBe(200);
    } finally {
      await small.close();
    }
  });

  it('goes down, returns garbage or stalls on demand, and closes with a request pending', async () => {
    osrm.setMode('down');
    expect((await fetch(routeUrl([paris, lyon]))).status).toBe(503);
    osrm.setMode('garbage', { garbage: 'json' });
    const wrong = await getJson(routeUrl([paris, lyon]));
    expect(Array.isArray(wrong.body.routes)).toBe(false);

    const stalled = await startFakeOsrm({ mode: 'slow', modeOptions: { delayMs: 60_000 } });
    const pending = fetch(`${stalled.url}/route/v1/driving/2,48;3,47`).catch(
      (error: unknown) => error,
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    const started = Date.now();
    await stalled.close();
    expect(Date.now() - started).toBeLessThan(1000);
    expect(await pending).toBeInstanceOf(Error);
    expect(stalled.requests).toHaveLength(1);
  });
});

describe('start-fakes CLI', () => {
  it('starts both fakes on the given ports and prints their URLs', async () => {
    const script = fileURLToPath(new URL('./start-fakes.mjs', import.meta.url));
    const child = spawn(process.execPath, [script], { stdio: ['ignore', 'pipe', 'inherit'] });
    try {
      let output = '';
      child.stdout.setEncoding('utf8');
      await new Promise<void>((resolve, reject) => {
        child.stdout.on('data', (chunk: string) => {
          output += chunk;
          if (output.includes('OSRM_URL=')) resolve();
        });
        child.once('exit', (code) => reject(new Error(`exited early (${code}): ${output}`)));
      });
      const nominatimUrl = /NOMINATIM_URL=(\S+)/.exec(output)?.[1];
      const osrmUrl = /OSRM_URL=(\S+)/.exec(output)?.[1];
      expect(nominatimUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect((await getJson(`${nominatimUrl}/search?q=rome&format=json`)).body[0].name).toBe(
        'Rome',
      );
      expect((await getJson(`${osrmUrl}/route/v1/driving/12.48,41.89;12.5,41.9`)).body.code).toBe(
        'Ok',
      );
    } finally {
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
  });
});

describe('fake Photon', () => {
  let photon: FakeServer;
  beforeAll(async () => {
    photon = await startFakePhoton();
  });
  afterAll(() => photon.close());
  afterEach(() => photon.setMode('ok'));

  it("answers /api with Photon's GeoJSON: Point features, [lon, lat], upper-case countrycode, extent", async () => {
    const { status, body } = await getJson(`${photon.url}/api?q=empire%20sta`);
    expect(status).toBe(200);
    expect(body.type).toBe('FeatureCollection');
    expect(body.features).toHaveLength(1);
    const [feature] = body.features;
    expect(feature).toMatchObject({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [-73.9856589, 40.7484421] },
      properties: {
        osm_type: 'W',
        osm_id: 34633854,
        name: 'Empire State Building',
        housenumber: '350',
        street: '5th Avenue',
        city: 'New York',
        country: 'United States',
        countrycode: 'US',
      },
    });
    const [minLon, maxLat, maxLon, minLat] = feature.properties.extent;
    expect(minLon).toBeLessThan(maxLon);
    expect(minLat).toBeLessThan(maxLat);
  });

  it('prefers places near lat/lon, keeps only places inside bbox, and records what it received', async () => {
    photon.requests.length = 0;
    const cities = async (query: string) =>
      (await getJson(`${photon.url}/api?${query}`)).body.features.map(
        (f: { properties: { city: string } }) => f.properties.city,
      );
    expect(await cities('q=main&lat=42.1&lon=-72.59&zoom=12')).toEqual(['Springfield', 'Hartford']);
    expect(await cities('q=main&lat=41.76&lon=-72.67')).toEqual(['Hartford', 'Springfield']);
    expect(await cities('q=main&bbox=-73,41.5,-72.5,41.9')).toEqual(['Hartford']);
    expect(photon.requests.map((r) => r.path)).toEqual([
      '/api?q=main&lat=42.1&lon=-72.59&zoom=12',
      '/api?q=main&lat=41.76&lon=-72.67',
      '/api?q=main&bbox=-73,41.5,-72.5,41.9',
    ]);
  });

  it('refuses what Photon refuses with 400 {message}: no q, a language it has no names for, a bad bbox', async () => {
    for (const query of ['', 'q=paris&lang=es', 'q=paris&bbox=1,2,3', 'q=paris&lat=1']) {
      const { status, body } = await getJson(`${photon.url}/api?${query}`);
      expect(status, query).toBe(400);
      expect(typeof body.message, query).toBe('string');
    }
    expect((await getJson(`${photon.url}/api?q=paris&lang=fr`)).status).toBe(200);
  });

  it('marks a request the caller gave up on as aborted', async () => {
    photon.setMode('slow', { delayMs: 5000 });
    photon.requests.length = 0;
    const controller = new AbortController();
    const pending = fetch(`${photon.url}/api?q=paris`, { signal: controller.signal }).catch(
      () => 'aborted',
    );
    while (photon.requests.length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
    controller.abort();
    expect(await pending).toBe('aborted');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(photon.requests[0].aborted).toBe(true);
  });
});

describe('gazetteer', () => {
  it('has real places with plausible coordinates', () => {
    expect(GAZETTEER.length).toBeGreaterThanOrEqual(12);
    for (const place of GAZETTEER) {
      expect(Math.abs(place.lat)).toBeLessThanOrEqual(90);
      expect(Math.abs(place.lon)).toBeLessThanOrEqual(180);
      expect(place.address.country_code).toMatch(/^[a-z]{2}$/);
    }
  });
});
