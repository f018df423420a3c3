import { describe, expect, it } from 'vitest';
import { plannedDay } from '@/lib/day-plan';
import { daySummary } from './day-summary';

const MIN = 60_000;
const HOUR = 60 * MIN;

describe('the day’s summary', () => {
  const stops = [
    { status: 'done' as const },
    { status: 'skipped' as const },
    { status: 'done' as const },
  ];
  const legs = [{ duration: 1200 }, { duration: 1800 }];

  it('counts the stops done and skipped, and the time it took against the plan', () => {
    const plan = plannedDay(
      { departure: '2026-03-02T08:00+00:00', timeZone: 'UTC', defaultServiceMinutes: 10 },
      [{}, {}, {}],
      legs,
    );
    const summary = daySummary(stops, { startedAt: 0, finishedAt: 2 * HOUR }, plan, legs);
    // 20 min, 10 at stop 2, 30 min, 10 at stop 3: leaving the last stop 70 min after 8:00.
    expect(summary).toEqual({ done: 2, skipped: 1, took: 2 * HOUR, planned: 70 * MIN });
  });

  it('compares with the driving of the legs on a route without a working day', () => {
    expect(daySummary(stops, { startedAt: 0, finishedAt: HOUR }, null, legs).planned).toBe(
      50 * MIN,
    );
    expect(daySummary(stops, undefined, null, null)).toEqual({
      done: 2,
      skipped: 1,
      took: null,
      planned: null,
    });
  });

  it('has no time taken while the day is not finished on this device', () => {
    expect(daySummary(stops, { startedAt: 0 }, null, legs).took).toBeNull();
  });

  it('plans nothing for a route of one stop, with a working day or without', () => {
    const one = [{ status: 'done' as const }];
    const plan = plannedDay(
      { departure: '2026-03-02T08:00+00:00', timeZone: 'UTC', defaultServiceMinutes: 10 },
      [{}],
      [],
    );
    expect(daySummary(one, { startedAt: 0, finishedAt: MIN }, plan, []).planned).toBeNull();
    expect(daySummary(one, { startedAt: 0, finishedAt: MIN }, null, []).planned).toBeNull();
  });
});
