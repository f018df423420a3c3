import { describe, expect, it } from 'vitest';
import { FALLBACK_SPEED_METERS_PER_SECOND, type LatLng } from '@domain/geo.ts';
import { withOrderLeft } from '@domain/order-left.ts';
import { greatCircleMatrix, solveVrp } from '@domain/vrp/index.ts';
import {
  orderOfSolution,
  originWithoutDevice,
  previewTimes,
  reorderPlaces,
  reorderProblem,
  stopsLeft,
  type LeftStop,
} from './reorder-left';

// A line of stops along the equator, 0.01° (about 1.1 km) apart; the route planned them badly.
const at = (id: string, lng: number, fields: Partial<LeftStop> = {}): LeftStop => ({
  id,
  name: id,
  lat: 0,
  lng,
  ...fields,
});
const stops = [at('start', 0), at('a', 0.01), at('d', 0.04), at('b', 0.02), at('c', 0.03)];
const plan = { departure: '2026-03-02T08:00+00:00', timeZone: 'UTC', defaultServiceMinutes: 5 };
const now = Date.parse('2026-03-02T09:00:00Z');

/** Great-circle metres, and seconds at the fallback speed (the straight-line estimate). */
function straightTravelTimes(places: readonly LatLng[]) {
  const points = places.map(({ lat, lng }) => [lat, lng] as const);
  return {
    distances: greatCircleMatrix(points),
    durations: greatCircleMatrix(points, FALLBACK_SPEED_METERS_PER_SECOND),
  };
}

describe('originWithoutDevice', () => {
  it('is the stop of the latest report by its time, else the start', () => {
    const reports: Record<string, { at: string }> = {
      a: { at: '2026-03-02T08:10:00Z' },
      b: { at: '2026-03-02T08:30:00Z' },
    };
    expect(originWithoutDevice(stops, (id) => reports[id])).toEqual({
      kind: 'last-report',
      lat: 0,
      lng: 0.02,
      name: 'b',
    });
    expect(originWithoutDevice(stops, () => undefined)).toMatchObject({
      kind: 'start',
      name: 'start',
    });
  });
});

describe('the problem from a position and a time', () => {
  const statusOf = (id: string) => (id === 'a' ? 'delivered' : undefined);
  const left = stopsLeft(stops, statusOf);
  const origin = { lat: 0, lng: 0.01 };

  it('takes only the stops left, from the origin, ending where the day ends', () => {
    expect(left.map((stop) => stop.id)).toEqual(['d', 'b', 'c']);
    expect(reorderPlaces(origin, left, plan, stops[0])).toHaveLength(4);
    expect(reorderPlaces(origin, left, { ...plan, end: 'start' }, stops[0])).toEqual([
      origin,
      ...left.map(({ lat, lng }) => ({ lat, lng })),
      { lat: 0, lng: 0 },
    ]);
    const places = reorderPlaces(origin, left, { ...plan, end: 'start' }, stops[0]);
    const times = straightTravelTimes(places);
    const problem = reorderProblem(
      left,
      { ...plan, end: 'start' },
      times.durations,
      times.distances,
      now,
    );
    expect(problem).toMatchObject({ depot: 0, end: { location: 4 }, vehicles: [{}] });
    expect(problem.jobs.map((job) => job.location)).toEqual([1, 2, 3]);
    expect(problem.jobs.every((job) => job.service === 300)).toBe(true);
  });

  it('keeps the windows from now on; one closed already is none', () => {
    const windowed = [
      at('d', 0.04, { window: { start: '08:00', end: '08:30' }, serviceMinutes: 10 }),
      at('b', 0.02, { window: { start: '08:30', end: '10:00' } }),
      at('c', 0.03, { window: { start: '11:00', end: '12:00' }, lock: 'last' }),
    ];
    const times = straightTravelTimes(reorderPlaces(origin, windowed, plan, stops[0]));
    const problem = reorderProblem(windowed, plan, times.durations, times.distances, now);
    expect(problem.end).toBe('last-stop');
    expect(problem.jobs).toEqual([
      { location: 1, service: 600 },
      { location: 2, service: 300, windows: [[0, 3600 + 59.999]] },
      { location: 3, service: 300, windows: [[7200, 3 * 3600 + 59.999]], lock: 'last' },
    ]);
  });

  it('orders them by the day optimiser, and the done stops keep their places', () => {
    const places = reorderPlaces(origin, left, plan, stops[0]);
    const times = straightTravelTimes(places);
    const problem = reorderProblem(left, plan, times.durations, times.distances, now);
    const order = orderOfSolution(solveVrp(problem, { seed: 1, maxIterations: 200 }), left);
    expect(order.map((index) => left[index].id)).toEqual(['b', 'c', 'd']);
    const route = withOrderLeft(
      stops,
      statusOf,
      order.map((index) => left[index].id),
    );
    expect('stops' in route && route.stops.map((stop) => stop.id)).toEqual([
      'start',
      'a',
      'b',
      'c',
      'd',
    ]);
  });

  it('puts the stops that fit nowhere last and times every stop from now', () => {
    expect(orderOfSolution({ routes: [{ jobs: [2, 0] } as never] }, [{}, {}, {}])).toEqual([
      2, 0, 1,
    ]);
    // A locked stop that fits nowhere still goes where its lock says.
    const locked = [{ lock: 'last' as const }, {}, { lock: 'first' as const }, {}];
    expect(orderOfSolution({ routes: [{ jobs: [1] } as never] }, locked)).toEqual([2, 1, 3, 0]);
    expect(orderOfSolution({ routes: [{ jobs: [2, 3, 1, 0] } as never] }, locked)).toEqual([
      2, 3, 1, 0,
    ]);
    const windowed = [
      at('b', 0.02, { window: { start: '08:00', end: '08:30' } }),
      at('c', 0.03, { window: { start: '10:00', end: '11:00' }, serviceMinutes: 0 }),
    ];
    const times = straightTravelTimes(reorderPlaces(origin, windowed, plan, stops[0]));
    const preview = previewTimes(windowed, [0, 1], plan, times.durations, now);
    const drive = times.durations[1] * 1000;
    expect(preview[0]).toMatchObject({ arrival: now + drive, late: true });
    // Waits for the window to open at 10:00.
    expect(preview[1]).toMatchObject({ arrival: Date.parse('2026-03-02T10:00:00Z'), late: false });
  });
});
