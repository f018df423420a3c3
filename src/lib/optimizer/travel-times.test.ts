import { describe, expect, it, vi } from 'vitest';

// The default table fetcher (the api client and its env) is not used: every test passes one.
vi.mock('@/lib/routing', () => ({ getRouteTable: vi.fn() }));
import { loadTravelTimes } from './travel-times.ts';
import type { TravelTable } from './day-problem.ts';

const places = [
  { lat: 48.85, lng: 2.35 },
  { lat: 48.86, lng: 2.37 },
];
const table: TravelTable = {
  distances: [
    [0, 2000],
    [2100, 0],
  ],
  durations: [
    [0, 200],
    [210, 0],
  ],
  estimated: false,
};

describe('loadTravelTimes', () => {
  it('road times from the route table', async () => {
    const fetchTable = vi.fn(async () => table);
    const times = await loadTravelTimes(places, undefined, fetchTable);
    expect(times.kind).toBe('road');
    expect(Array.from(times.durations)).toEqual([0, 200, 210, 0]);
    expect(fetchTable).toHaveBeenCalledWith(places, undefined);
  });

  it('great-circle times when the table fails, is an estimate, or the route is too long', async () => {
    expect((await loadTravelTimes(places, undefined, async () => null)).kind).toBe('straight');
    expect(
      (await loadTravelTimes(places, undefined, async () => ({ ...table, estimated: true }))).kind,
    ).toBe('straight');
    expect(
      (
        await loadTravelTimes(places, undefined, () => {
          throw new Error('down');
        })
      ).kind,
    ).toBe('straight');
    const many = Array.from({ length: 201 }, (_, i) => ({ lat: 48 + i / 1000, lng: 2 }));
    const fetchTable = vi.fn(async () => table);
    const times = await loadTravelTimes(many, undefined, fetchTable);
    expect(times.kind).toBe('straight');
    expect(times.size).toBe(201);
    expect(fetchTable).not.toHaveBeenCalled();
  });

  it('rejects when stopped while the table is on its way', async () => {
    const controller = new AbortController();
    const pending = loadTravelTimes(places, controller.signal, async () => {
      controller.abort();
      return table;
    });
    await expect(pending).rejects.toThrow();
  });
});
