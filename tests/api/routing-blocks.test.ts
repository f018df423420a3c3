// The route table one block at a time, against the fake OSRM: GET /api/routes/limits and POST
// /api/routes/table/block (one router request per block, cached; the estimate, flagged, when
// the router fails on it).
import { afterEach, describe, expect, it } from 'vitest';
import { call, fakes, uniquePoints } from './client.ts';

afterEach(async () => {
  await fakes.setMode('osrm', 'ok');
});

type Table = { distances: number[][]; durations: number[][]; estimated: boolean };

/** The router's table limit on this stack (ROUTER_TABLE_MAX_COORDINATES' default). */
const LIMIT = 100;

/** What the fake router was asked for its table service: the coordinates of each request. */
async function tableRequests() {
  return (await fakes.requests('osrm'))
    .filter((request) => request.path.startsWith('/table/'))
    .map((request) => {
      const [coordinates, query] = request.path.slice('/table/v1/driving/'.length).split('?');
      const points = coordinates.split(';');
      const sources = new URLSearchParams(query).get('sources');
      return {
        points,
        count: sources ? sources.split(';').length : points.length,
        path: request.path,
      };
    });
}

describe('GET /api/routes/limits', () => {
  it('says the router’s table limit and the spacing of router requests', async () => {
    const answer = await call('GET', '/routes/limits');
    expect(answer.status).toBe(200);
    // This stack asks its router without spacing (UPSTREAM_MIN_INTERVAL_MS=0).
    expect(answer.body).toEqual({ tableMaxCoordinates: LIMIT, upstreamIntervalMs: 0 });
  });
});

describe('POST /api/routes/table/block', () => {
  it('answers one block of the table in one router request, and the same block from the cache', async () => {
    const points = uniquePoints(5);
    const whole = await call<Table>('POST', '/routes/table', { body: { stops: points } });
    await fakes.clearRequests('osrm');
    const sources = points.slice(0, 3);
    const destinations = points.slice(3);
    const block = await call<Table>('POST', '/routes/table/block', {
      body: { sources, destinations },
    });
    expect(block.status).toBe(200);
    expect(block.body).toEqual({
      distances: whole.body.distances.slice(0, 3).map((row) => row.slice(3)),
      durations: whole.body.durations.slice(0, 3).map((row) => row.slice(3)),
      estimated: false,
    });
    const asked = await tableRequests();
    expect(asked).toHaveLength(1);
    expect(asked[0].path).toContain('sources=0;1;2&destinations=3;4');
    // Asked again: the route service's cache answers, the router hears nothing.
    expect(
      (await call('POST', '/routes/table/block', { body: { sources, destinations } })).body,
    ).toEqual(block.body);
    expect(await tableRequests()).toHaveLength(1);
    // Without destinations: between the sources.
    const square = await call<Table>('POST', '/routes/table/block', { body: { sources } });
    expect(square.body.distances).toEqual(
      whole.body.distances.slice(0, 3).map((row) => row.slice(0, 3)),
    );
  });

  it('answers the great-circle estimate, flagged, when the router fails on the block', async () => {
    await fakes.setMode('osrm', 'down');
    const block = await call<Table>('POST', '/routes/table/block', {
      body: { sources: uniquePoints(2), destinations: uniquePoints(2) },
    });
    expect(block.status).toBe(200);
    expect(block.body.estimated).toBe(true);
    expect(block.body.distances[0][1]).toBeGreaterThan(0);
  });

  it.each([
    [{}, 'sources must be an array of {lat, lng}'],
    [{ sources: [] }, 'sources must hold at least one point'],
    [
      { sources: uniquePoints(LIMIT + 1) },
      `sources must hold at most ${LIMIT} points (the router's table limit)`,
    ],
    [
      { sources: uniquePoints(2), destinations: uniquePoints(LIMIT + 1) },
      `destinations must hold at most ${LIMIT} points (the router's table limit)`,
    ],
    [{ sources: [{ lat: 91, lng: 0 }] }, 'sources.0: lat must be between -90 and 90'],
  ])('refuses %j with 400', async (body, error) => {
    const answer = await call('POST', '/routes/table/block', { body });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ error });
  });
});
