import { describe, expect, it } from 'vitest';
import { createCachedRouter, type RouterClient } from './routing.ts';
import { createSingleFlight, type SharedState } from './shared-state.ts';
import { createThrottle, UpstreamBusyError } from './throttle.ts';
import type { LatLng } from './domain/geo.ts';

function memoryState(): SharedState & { puts: number } {
  const store = new Map<string, unknown>();
  return {
    puts: 0,
    async cacheGet(keys) {
      return new Map(keys.filter((key) => store.has(key)).map((key) => [key, store.get(key)]));
    },
    async cachePut(entries) {
      this.puts += 1;
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

function countingRouter() {
  const requests: LatLng[][] = [];
  const router: RouterClient = {
    async route(points, { geometry }) {
      requests.push(points);
      return points.slice(1).map((to, i) => ({
        distance: 1000 + i,
        duration: 60,
        coordinates: geometry
          ? [
              [points[i].lat, points[i].lng],
              [to.lat, to.lng],
            ]
          : [],
      }));
    },
  };
  return { router, requests };
}

const line = (n: number, offset = 0) =>
  Array.from({ length: n }, (_, i) => ({ lat: 40 + i / 100 + offset, lng: -74 + i / 100 }));

describe('createCachedRouter', () => {
  it('asks the router only for the span of unknown legs, and nothing when all are known', async () => {
    const { router, requests } = countingRouter();
    const cached = createCachedRouter(router, memoryState(), 60);
    const stops = line(6);
    await cached.route(stops, { geometry: false });
    expect(requests).toHaveLength(1);
    expect(await cached.route(stops, { geometry: false })).toHaveLength(5);
    expect(requests).toHaveLength(1);

    // Move the 4th stop: only the legs 2→3 and 3→4 are new, asked for as one span.
    const moved = stops.map((stop, i) => (i === 3 ? { lat: stop.lat + 0.5, lng: stop.lng } : stop));
    const legs = await cached.route(moved, { geometry: false });
    expect(requests).toHaveLength(2);
    expect(requests[1]).toEqual(moved.slice(2, 5));
    expect(legs).toHaveLength(5);
  });

  it('needs the line for a geometry request, but reuses a line for a totals request', async () => {
    const { router, requests } = countingRouter();
    const cached = createCachedRouter(router, memoryState(), 60);
    const stops = line(3, 1);
    await cached.route(stops, { geometry: false });
    await cached.route(stops, { geometry: true });
    expect(requests).toHaveLength(2);
    const again = await cached.route(stops, { geometry: true });
    expect(requests).toHaveLength(2);
    if (!Array.isArray(again))
      throw new Error(`expected routed legs, got ${JSON.stringify(again)}`);
    expect(again[0].coordinates.length).toBeGreaterThanOrEqual(2);
    await cached.route(stops, { geometry: false });
    expect(requests).toHaveLength(2);
  });

  it('shares one router call between identical concurrent requests and caches no failure', async () => {
    let calls = 0;
    const failing: RouterClient = {
      async route() {
        calls += 1;
        await new Promise((resolve) => setTimeout(resolve, 20));
        return { failure: 'unavailable', reason: 'down' };
      },
    };
    const state = memoryState();
    const cached = createCachedRouter(failing, state, 60);
    const stops = line(4, 2);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => cached.route(stops, { geometry: false })),
    );
    expect(calls).toBe(1);
    expect(answers.every((answer) => 'failure' in answer)).toBe(true);
    expect(state.puts).toBe(0);
  });
});

describe('createSingleFlight', () => {
  it('runs once per key while in flight, again afterwards', async () => {
    const singleFlight = createSingleFlight();
    let runs = 0;
    const run = () => singleFlight('k', async () => ++runs);
    expect(await Promise.all([run(), run(), run()])).toEqual([1, 1, 1]);
    expect(await run()).toBe(2);
  });
});

describe('createThrottle', () => {
  it('releases calls at least the interval apart and refuses one that would wait too long', async () => {
    const waitTurn = createThrottle(50, 120);
    // The times the throttle released them (a test's own clock reading after each would add
    // however late the machine ran the test's callbacks).
    const turns = [0, 1, 2].map(() => waitTurn());
    await expect(waitTurn()).rejects.toBeInstanceOf(UpstreamBusyError);
    const released = await Promise.all(turns);
    expect(released[1] - released[0]).toBeGreaterThanOrEqual(49);
    expect(released[2] - released[1]).toBeGreaterThanOrEqual(49);
  });
});
