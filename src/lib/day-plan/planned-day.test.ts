import { describe, expect, it } from 'vitest';
import type { DayPlan } from '@domain/day-plan/day-plan.ts';
import { dayEndPoint, isOnPlanDay, needsEndLeg, plannedDay } from './planned-day';

const MIN = 60_000;
/** 08:00 in Paris on a winter Monday: 07:00 UTC. */
const PLAN: DayPlan = {
  departure: '2030-03-04T08:00+01:00',
  timeZone: 'Europe/Paris',
  defaultServiceMinutes: 5,
  end: 'last-stop',
};
const DEPARTURE = Date.UTC(2030, 2, 4, 7, 0);
const at = (minutes: number) => DEPARTURE + minutes * MIN;
const legs = (...minutes: number[]) => minutes.map((m) => ({ duration: m * 60 }));

describe('the planned day of a saved route', () => {
  it('gives each stop its arrival, wait, departure and window from the plan and the legs', () => {
    const day = plannedDay(
      PLAN,
      [{}, { window: { start: '08:30', end: '09:00' } }, { serviceMinutes: 10 }],
      legs(20, 15),
    )!;
    // Leaving at 08:00 would mean waiting 10 minutes at the first stop: the day leaves at 08:10.
    expect(day.departure).toBe(at(10));
    expect(day.stops[0]).toEqual({
      arrival: null,
      wait: 0,
      departure: at(10),
      late: 0,
      window: null,
    });
    expect(day.stops[1]).toEqual({
      arrival: at(30),
      wait: 0,
      departure: at(35),
      late: 0,
      window: [at(30), at(60)],
    });
    expect(day.stops[2]).toMatchObject({ arrival: at(50), departure: at(60) });
    expect(day.finish).toBe(at(60));
  });

  it('has no finish until the leg to the end is known when the day ends elsewhere', () => {
    const back: DayPlan = { ...PLAN, end: 'start' };
    expect(needsEndLeg(back, 3)).toBe(true);
    expect(needsEndLeg(back, 1)).toBe(false);
    expect(needsEndLeg(PLAN, 3)).toBe(false);
    expect(plannedDay(back, [{}, {}], legs(20))!.finish).toBeNull();
    const stops = [
      { lat: 48.85, lng: 2.35 },
      { lat: 48.86, lng: 2.37 },
    ];
    expect(dayEndPoint(back, stops)).toEqual(stops[0]);
    expect(dayEndPoint({ ...PLAN, end: { name: 'Home', lat: 48.9, lng: 2.4 } }, stops)).toEqual({
      lat: 48.9,
      lng: 2.4,
    });
    expect(dayEndPoint(PLAN, stops)).toBeNull();
    expect(dayEndPoint(back, stops.slice(0, 1))).toBeNull();
    expect(plannedDay(back, [{}, {}], legs(20), 25 * 60)!.finish).toBe(at(50));
  });

  it('is null without a departure, without stops or with legs that do not fit', () => {
    expect(plannedDay(null, [{}, {}], legs(5))).toBeNull();
    expect(plannedDay({ defaultServiceMinutes: 5 }, [{}, {}], legs(5))).toBeNull();
    expect(plannedDay(PLAN, [], [])).toBeNull();
    expect(plannedDay(PLAN, [{}, {}], undefined)).toBeNull();
    expect(plannedDay(PLAN, [{}, {}, {}], legs(5))).toBeNull();
    expect(plannedDay(PLAN, [{}], undefined)!.finish).toBe(DEPARTURE);
  });

  it('knows the plan’s day on the route zone’s clocks', () => {
    expect(isOnPlanDay(PLAN, DEPARTURE)).toBe(true);
    // 23:30 in Paris is still the 4th; 00:10 is the 5th although UTC says the 4th.
    expect(isOnPlanDay(PLAN, Date.UTC(2030, 2, 4, 22, 30))).toBe(true);
    expect(isOnPlanDay(PLAN, Date.UTC(2030, 2, 4, 23, 10))).toBe(false);
    expect(isOnPlanDay(PLAN, Date.UTC(2030, 2, 3, 22, 59))).toBe(false);
    expect(isOnPlanDay(null, DEPARTURE)).toBe(false);
  });
});
