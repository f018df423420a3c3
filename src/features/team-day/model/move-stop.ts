/**
 * A dispatcher moves a stop of a split from one driver to another (pure): the stop leaves its
 * driver's route (the others keep their order) and joins the other driver's where it adds the
 * least driving time; both days are then worked out again the way the split works them out
 * (teamPlanFromSolution), so their times, lateness and totals are the ones the drivers will get.
 */
import type { DayPlan } from '@domain/day-plan/day-plan.ts';
import type { Stop } from '@domain/stops.ts';
import type { TravelTimes } from '@/lib/optimizer/day-problem.ts';
import { teamPlanFromSolution, type DriverRoute, type TeamPlan } from './team-plan.ts';
import type { TeamDriver, TeamProblem } from './team-problem.ts';

/** A split as made: its problem and travel times, and the drivers' days as they are now. */
export interface MovableSplit extends TeamPlan {
  day: TeamProblem;
  times: TravelTimes;
  plan: DayPlan;
  team: readonly TeamDriver[];
}

/** Where in `served` the stop adds the least driving time (its index in the new list). */
function cheapestPlace(
  split: MovableSplit,
  driver: number,
  served: readonly number[],
  stop: number,
): number {
  const { size, durations } = split.times;
  const time = (from: number, to: number) => durations[from * size + to];
  const start = split.day.places.starts[driver];
  const end = split.day.places.ends[driver];
  let best = served.length;
  let bestCost = Infinity;
  for (let position = 0; position <= served.length; position++) {
    const before = position > 0 ? served[position - 1] : start;
    const after = position < served.length ? served[position] : end;
    const added =
      (before === null ? 0 : time(before, stop)) +
      (after === null ? 0 : time(stop, after)) -
      (before === null || after === null ? 0 : time(before, after));
    if (added < bestCost) {
      bestCost = added;
      best = position;
    }
  }
  return best;
}

/**
 * The drivers' days with `stop` (an index into the route's stops) moved to driver number `to`;
 * null when the stop is no driver's (it cannot be taken in time) or already `to`'s.
 */
export function moveStop(
  split: MovableSplit,
  stops: readonly Stop[],
  stop: number,
  to: number,
): DriverRoute[] | null {
  const from = split.drivers.findIndex((driver) => driver.served.includes(stop));
  const target = to - 1;
  if (from < 0 || from === target || !split.drivers[target]) return null;
  const jobOf = new Map(split.day.jobStops.map((stopIndex, job) => [stopIndex, job]));
  const served = split.drivers.map((driver) => [...driver.served]);
  served[from] = served[from].filter((index) => index !== stop);
  served[target].splice(cheapestPlace(split, target, served[target], stop), 0, stop);
  const routes = served.flatMap((list, vehicle) =>
    list.length > 0 ? [{ vehicle, jobs: list.map((index) => jobOf.get(index)!) }] : [],
  );
  const drivers = teamPlanFromSolution(split.day, split.times, split.plan, stops, split.team, {
    routes,
    unassigned: [],
  }).drivers;
  // The other drivers' days are as they were: the same objects, so that what shows them is not
  // drawn again.
  return drivers.map((driver, index) =>
    index === from || index === target ? driver : (split.drivers[index] ?? driver),
  );
}
