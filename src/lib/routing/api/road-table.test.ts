import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LatLng } from '@domain/geo.ts';
import {
  forgetRoadTables,
  loadRoadTable,
  type BlockFetcher,
  type RoadTableProgress,
} from './road-table';

/** Places 0.01° apart on a line (about 1 km). */
const line = (count: number, start = 45) =>
  Array.from({ length: count }, (_, index) => ({ lat: start + index * 0.01, lng: 4.8 }));

/** A route service whose road is 1.3 x the latitude difference: metres, and seconds at 10 m/s. */
function fakeService(limit = 10) {
  const asked: { sources: LatLng[]; destinations: LatLng[] | null }[] = [];
  const metres = (a: LatLng, b: LatLng) => Math.round(Math.abs(a.lat - b.lat) * 111_000 * 1.3);
  const fetch = vi.fn<BlockFetcher>(async (sources, destinations) => {
    asked.push({ sources, destinations });
    const to = destinations ?? sources;
    const distances = sources.map((a) => to.map((b) => metres(a, b)));
    return {
      distances,
      durations: distances.map((row) => row.map((value) => value / 10)),
      estimated: false,
    };
  });
  return {
    fetch,
    asked,
    limits: async () => ({ tableMaxCoordinates: limit, upstreamIntervalMs: 1100 }),
  };
}

/** A clock that never waits, recording what it was asked to wait. */
const noWait = () => {
  const waits: number[] = [];
  return { waits, wait: async (ms: number) => void waits.push(ms) };
};

afterEach(() => {
  forgetRoadTables();
  vi.restoreAllMocks();
});

describe('loadRoadTable', () => {
  it('assembles the table from blocks of the table limit, the blocks within groups first', async () => {
    const service = fakeService(10);
    const places = line(25);
    const progress: RoadTableProgress[] = [];
    const table = await loadRoadTable(places, {
      ...service,
      onProgress: (step) => progress.push(step),
    });
    // 25 places at 10: 3 groups, 9 blocks; each a request of at most 10 x 10.
    expect(service.asked).toHaveLength(9);
    expect(
      service.asked.every(
        ({ sources, destinations }) => sources.length <= 10 && (destinations?.length ?? 0) <= 10,
      ),
    ).toBe(true);
    expect(service.asked.slice(0, 3).every(({ destinations }) => destinations === null)).toBe(true);
    expect(table?.size).toBe(25);
    // Every pair, in the places' own order.
    expect(table!.distances[0 * 25 + 24]).toBe(Math.round(0.24 * 111_000 * 1.3));
    expect(table!.durations[24 * 25 + 3]).toBe(Math.round(0.21 * 111_000 * 1.3) / 10);
    expect(progress.map(({ done, total }) => `${done}/${total}`)).toEqual([
      '0/9',
      '1/9',
      '2/9',
      '3/9',
      '4/9',
      '5/9',
      '6/9',
      '7/9',
      '8/9',
      '9/9',
    ]);
    // Before the first answer, the time left is the route service's spacing per block.
    expect(progress[0].leftMs).toBe(9 * 1100);
    expect(progress.at(-1)!.leftMs).toBe(0);
  });

  it('asks nothing the second time for the same places, whatever their order', async () => {
    const service = fakeService(10);
    const places = line(25);
    const first = await loadRoadTable(places, service);
    service.fetch.mockClear();
    const reordered = [...places].reverse();
    const progress: RoadTableProgress[] = [];
    const again = await loadRoadTable(reordered, {
      ...service,
      onProgress: (p) => progress.push(p),
    });
    expect(service.fetch).not.toHaveBeenCalled();
    expect(progress).toEqual([{ done: 9, total: 9, leftMs: 0 }]);
    expect(again!.distances[0 * 25 + 24]).toBe(first!.distances[24 * 25 + 0]);
    // One place moved: only the blocks of its group are asked again.
    const moved = places.map((place, index) => (index === 0 ? { lat: 44.99, lng: 4.8 } : place));
    await loadRoadTable(moved, service);
    expect(service.fetch.mock.calls.length).toBeLessThan(9);
    expect(service.fetch.mock.calls.length).toBeGreaterThan(0);
  });

  it('waits out a 429 as its Retry-After says, then goes on', async () => {
    const service = fakeService(10);
    const clock = noWait();
    const answer = service.fetch.getMockImplementation()!;
    service.fetch.mockImplementationOnce(async () => {
      throw Object.assign(new Error('Too many requests'), { status: 429, retryAfterSeconds: 3 });
    });
    const table = await loadRoadTable(line(12), { ...service, wait: clock.wait });
    expect(table).not.toBeNull();
    expect(clock.waits).toEqual([3000]);
    expect(service.fetch.mock.calls.length).toBe(4 + 1);
    expect(answer).toBeDefined();
  });

  it('asks again once for a failing block; a block that fails twice leaves no road table', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const service = fakeService(10);
    const clock = noWait();
    const answer = service.fetch.getMockImplementation()!;
    // The third block: the router's estimate once (a failure), then its answer.
    let calls = 0;
    service.fetch.mockImplementation(async (...args) => {
      const call = ++calls;
      const reply = await answer(...args);
      return call === 3 ? { ...reply, estimated: true } : reply;
    });
    expect(await loadRoadTable(line(25), { ...service, wait: clock.wait })).not.toBeNull();
    expect(clock.waits).toEqual([1100]);

    forgetRoadTables();
    service.fetch.mockImplementation(async (...args) => {
      const [sources] = args;
      if (sources[0].lat > 45.15) throw new Error('router down');
      return answer(...args);
    });
    expect(await loadRoadTable(line(25), { ...service, wait: clock.wait })).toBeNull();
  });

  it('leaves no road table when the route service cannot say its limits', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const service = fakeService(10);
    const table = await loadRoadTable(line(5), {
      ...service,
      limits: async () => {
        throw new Error('offline');
      },
    });
    expect(table).toBeNull();
    expect(service.fetch).not.toHaveBeenCalled();
  });

  it('stops asking when stopped, and rejects', async () => {
    const service = fakeService(10);
    const controller = new AbortController();
    const answer = service.fetch.getMockImplementation()!;
    service.fetch.mockImplementation(async (...args) => {
      controller.abort();
      return answer(...args);
    });
    await expect(
      loadRoadTable(line(25), { ...service, signal: controller.signal }),
    ).rejects.toBeDefined();
    expect(service.fetch.mock.calls.length).toBeLessThanOrEqual(2);
  });
});
