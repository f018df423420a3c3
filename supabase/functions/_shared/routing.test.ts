import { describe, expect, it } from 'vitest';
import {
  computeRoute,
  createCachedRouter,
  spansToRoute,
  type RouterClient,
  type RoutedLeg,
} from './routing.ts';
import type { RouterFailure } from './router-http.ts';
import { estimateLeg, type LatLng } from './domain/geo.ts';
import type { SharedState } from './shared-state.ts';

const points = (n: number): LatLng[] =>
  Array.from({ length: n }, (_, i) => ({ lat: i / 100, lng: i / 100 }));

/** A router that drives 2 km per leg, and says "no route" for any request containing a bad point. */
function fakeRouter(options: { unroutable?: LatLng[]; down?: boolean } = {}) {
  const requests: LatLng[][] = [];
  const client: RouterClient = {
    async route(batch): Promise<RoutedLeg[] | RouterFailure> {
      requests.push(batch);
      if (options.down) return { failure: 'unavailable', reason: 'down' };
      if (batch.some((p) => options.unroutable?.includes(p)))
        return { failure: 'unroutable', reason: 'NoRoute' };
      return batch.slice(1).map((to, i) => ({
        distance: 2000,
        duration: 120,
        coordinates: [
          [batch[i].lat, batch[i].lng],
          [to.lat, to.lng],
        ],
      }));
    },
  };
  return { client, requests };
}

describe('spansToRoute', () => {
  const unknownAt = (count: number, indices: number[]) =>
    Array.from({ length: count }, (_, i) => indices.includes(i));

  it('cuts a route none knows into windows of at most maxWaypoints points sharing their boundary stops', () => {
    expect(spansToRoute(unknownAt(4, [0, 1, 2, 3]), 3)).toEqual([
      [0, 1],
      [2, 3],
    ]);
    expect(spansToRoute(unknownAt(3, [0, 1, 2]), 3)).toEqual([
      [0, 1],
      [2, 2],
    ]);
    const spans = spansToRoute(new Array(999).fill(true), 50);
    expect(spans.reduce((legs, [first, last]) => legs + last - first + 1, 0)).toBe(999);
    expect(spans.every(([first, last]) => last - first + 2 <= 50)).toBe(true);
    expect(spans).toHaveLength(Math.ceil(999 / 49));
  });

  it('asks nothing when every leg is known, and one span for unknown legs that fit together', () => {
    expect(spansToRoute(new Array(10).fill(false), 50)).toEqual([]);
    // A moved stop: its two legs. Two edits 20 legs apart still fit in one 50-point request.
    expect(spansToRoute(unknownAt(499, [250, 251]), 50)).toEqual([[250, 251]]);
    expect(spansToRoute(unknownAt(499, [10, 11, 30, 31]), 50)).toEqual([[10, 31]]);
    expect(spansToRoute(unknownAt(499, [10, 11, 300, 301]), 50)).toEqual([
      [10, 11],
      [300, 301],
    ]);
  });
});

describe('computeRoute', () => {
  it('routes every leg and sums them', async () => {
    const { client, requests } = fakeRouter();
    const route = await computeRoute(client, points(120), { geometry: false });
    expect(route.legs).toHaveLength(119);
    expect(route.totalDistance).toBe(119 * 2000);
    expect(route.totalDuration).toBe(119 * 120);
    // 99 legs per request of MAX_WAYPOINTS_PER_REQUEST (100) points.
    expect(requests.map((batch) => batch.length)).toEqual([100, 21]);
  });

  it('asks for as many waypoints per request as configured', async () => {
    const { client, requests } = fakeRouter();
    const route = await computeRoute(client, points(500), { geometry: false, maxWaypoints: 100 });
    expect(route.legs).toHaveLength(499);
    // 99 legs per request (consecutive requests share their boundary stop): 6 requests.
    expect(requests.map((batch) => batch.length)).toEqual([100, 100, 100, 100, 100, 5]);
  });

  it('estimates only the legs touching an unroutable point', async () => {
    const stops = points(10);
    const { client } = fakeRouter({ unroutable: [stops[4]] });
    const route = await computeRoute(client, stops, { geometry: true });
    expect(route.legs.map((leg) => leg.estimated)).toEqual([
      false,
      false,
      false,
      true,
      true,
      false,
      false,
      false,
      false,
    ]);
    expect(route.legs[3]).toEqual(estimateLeg(stops[3], stops[4]));
  });

  it('estimates a whole batch at once when the router is unavailable, without retrying leg by leg', async () => {
    const { client, requests } = fakeRouter({ down: true });
    const route = await computeRoute(client, points(10), { geometry: false });
    expect(route.legs.every((leg) => leg.estimated)).toBe(true);
    expect(requests).toHaveLength(1);
  });

  it('behind the leg cache: a moved stop costs one request of its two legs, wherever it is', async () => {
    const store = new Map<string, unknown>();
    let reads = 0;
    const state: SharedState = {
      cacheGet: async (keys) => {
        reads += 1;
        return new Map(keys.filter((key) => store.has(key)).map((key) => [key, store.get(key)]));
      },
      cachePut: async (entries) => entries.forEach(({ key, value }) => store.set(key, value)),
      takeToken: async () => ({ allowed: true, retryAfterSeconds: 0 }),
      claimSlot: async () => null,
    };
    const { client, requests } = fakeRouter();
    const router = createCachedRouter(client, state, 60);
    const stops = points(500);
    await computeRoute(router, stops, { geometry: true, maxWaypoints: 50 });
    expect(requests).toHaveLength(Math.ceil(499 / 49));
    // The cache is read once for the whole route, not again for each request.
    expect(reads).toBe(1);
    await computeRoute(router, stops, { geometry: true, maxWaypoints: 50 });
    expect(requests).toHaveLength(11);
    // Stop 49 ends one cold window and starts the next: still one request.
    const moved = stops.map((stop, i) =>
      i === 49 ? { lat: stop.lat + 0.001, lng: stop.lng } : stop,
    );
    const route = await computeRoute(router, moved, { geometry: true, maxWaypoints: 50 });
    expect(requests).toHaveLength(12);
    expect(requests[11]).toEqual(moved.slice(48, 51));
    expect(route.legs).toHaveLength(499);
    expect(route.legs.every((leg) => !leg.estimated)).toBe(true);
  });

  it('keeps the known legs of a span when the router fails, and estimates only the unknown ones', async () => {
    const stops = points(10);
    const requests: LatLng[][] = [];
    const known = (i: number) => ({
      distance: 5000 + i,
      duration: 300,
      coordinates: [] as [number, number][],
    });
    const router: RouterClient = {
      // Legs 2 and 6 are unknown: one span of legs 2..6 carries the known legs 3..5 along.
      knownLegs: async (batch) =>
        batch.slice(1).map((_, i) => (i === 2 || i === 6 ? null : known(i))),
      async route(batch) {
        requests.push(batch);
        return { failure: 'unavailable', reason: 'down' };
      },
    };
    const route = await computeRoute(router, stops, { geometry: false, maxWaypoints: 50 });
    expect(requests).toEqual([stops.slice(2, 8)]);
    expect(route.legs.map((leg) => leg.estimated)).toEqual([
      false,
      false,
      true,
      false,
      false,
      false,
      true,
      false,
      false,
    ]);
    expect(route.legs[4]).toEqual({ ...known(4), estimated: false });
    expect(route.legs[6]).toEqual(estimateLeg(stops[6], stops[7]));
  });
});
