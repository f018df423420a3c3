import { describe, expect, it } from 'vitest';
import { batchPoints, computeRoute, type RouterClient, type RoutedLeg, type RouterFailure } from './routing.ts';
import { estimateLeg, type LatLng } from './domain/geo.ts';

const points = (n: number): LatLng[] => Array.from({ length: n }, (_, i) => ({ lat: i / 100, lng: i / 100 }));

/** A router that drives 2 km per leg, and says "no route" for any request containing a bad point. */
function fakeRouter(options: { unroutable?: LatLng[]; down?: boolean } = {}) {
  const requests: LatLng[][] = [];
  const client: RouterClient = {
    async route(batch): Promise<RoutedLeg[] | RouterFailure> {
      requests.push(batch);
      if (options.down) return { failure: 'unavailable', reason: 'down' };
      if (batch.some((p) => options.unroutable?.includes(p))) return { failure: 'unroutable', reason: 'NoRoute' };
      return batch.slice(1).map((to, i) => ({ distance: 2000, duration: 120, coordinates: [[batch[i].lat, batch[i].lng], [to.lat, to.lng]] }));
    },
  };
  return { client, requests };
}

describe('batchPoints', () => {
  it('splits into windows that share their boundary points', () => {
    expect(batchPoints([1, 2, 3, 4, 5], 3)).toEqual([[1, 2, 3], [3, 4, 5]]);
    expect(batchPoints([1, 2, 3, 4], 3)).toEqual([[1, 2, 3], [3, 4]]);
    expect(batchPoints([1, 2], 50)).toEqual([[1, 2]]);
    expect(batchPoints([1], 50)).toEqual([]);
  });

  it('covers every leg exactly once', () => {
    const batches = batchPoints(Array.from({ length: 1000 }, (_, i) => i));
    expect(batches.reduce((legs, b) => legs + b.length - 1, 0)).toBe(999);
    expect(batches.every((b) => b.length <= 50)).toBe(true);
  });
});

describe('computeRoute', () => {
  it('routes every leg and sums them', async () => {
    const { client, requests } = fakeRouter();
    const route = await computeRoute(client, points(120), { geometry: false });
    expect(route.legs).toHaveLength(119);
    expect(route.totalDistance).toBe(119 * 2000);
    expect(route.totalDuration).toBe(119 * 120);
    expect(requests).toHaveLength(3);
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
    expect(route.legs.map((leg) => leg.estimated)).toEqual([false, false, false, true, true, false, false, false, false]);
    expect(route.legs[3]).toEqual(estimateLeg(stops[3], stops[4]));
  });

  it('estimates a whole batch at once when the router is unavailable, without retrying leg by leg', async () => {
    const { client, requests } = fakeRouter({ down: true });
    const route = await computeRoute(client, points(10), { geometry: false });
    expect(route.legs.every((leg) => leg.estimated)).toBe(true);
    expect(requests).toHaveLength(1);
  });
});
