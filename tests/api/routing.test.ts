import { afterEach, describe, expect, it } from 'vitest';
import { call, fakes, stops, uniquePoints } from './client.ts';
import { greatCircleMeters, FALLBACK_SPEED_METERS_PER_SECOND, type LatLng } from '@domain/geo.ts';
import { ROUTE_TABLE_MAX_STOPS } from '@domain/limits.ts';
import { DETOUR_FACTOR, SPEED_MPS, greatCircleMetres } from '../fakes/index.mjs';

/** A point the fake router cannot reach (Antarctic sea). */
const unreachable = { lat: -70, lng: 0 };

afterEach(async () => {
  await fakes.setMode('osrm', 'ok');
});

describe('POST /api/routes/segment', () => {
  it('answers the road line, distance and duration of one pair', async () => {
    const answer = await call('POST', '/routes/segment', {
      body: { from: stops.timesSquare, to: stops.unionSquare },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.estimated).toBe(false);
    expect(answer.body.distance).toBeGreaterThan(
      greatCircleMeters(stops.timesSquare, stops.unionSquare),
    );
    expect(answer.body.coordinates.length).toBeGreaterThanOrEqual(2);
    const [lat, lng] = answer.body.coordinates[0];
    expect(lat).toBeCloseTo(stops.timesSquare.lat, 2);
    expect(lng).toBeCloseTo(stops.timesSquare.lng, 2);
  });

  it('asks the router for full geometry as GeoJSON with lng,lat coordinates', async () => {
    await fakes.clearRequests('osrm');
    const [from, to] = uniquePoints(2);
    await call('POST', '/routes/segment', { body: { from, to } });
    const [request] = await fakes.requests('osrm');
    const expected = `/route/v1/driving/${from.lng.toFixed(6)},${from.lat.toFixed(6)};${to.lng.toFixed(6)},${to.lat.toFixed(6)}?`;
    expect(request.path.startsWith(expected), request.path).toBe(true);
    expect(request.path).toContain('overview=full');
    expect(request.path).toContain('geometries=geojson');
  });

  it('refuses bad points with 400', async () => {
    for (const body of [
      {},
      { from: stops.timesSquare },
      { from: { lat: 100, lng: 0 }, to: stops.unionSquare },
      { from: 'x', to: 'y' },
    ]) {
      const answer = await call('POST', '/routes/segment', { body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.error).toBeTruthy();
    }
  });
});

describe('POST /api/routes/total and /api/routes/legs', () => {
  const three = [stops.timesSquare, stops.empireState, stops.unionSquare];

  it('sums the legs into totalDistance and totalDuration', async () => {
    const total = await call('POST', '/routes/total', { body: { stops: three } });
    expect(total.status).toBe(200);
    expect(total.body.legs).toHaveLength(2);
    const sum = total.body.legs.reduce(
      (s: number, leg: { distance: number }) => s + leg.distance,
      0,
    );
    expect(total.body.totalDistance).toBeCloseTo(sum, 6);
    const legs = await call('POST', '/routes/legs', { body: { stops: three } });
    expect(legs.body.totalDistance).toBeCloseTo(total.body.totalDistance, 6);
    expect(
      legs.body.legs.every((leg: { coordinates: unknown[] }) => leg.coordinates.length >= 2),
    ).toBe(true);
  });

  it('needs at least 2 stops', async () => {
    const answer = await call('POST', '/routes/total', { body: { stops: [stops.timesSquare] } });
    expect(answer).toMatchObject({
      status: 400,
      body: { error: 'Add at least 2 stops to calculate route' },
    });
  });

  it('estimates only the legs the router cannot route, at 50 km/h in a straight line', async () => {
    const route = [
      stops.timesSquare,
      stops.empireState,
      unreachable,
      stops.unionSquare,
      stops.timesSquare,
    ];
    const answer = await call('POST', '/routes/legs', { body: { stops: route } });
    expect(answer.status).toBe(200);
    expect(answer.body.legs.map((leg: { estimated: boolean }) => leg.estimated)).toEqual([
      false,
      true,
      true,
      false,
    ]);
    const estimate = answer.body.legs[1];
    const straight = greatCircleMeters(stops.empireState, unreachable);
    expect(estimate.distance).toBeCloseTo(straight, 3);
    expect(estimate.duration).toBeCloseTo(straight / FALLBACK_SPEED_METERS_PER_SECOND, 3);
    expect(estimate.coordinates).toEqual([
      [stops.empireState.lat, stops.empireState.lng],
      [unreachable.lat, unreachable.lng],
    ]);
  });

  it('falls back to the estimate for every leg when the router is down, slow or answers garbage', async () => {
    for (const mode of ['down', 'slow', 'garbage']) {
      await fakes.setMode('osrm', mode);
      // Legs never routed before: cached legs would not reach the failing router.
      const three = uniquePoints(3);
      const answer = await call('POST', '/routes/total', { body: { stops: three } });
      expect(answer.status, mode).toBe(200);
      expect(
        answer.body.legs.every((leg: { estimated: boolean }) => leg.estimated),
        mode,
      ).toBe(true);
      const straight =
        greatCircleMeters(three[0], three[1]) + greatCircleMeters(three[1], three[2]);
      expect(answer.body.totalDistance).toBeCloseTo(straight, 3);
    }
  });

  it('routes 120 stops in requests of at most 100 waypoints that share their boundary stops', async () => {
    // Points never routed before, so no leg can come from the cache.
    const many = uniquePoints(120);
    await fakes.clearRequests('osrm');
    const answer = await call('POST', '/routes/total', { body: { stops: many } });
    expect(answer.status).toBe(200);
    expect(answer.body.legs).toHaveLength(119);
    expect(answer.body.legs.every((leg: { estimated: boolean }) => !leg.estimated)).toBe(true);
    const requests = await fakes.requests('osrm');
    // 119 legs, 99 per request of 100 waypoints.
    expect(requests).toHaveLength(2);
    expect(requests.map((request) => request.path.split('?')[0].split(';').length)).toEqual([
      100, 21,
    ]);
  });
});

describe('POST /api/routes/table', () => {
  type Table = { distances: number[][]; durations: number[][]; estimated: boolean };
  /** The fake router's road model (its earth radius, the coordinates sent at 6 decimals, 0.1 rounding). */
  const sent = (p: LatLng) => [Number(p.lng.toFixed(6)), Number(p.lat.toFixed(6))];
  const tenth = (value: number) => Math.round(value * 10) / 10;
  const road = (from: LatLng, to: LatLng) =>
    tenth(greatCircleMetres(sent(from), sent(to)) * DETOUR_FACTOR);

  function expectRoadTable(table: Table, points: LatLng[]) {
    expect(table.estimated).toBe(false);
    expect(table.distances).toHaveLength(points.length);
    expect(table.durations).toHaveLength(points.length);
    points.forEach((from, i) => {
      expect(table.distances[i]).toHaveLength(points.length);
      expect(table.durations[i]).toHaveLength(points.length);
      points.forEach((to, j) => {
        // One expect per cell would be 2 x 16,900 assertions: fail with the first wrong cell.
        const distance = road(from, to);
        const duration = tenth(distance / SPEED_MPS);
        if (table.distances[i][j] !== distance || table.durations[i][j] !== duration) {
          expect.fail(
            `${i} -> ${j}: ${table.distances[i][j]} m ${table.durations[i][j]} s, expected ${distance} m ${duration} s`,
          );
        }
      });
    });
  }

  function expectEstimatedTable(table: Table, points: LatLng[]) {
    expect(table.estimated).toBe(true);
    points.forEach((from, i) => {
      points.forEach((to, j) => {
        expect(table.distances[i][j]).toBeCloseTo(greatCircleMeters(from, to), 0);
        expect(table.durations[i][j]).toBeCloseTo(
          greatCircleMeters(from, to) / FALLBACK_SPEED_METERS_PER_SECOND,
          0,
        );
      });
    });
  }

  it('answers road distances and durations between every pair, from one table request', async () => {
    const points = uniquePoints(4);
    await fakes.clearRequests('osrm');
    const answer = await call<Table>('POST', '/routes/table', { body: { stops: points } });
    expect(answer.status).toBe(200);
    expectRoadTable(answer.body, points);
    const requests = await fakes.requests('osrm');
    expect(requests).toHaveLength(1);
    const coordinates = points.map((p) => `${p.lng.toFixed(6)},${p.lat.toFixed(6)}`).join(';');
    expect(requests[0].path).toBe(`/table/v1/driving/${coordinates}?annotations=distance,duration`);
  });

  it('assembles a table of more than 100 stops from blocks of at most 100 x 100', async () => {
    const points = uniquePoints(130);
    await fakes.clearRequests('osrm');
    const answer = await call<Table>('POST', '/routes/table', { body: { stops: points } });
    expect(answer.status).toBe(200);
    expectRoadTable(answer.body, points);
    // Groups [0-99] and [100-129]: two all-to-all blocks and the two between them.
    const requests = await fakes.requests('osrm');
    expect(requests).toHaveLength(4);
    expect(requests.every((request) => request.path.startsWith('/table/v1/driving/'))).toBe(true);

    // Asked again: every block comes from the cache.
    await fakes.clearRequests('osrm');
    const again = await call<Table>('POST', '/routes/table', { body: { stops: points } });
    expect(again.body).toEqual(answer.body);
    expect(await fakes.requests('osrm')).toHaveLength(0);
  });

  it('answers only the tables `include` names, the same figures', async () => {
    const points = uniquePoints(5);
    const both = await call<Table>('POST', '/routes/table', { body: { stops: points } });
    const distances = await call<Table>('POST', '/routes/table', {
      body: { stops: points, include: ['distances'] },
    });
    expect(distances.status).toBe(200);
    expect(distances.body).toEqual({ distances: both.body.distances, estimated: false });
    const durations = await call<Table>('POST', '/routes/table', {
      body: { stops: points, include: ['durations'] },
    });
    expect(durations.body).toEqual({ durations: both.body.durations, estimated: false });
    const named = await call<Table>('POST', '/routes/table', {
      body: { stops: points, include: ['durations', 'distances'] },
    });
    expect(named.body).toEqual(both.body);
  });

  it('estimates only the pairs the router has no road for', async () => {
    const points = [...uniquePoints(2), unreachable];
    const answer = await call<Table>('POST', '/routes/table', { body: { stops: points } });
    expect(answer.status).toBe(200);
    expect(answer.body.estimated).toBe(false);
    expect(answer.body.distances[0][1]).toBeCloseTo(road(points[0], points[1]), -1);
    expect(answer.body.distances[0][2]).toBeCloseTo(greatCircleMeters(points[0], unreachable), 0);
    expect(answer.body.distances[2][1]).toBeCloseTo(greatCircleMeters(unreachable, points[1]), 0);
  });

  it('falls back to great-circle estimates when the router is down, slow or answers garbage', async () => {
    for (const mode of ['down', 'slow', 'garbage']) {
      await fakes.setMode('osrm', mode);
      const points = uniquePoints(3);
      const answer = await call<Table>('POST', '/routes/table', { body: { stops: points } });
      expect(answer.status, mode).toBe(200);
      expectEstimatedTable(answer.body, points);
    }
  });

  it('refuses bad stops with 400', async () => {
    const bodies = [
      {},
      { stops: 'x' },
      { stops: [stops.timesSquare] },
      { stops: [stops.timesSquare, { lat: 91, lng: 0 }] },
      { stops: [stops.timesSquare, { lat: 0 }] },
      { stops: uniquePoints(ROUTE_TABLE_MAX_STOPS + 1) },
      { stops: uniquePoints(2), include: [] },
      { stops: uniquePoints(2), include: ['routes'] },
      { stops: uniquePoints(2), include: 'distances' },
    ];
    for (const body of bodies) {
      const answer = await call('POST', '/routes/table', { body });
      expect(answer.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(typeof answer.body.error).toBe('string');
    }
    const tooMany = await call('POST', '/routes/table', {
      body: { stops: uniquePoints(ROUTE_TABLE_MAX_STOPS + 1) },
    });
    expect(tooMany.body.error).toBe(`stops must hold at most ${ROUTE_TABLE_MAX_STOPS} points`);
  });
});
