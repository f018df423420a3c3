import { describe, expect, it, vi } from 'vitest';
import type { RoadTable, RoadTableOptions } from '@/lib/routing';
import { loadTravelTimes } from './travel-times.ts';

// The road table's own module (the api client and its env) is not used: every test passes one.
vi.mock('@/lib/routing', () => ({ loadRoadTableFromApi: vi.fn() }));

const places = [
  { lat: 48.85, lng: 2.35 },
  { lat: 48.86, lng: 2.37 },
];
const road: RoadTable = {
  size: 2,
  distances: Float64Array.from([0, 2000, 2100, 0]),
  durations: Float64Array.from([0, 200, 210, 0]),
};

describe('loadTravelTimes', () => {
  it('road times from the blocks of the route table, with their progress', async () => {
    const onProgress = vi.fn();
    const loadTable = vi.fn(async (_places: unknown, options: Partial<RoadTableOptions> = {}) => {
      options.onProgress?.({ done: 1, total: 1, leftMs: 0 });
      return road;
    });
    const times = await loadTravelTimes(places, undefined, { loadTable, onProgress });
    expect(times).toEqual({ kind: 'road', ...road });
    expect(onProgress).toHaveBeenCalledWith({ done: 1, total: 1, leftMs: 0 });
  });

  it('great-circle times, saying why, when the route service fails or the day is too big', async () => {
    const failed = await loadTravelTimes(places, undefined, { loadTable: async () => null });
    expect(failed).toMatchObject({ kind: 'straight', straightBecause: 'route-service', size: 2 });
    const many = Array.from({ length: 1001 }, (_, i) => ({ lat: 48 + i / 1000, lng: 2 }));
    const loadTable = vi.fn(async () => road);
    const times = await loadTravelTimes(many, undefined, { loadTable });
    expect(times).toMatchObject({ kind: 'straight', straightBecause: 'too-many-places' });
    expect(times.size).toBe(1001);
    expect(loadTable).not.toHaveBeenCalled();
    // Up to 1000 places are asked for.
    await loadTravelTimes(many.slice(0, 1000), undefined, { loadTable });
    expect(loadTable).toHaveBeenCalledTimes(1);
  });

  it('rejects when stopped while the table is on its way', async () => {
    const controller = new AbortController();
    const pending = loadTravelTimes(places, controller.signal, {
      loadTable: async () => {
        controller.abort();
        return road;
      },
    });
    await expect(pending).rejects.toBeDefined();
  });
});
