import { describe, expect, it } from 'vitest';
import type { DayPlan, StopDayFields } from '@domain/day-plan/day-plan.ts';
import { solveVrp } from '@domain/vrp/index.ts';
import { buildDayProblem, type TravelTimes } from '@/lib/optimizer/day-problem.ts';
import {
  dayNumbers,
  dayOrderFromSolution,
  insertLeastLate,
  isBetterOrder,
  lockBreaks,
  orderFigures,
  type DayContext,
  type DayNumbers,
  type OrderFigures,
} from './day-order.ts';

const PLAN: DayPlan = {
  departure: '2030-03-04T08:00+01:00',
  timeZone: 'Europe/Paris',
  defaultServiceMinutes: 0,
  end: 'last-stop',
};
const DEPARTURE = Date.parse('2030-03-04T07:00:00Z');

/** Places on a line, 10 minutes and 10 km apart. */
function lineTimes(size: number): TravelTimes {
  const durations = new Float64Array(size * size);
  const distances = new Float64Array(size * size);
  for (let i = 0; i < size; i++) {
    for (let j = 0; j < size; j++) {
      durations[i * size + j] = 600 * Math.abs(i - j);
      distances[i * size + j] = 10_000 * Math.abs(i - j);
    }
  }
  return { kind: 'road', size, durations, distances };
}

const context = (stops: StopDayFields[]): DayContext => ({
  plan: PLAN,
  stops,
  times: lineTimes(stops.length),
});

/** The day's numbers of these stops, and the stops (for their locks). */
function numbersOf(stops: StopDayFields[]): [DayNumbers, StopDayFields[]] {
  const day = buildDayProblem(
    stops.map((stop, i) => ({ ...stop, name: `Stop ${i}`, lat: 0, lng: 0 })),
    PLAN,
    lineTimes(stops.length),
  )!;
  return [dayNumbers(context(stops), day), stops];
}

const figures = (partial: Partial<OrderFigures>): OrderFigures => ({
  lockBreaks: 0,
  lateStops: 0,
  lateness: 0,
  distance: 0,
  finish: 0,
  waiting: 0,
  ...partial,
});

describe('lockBreaks', () => {
  it('counts stops locked first that are not right after the start, and last that are not last', () => {
    const stops: StopDayFields[] = [{}, { lock: 'first' }, {}, { lock: 'last' }];
    expect(lockBreaks(stops, [0, 1, 2, 3])).toBe(0);
    expect(lockBreaks(stops, [0, 2, 1, 3])).toBe(1);
    expect(lockBreaks(stops, [0, 3, 2, 1])).toBe(2);
  });
});

describe('isBetterOrder', () => {
  it('locks first, then late stops, then lateness, then distance', () => {
    expect(isBetterOrder(figures({ distance: 9e9 }), figures({ lockBreaks: 1 }))).toBe(true);
    expect(isBetterOrder(figures({ lateStops: 1 }), figures({ lateStops: 2 }))).toBe(true);
    expect(
      isBetterOrder(
        figures({ lateStops: 1, lateness: 60_000 }),
        figures({ lateStops: 1, lateness: 600_000, distance: 1 }),
      ),
    ).toBe(true);
    expect(isBetterOrder(figures({ distance: 100 }), figures({ distance: 200 }))).toBe(true);
    expect(isBetterOrder(figures({ distance: 200 }), figures({ distance: 200.2 }))).toBe(false);
    expect(isBetterOrder(figures({ distance: 200 }), figures({ distance: 100 }))).toBe(false);
  });
});

describe('orderFigures', () => {
  it('the late stops, lateness, distance, finish and waiting of an order', () => {
    const stops: StopDayFields[] = [{}, {}, { window: { start: '08:00', end: '08:05' } }];
    const result = orderFigures(context(stops), [0, 1, 2]);
    expect(result).toEqual({
      lockBreaks: 0,
      lateStops: 1,
      lateness: 15 * 60_000,
      distance: 20_000,
      finish: DEPARTURE + 20 * 60_000,
      waiting: 0,
    });
  });
});

describe('insertLeastLate', () => {
  it('puts a stop where the day is least late, keeping the other stops’ locks', () => {
    const stops: StopDayFields[] = [
      {},
      { lock: 'first' },
      {},
      { window: { start: '08:00', end: '08:20' } },
      { lock: 'last' },
    ];
    // Stop 3 (30 minutes away) is late anywhere; least late on the way, between 2 and 4, and
    // never before the stop kept first or after the one kept last.
    expect(insertLeastLate(...numbersOf(stops), [0, 1, 2, 4], [3])).toEqual([0, 1, 2, 3, 4]);
    expect(insertLeastLate(...numbersOf(stops), [0, 1, 4, 2], [3])).toEqual([0, 1, 3, 4, 2]);
  });

  it('a stop locked last goes last', () => {
    const stops: StopDayFields[] = [
      {},
      {},
      { lock: 'last', window: { start: '08:00', end: '08:01' } },
    ];
    expect(insertLeastLate(...numbersOf(stops), [0, 1], [2])).toEqual([0, 1, 2]);
  });
});

describe('insertLeastLate agrees with the planner’s schedule', () => {
  it('chooses the position whose day, as the planner computes it, is least late', () => {
    const stops: StopDayFields[] = [
      {},
      { window: { start: '08:00', end: '08:12' } },
      { serviceMinutes: 7 },
      { window: { start: '08:40', end: '09:00' } },
      { window: { start: '08:05', end: '08:25' } },
      { window: { start: '08:00', end: '08:01' } },
    ];
    const order = [0, 2, 1, 3, 4];
    const chosen = insertLeastLate(...numbersOf(stops), order, [5]);
    const candidates = [1, 2, 3, 4, 5].map((at) => [...order.slice(0, at), 5, ...order.slice(at)]);
    const rank = (figures: OrderFigures) => [figures.lateStops, figures.lateness, figures.distance];
    const best = candidates
      .map((candidate) => rank(orderFigures(context(stops), candidate)))
      .sort((a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2])[0];
    expect(rank(orderFigures(context(stops), chosen))).toEqual(best);
  });
});

describe('dayOrderFromSolution', () => {
  it('keeps every stop: the engine’s order, then the unreachable one placed least late', () => {
    const stops = [
      { name: 'Depot', lat: 0, lng: 0 },
      { name: 'Bakery', lat: 0, lng: 0, window: { start: '08:30', end: '09:00' } },
      { name: 'Pharmacy', lat: 0, lng: 0, window: { start: '08:00', end: '08:10' } },
      { name: 'School', lat: 0, lng: 0, lock: 'last' as const },
    ];
    const times = lineTimes(4);
    const day = buildDayProblem(stops, PLAN, times)!;
    const solution = solveVrp(day.problem, { maxIterations: 300, timeLimitMs: 5000 });
    const result = dayOrderFromSolution({ plan: PLAN, stops, times }, day, solution);
    // The pharmacy is 20 minutes away and closes at 08:10: unreachable because of its window, which closes first
    expect(result.unreachable).toEqual([
      {
        stop: 2,
        reason: 'window',
        earliestArrival: DEPARTURE + 20 * 60_000,
        closes: DEPARTURE + 10 * 60_000,
      },
    ]);
    expect(result.order[0]).toBe(0);
    expect([...result.order].sort()).toEqual([0, 1, 2, 3]);
    expect(result.order[3]).toBe(3);
    expect(lockBreaks(stops, result.order)).toBe(0);
  });
});
