// The SPA's loader of a day's road table (src/lib/routing/api/road-table.ts) over this stack and
// the fake OSRM: the order the blocks reach the router, a second load that asks nothing, and a
// block the router fails on.
import { afterEach, describe, expect, it } from 'vitest';
import { apiUrl, call, fakes, uniquePoints } from './client.ts';
import type { LatLng } from '@domain/geo.ts';
import {
  forgetRoadTables,
  loadRoadTable,
  type BlockFetcher,
  type BlockReply,
} from '../../src/lib/routing/api/road-table';
import { planBlocks } from '../../src/lib/routing/model/table-blocks';

afterEach(async () => {
  await fakes.setMode('osrm', 'ok');
  forgetRoadTables();
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

/** The SPA's block fetcher, over plain fetch: a refusal keeps its status and Retry-After. */
const postBlock: BlockFetcher = async (sources, destinations, signal) => {
  const response = await fetch(`${apiUrl()}/routes/table/block`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(destinations ? { sources, destinations } : { sources }),
    signal,
  });
  const body = (await response.json()) as BlockReply & { error?: string };
  if (!response.ok) throw Object.assign(new Error(body.error), { status: response.status });
  return body;
};
const limits = async () =>
  (await call<{ tableMaxCoordinates: number; upstreamIntervalMs: number }>('GET', '/routes/limits'))
    .body;
const osrmKey = (p: LatLng) => `${p.lng.toFixed(6)},${p.lat.toFixed(6)}`;

describe('a day’s road table in blocks (the SPA’s loader)', () => {
  it('asks the router block by block, the blocks within groups first, and the table is the whole table', async () => {
    const points = uniquePoints(250);
    await fakes.clearRequests('osrm');
    const table = await loadRoadTable(points, { fetch: postBlock, limits });
    expect(table).not.toBeNull();
    const asked = await tableRequests();
    // 250 places at 100 a block: 3 groups, 9 blocks, each one router request.
    expect(asked).toHaveLength(9);
    const plan = planBlocks(points, LIMIT);
    const expected = plan.blocks.map(({ from, to }) => {
      const at = (group: number) => plan.groups[group].map((index) => osrmKey(points[index]));
      return from === to ? at(from) : [...at(from), ...at(to)];
    });
    // In the planned order; two are asked at a time, so neighbours may arrive swapped.
    const planned = expected.map((keys) => keys.join(';'));
    const places = asked.map((request) => planned.indexOf(request.points.join(';')));
    expect([...places].sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    places.forEach((place, arrived) => expect(Math.abs(place - arrived)).toBeLessThanOrEqual(1));
    // The three blocks within a group come first in the plan; a block between two groups, and
    // only such a block, names its destinations.
    expect(plan.blocks.slice(0, 3).every(({ from, to }) => from === to)).toBe(true);
    asked.forEach((request, arrived) => {
      const { from, to } = plan.blocks[places[arrived]];
      expect(request.path.includes('destinations=')).toBe(from !== to);
    });

    const whole = await call<Table>('POST', '/routes/table', { body: { stops: points } });
    expect(Array.from(table!.distances)).toEqual(whole.body.distances.flat());
    expect(Array.from(table!.durations)).toEqual(whole.body.durations.flat());
  });

  it('asks nothing the second time for the same places, in another order', async () => {
    const points = uniquePoints(150);
    let posts = 0;
    const counted: BlockFetcher = (...args) => {
      posts += 1;
      return postBlock(...args);
    };
    await loadRoadTable(points, { fetch: counted, limits });
    expect(posts).toBe(4);
    await fakes.clearRequests('osrm');
    await loadRoadTable([...points].reverse(), { fetch: counted, limits });
    expect(posts).toBe(4);
    expect(await tableRequests()).toEqual([]);
    // Another page (no blocks kept): the route service's cache answers; the router hears nothing.
    forgetRoadTables();
    await loadRoadTable(points, { fetch: counted, limits });
    expect(posts).toBe(8);
    expect(await tableRequests()).toEqual([]);
  });

  it('asks a failing block again; when it fails again there is no road table', async () => {
    const points = uniquePoints(250);
    let posts = 0;
    /** The router goes down for the fourth block's first request only. */
    const flaky: BlockFetcher = async (...args) => {
      posts += 1;
      if (posts === 4) await fakes.setMode('osrm', 'down');
      try {
        return await postBlock(...args);
      } finally {
        if (posts === 4) await fakes.setMode('osrm', 'ok');
      }
    };
    const table = await loadRoadTable(points, {
      fetch: flaky,
      limits,
      wait: async () => {},
    });
    expect(table).not.toBeNull();
    const whole = await call<Table>('POST', '/routes/table', { body: { stops: points } });
    expect(Array.from(table!.distances)).toEqual(whole.body.distances.flat());

    forgetRoadTables();
    const fresh = uniquePoints(250);
    posts = 0;
    const failing: BlockFetcher = async (...args) => {
      posts += 1;
      if (posts === 4) await fakes.setMode('osrm', 'down');
      return postBlock(...args);
    };
    expect(await loadRoadTable(fresh, { fetch: failing, limits, wait: async () => {} })).toBeNull();
  });
});
