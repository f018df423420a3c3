import { describe, expect, it } from 'vitest';
import {
  computeTable,
  createCachedTable,
  estimateTable,
  tableGroups,
  type TableBlock,
  type TableRequest,
  type TableService,
} from './routing-table.ts';
import type { RouterFailure } from './router-http.ts';
import { FALLBACK_SPEED_METERS_PER_SECOND, greatCircleMeters, type LatLng } from './domain/geo.ts';
import type { SharedState } from './shared-state.ts';

const points = (n: number): LatLng[] =>
  Array.from({ length: n }, (_, i) => ({ lat: 45 + i / 100, lng: 4 + (i % 7) / 100 }));

/**
 * A router whose road from a to b is 1000 * index(a) + index(b) metres (asymmetric, so a
 * transposed or misplaced block shows), found by the point's position in `all`.
 */
function fakeTable(all: LatLng[], options: { failOnCall?: number; noRouteTo?: LatLng } = {}) {
  const requests: TableRequest[] = [];
  const service: TableService = async (request): Promise<TableBlock | RouterFailure> => {
    requests.push(request);
    if (options.failOnCall === requests.length) return { failure: 'unavailable', reason: 'down' };
    const destinations = request.destinations ?? request.sources;
    const cell = (from: LatLng, to: LatLng, scale: number) =>
      from === to
        ? 0
        : to === options.noRouteTo
          ? null
          : scale * (1000 * all.indexOf(from) + all.indexOf(to));
    return {
      distances: request.sources.map((from) => destinations.map((to) => cell(from, to, 1))),
      durations: request.sources.map((from) => destinations.map((to) => cell(from, to, 0.1))),
    };
  };
  return { service, requests };
}

describe('tableGroups', () => {
  it('covers every index once in groups of at most the size', () => {
    expect(tableGroups(5, 2)).toEqual([[0, 1], [2, 3], [4]]);
    expect(tableGroups(3, 100)).toEqual([[0, 1, 2]]);
    expect(tableGroups(250, 100).map((group) => group.length)).toEqual([100, 100, 50]);
  });
});

describe('computeTable', () => {
  it('asks for one all-to-all request when the stops fit in one block', async () => {
    const stops = points(4);
    const { service, requests } = fakeTable(stops);
    const table = await computeTable(service, stops, { blockSize: 4 });
    expect(requests).toEqual([{ sources: stops }]);
    expect(table.estimated).toBe(false);
    expect(table.distances[1][3]).toBe(1003);
    expect(table.distances[3][1]).toBe(3001);
    expect(table.durations[3][1]).toBeCloseTo(300.1, 6);
  });

  it('assembles blocks of at most N x N sources and destinations in their places', async () => {
    const stops = points(7);
    const { service, requests } = fakeTable(stops);
    const table = await computeTable(service, stops, { blockSize: 3 });
    // 3 groups ([0-2], [3-5], [6]): 9 blocks, the diagonal ones all-to-all.
    expect(requests).toHaveLength(9);
    for (const request of requests) {
      expect(request.sources.length).toBeLessThanOrEqual(3);
      expect((request.destinations ?? request.sources).length).toBeLessThanOrEqual(3);
    }
    expect(requests.filter((request) => !request.destinations)).toHaveLength(3);
    for (let i = 0; i < 7; i++) {
      for (let j = 0; j < 7; j++)
        expect(table.distances[i][j], `${i} -> ${j}`).toBe(i === j ? 0 : 1000 * i + j);
    }
  });

  it('estimates every pair when one block fails, and asks no further', async () => {
    const stops = points(7);
    const { service, requests } = fakeTable(stops, { failOnCall: 2 });
    const table = await computeTable(service, stops, { blockSize: 3 });
    expect(requests).toHaveLength(2);
    expect(table).toEqual(estimateTable(stops));
    expect(table.estimated).toBe(true);
  });

  it('estimates every pair when the router has no table service', async () => {
    const stops = points(3);
    expect(await computeTable(undefined, stops, { blockSize: 100 })).toEqual(estimateTable(stops));
  });

  it('gives a pair without a road its straight-line estimate, and keeps the rest', async () => {
    const stops = points(3);
    const { service } = fakeTable(stops, { noRouteTo: stops[2] });
    const table = await computeTable(service, stops, { blockSize: 100 });
    expect(table.estimated).toBe(false);
    expect(table.distances[0][1]).toBe(1);
    const straight = greatCircleMeters(stops[0], stops[2]);
    expect(table.distances[0][2]).toBeCloseTo(straight, 0);
    expect(table.durations[0][2]).toBeCloseTo(straight / FALLBACK_SPEED_METERS_PER_SECOND, 0);
  });
});

describe('estimateTable', () => {
  it('is the great-circle distance at the fallback speed, 0 on the diagonal', () => {
    const stops = points(3);
    const table = estimateTable(stops);
    expect(table.distances[0][0]).toBe(0);
    expect(table.distances[0][2]).toBeCloseTo(greatCircleMeters(stops[0], stops[2]), 0);
    expect(table.durations[2][0]).toBeCloseTo(
      greatCircleMeters(stops[2], stops[0]) / FALLBACK_SPEED_METERS_PER_SECOND,
      0,
    );
  });
});

describe('createCachedTable', () => {
  function memoryState(): SharedState {
    const store = new Map<string, unknown>();
    return {
      async cacheGet(keys) {
        return new Map(keys.filter((key) => store.has(key)).map((key) => [key, store.get(key)]));
      },
      async cachePut(entries) {
        for (const { key, value } of entries) store.set(key, value);
      },
      async takeToken() {
        return { allowed: true, retryAfterSeconds: 0 };
      },
      async claimSlot() {
        return null;
      },
    };
  }

  it('reuses a known block, shares concurrent identical requests and never caches a failure', async () => {
    const stops = points(5);
    const { service, requests } = fakeTable(stops, { failOnCall: 1 });
    const cached = createCachedTable(service, memoryState(), 60);
    expect(await cached({ sources: stops })).toMatchObject({ failure: 'unavailable' });
    const [first, second] = await Promise.all([
      cached({ sources: stops }),
      cached({ sources: stops }),
    ]);
    expect(second).toEqual(first);
    expect(requests).toHaveLength(2);
    expect(await cached({ sources: stops })).toEqual(first);
    expect(requests).toHaveLength(2);
    // Other sources and destinations are another block.
    await cached({ sources: stops.slice(0, 2), destinations: stops.slice(2) });
    expect(requests).toHaveLength(3);
  });
});
