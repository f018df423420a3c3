/**
 * A day split among drivers (pure): the engine's routes as each driver's stops in order with
 * their times and totals, the stops no driver can take, the drivers' titles and the itineraries
 * 'Save all' creates (one per driver, all of one day group).
 */
import { formatDeparture, parseDeparture, roundUpToMinutes } from '@domain/day-plan/clock.ts';
import { endOf, planZone, type DayPlan } from '@domain/day-plan/day-plan.ts';
import type { DaySchedule } from '@domain/day-plan/schedule.ts';
import { TITLE_MAX_CHARS } from '@domain/limits.ts';
import type { Stop } from '@domain/stops.ts';
import type { VrpSolution } from '@domain/vrp/index.ts';
import {
  distanceAlong,
  plannedEndOf,
  scheduleAlong,
  unreachableStops,
  type DayProblem,
  type TravelTimes,
  type UnreachableStop,
} from '@/lib/optimizer/day-problem.ts';
import type { ItineraryInput } from '@/lib/itineraries';

export interface DriverRoute {
  /** 1-based: "Driver 1". */
  number: number;
  /** Indices into the route's stops in driving order (the shared depot first); empty: no stops. */
  order: number[];
  /**
   * The day along it as the optimiser planned it (without a shared start the first stop is
   * served like the others); null for a driver without stops.
   */
  schedule: DaySchedule | null;
  /** Metres, the way to the day's end included. */
  distance: number;
}

export interface TeamPlan {
  drivers: DriverRoute[];
  /** Stops no driver can take in time, with why. */
  unassigned: UnreachableStop[];
}

/**
 * Each driver's route from the engine's solution: drivers with stops first (the engine's
 * vehicles are interchangeable), then those it left without any, numbered from 1.
 */
export function teamPlanFromSolution(
  day: DayProblem,
  times: TravelTimes,
  plan: DayPlan,
  stops: readonly Stop[],
  solution: Pick<VrpSolution, 'routes' | 'unassigned'>,
): TeamPlan {
  const driverCount = day.problem.vehicles.length;
  const served = solution.routes
    .filter((route) => route.jobs.length > 0)
    .map((route) => route.jobs.map((job) => day.jobStops[job]));
  const orders = [
    ...served.map((jobs) => (day.sharedStart ? [0, ...jobs] : jobs)),
    ...Array.from({ length: Math.max(0, driverCount - served.length) }, () => [] as number[]),
  ];
  const start = { sharedStart: day.sharedStart };
  return {
    drivers: orders.map((order, index) => ({
      number: index + 1,
      order,
      schedule: order.length > 0 ? scheduleAlong(times, plan, stops, order, start) : null,
      distance: order.length > 0 ? distanceAlong(times, plan, order, stops.length, start) : 0,
    })),
    unassigned: unreachableStops(day, times, plan, stops, solution.unassigned),
  };
}

/** Stops a driver serves (the shared depot, where the day starts, not counted). */
export const servedCount = (driver: DriverRoute, sharedStart: boolean): number =>
  Math.max(0, driver.order.length - (sharedStart && driver.order.length > 0 ? 1 : 0));

/**
 * "<title> — Driver 2" in the interface language (`pattern`), the title cut with an ellipsis so
 * that the whole stays within the longest title the server takes.
 */
export function driverTitle(
  title: string,
  number: number,
  pattern: (title: string, number: number) => string,
  max = TITLE_MAX_CHARS,
): string {
  const whole = pattern(title, number);
  if (whole.length <= max) return whole;
  const spare = whole.length - title.length;
  return pattern(`${title.slice(0, Math.max(1, max - spare - 1))}…`, number);
}

/**
 * The plan the split works with: the route's own when it has a departure, else one leaving now
 * (rounded up to the next 5 minutes) in the device's zone, with the route's other settings.
 */
export function planForSplit(plan: DayPlan | null, now: number, deviceZone: string): DayPlan {
  if (plan && parseDeparture(plan.departure)) return plan;
  const zone = plan?.timeZone ?? deviceZone;
  return {
    defaultServiceMinutes: 0,
    end: 'last-stop',
    ...plan,
    departure: formatDeparture(roundUpToMinutes(now, 5), { kind: 'iana', name: zone }),
    timeZone: zone,
  };
}

/**
 * The day plan a driver's itinerary is saved with, so that the planner (whose saved routes start
 * at their first stop, left at the departure) shows the times the optimiser planned. With a
 * shared start that is the route's own plan. Without one the driver serves their first stop
 * (waiting for its window, their time there): the saved day leaves that stop when the optimiser
 * has them leave it, so every later arrival, the finish and the driving are the planned ones; and
 * 'back to the start' becomes the last stop, the day the optimiser planned (see `plannedEndOf`).
 */
export function driverPlan(plan: DayPlan, driver: DriverRoute, sharedStart: boolean): DayPlan {
  if (sharedStart) return plan;
  const saved: DayPlan = { ...plan };
  const leaves = driver.schedule?.stops[0]?.departure;
  const zone = planZone(plan);
  if (leaves !== undefined && zone) saved.departure = formatDeparture(leaves, zone);
  if (endOf(plan) !== plannedEndOf(plan, { sharedStart })) saved.end = 'last-stop';
  return saved;
}

/**
 * What 'Save all' creates for one driver: its stops in order (notes and the day's fields kept,
 * the road status left out), the title, the day's plan (`driverPlan`) and the day group shared
 * by all the drivers.
 */
export function driverItinerary(
  stops: readonly Stop[],
  plan: DayPlan,
  driver: DriverRoute,
  title: string,
  dayGroup: string,
  sharedStart: boolean,
): ItineraryInput {
  return {
    title: title.trim(),
    stops: driver.order.map((index) => {
      const stop = { ...stops[index] };
      delete stop.status;
      return stop;
    }),
    day_plan: driverPlan(plan, driver, sharedStart),
    day_group: dayGroup,
  };
}
