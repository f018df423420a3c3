import { describe, expect, it } from 'vitest';
import type { DayPlan } from '@domain/day-plan/day-plan.ts';
import type { Stop } from '@domain/stops.ts';
import type { TravelTimes } from '@/lib/optimizer/day-problem.ts';
import { moveStop, type MovableSplit } from './move-stop.ts';
import { teamPlanFromSolution } from './team-plan.ts';
import { buildTeamProblem, type TeamDriver } from './team-problem.ts';

const PLAN: DayPlan = {
  departure: '2030-03-04T08:00+01:00',
  timeZone: 'Europe/Paris',
  defaultServiceMinutes: 5,
  end: 'last-stop',
};
const DEPARTURE = Date.parse('2030-03-04T07:00:00Z');

/** The depot at 0 on a line, stops west (-1, -2) and east (1, 2, 3): 10 minutes and 10 km a step. */
const positions = [0, -1, -2, 1, 2, 3];
const stops: Stop[] = positions.map((position, index) => ({
  name: index === 0 ? 'Depot' : `Stop ${position}`,
  lat: 0,
  lng: position,
}));
const times: TravelTimes = {
  kind: 'road',
  size: positions.length,
  durations: Float64Array.from(
    positions.flatMap((a) => positions.map((b) => 600 * Math.abs(a - b))),
  ),
  distances: Float64Array.from(
    positions.flatMap((a) => positions.map((b) => 10_000 * Math.abs(a - b))),
  ),
};
const team: TeamDriver[] = [0, 1].map(() => ({ start: 'depot', end: 'start', leaves: DEPARTURE }));

/** Driver 1 west (stops 1, 2), driver 2 east (stops 3, 4, 5). */
function westAndEast(): MovableSplit {
  const day = buildTeamProblem(stops, PLAN, times, team, 'makespan');
  const jobOf = (stop: number) => day.jobStops.indexOf(stop);
  const plan = teamPlanFromSolution(day, times, PLAN, stops, team, {
    routes: [
      { vehicle: 0, jobs: [1, 2].map(jobOf) },
      { vehicle: 1, jobs: [3, 4, 5].map(jobOf) },
    ],
    unassigned: [],
  });
  return { ...plan, day, times, plan: PLAN, team };
}

describe('moveStop', () => {
  it('moves a stop to the other driver where it adds the least driving, and works out both days again', () => {
    const split = westAndEast();
    const drivers = moveStop(split, stops, 3, 1)!;
    // East 1 (stop 3) fits best before West 1 on the way out: 10 minutes more, not 40.
    expect(drivers[0].served).toEqual([3, 1, 2]);
    expect(drivers[1].served).toEqual([4, 5]);
    expect(drivers[0].distance).toBe(60_000);
    expect(drivers[1].distance).toBe(60_000);
    expect(drivers[0].schedule!.stops).toHaveLength(4);
    // The other driver's day starts at its first stop now, 20 minutes out.
    expect(drivers[1].schedule!.stops[1].arrival).toBe(DEPARTURE + 20 * 60_000);
  });

  it('moves a stop to a driver with none, and leaves the split as it was', () => {
    const split = westAndEast();
    const emptied = moveStop(split, stops, 1, 2)!;
    const once = { ...split, drivers: moveStop({ ...split, drivers: emptied }, stops, 2, 2)! };
    expect(once.drivers[0].served).toEqual([]);
    expect(once.drivers[0].schedule).toBeNull();
    expect(moveStop(once, stops, 2, 1)![0].served).toEqual([2]);
    expect(split.drivers[0].served).toEqual([1, 2]);
  });

  it('leaves the days of the drivers it does not touch as they were, the same objects', () => {
    const three = [...team, team[0]];
    const day = buildTeamProblem(stops, PLAN, times, three, 'makespan');
    const jobOf = (stop: number) => day.jobStops.indexOf(stop);
    const plan = teamPlanFromSolution(day, times, PLAN, stops, three, {
      routes: [
        { vehicle: 0, jobs: [1, 2].map(jobOf) },
        { vehicle: 1, jobs: [3, 4].map(jobOf) },
        { vehicle: 2, jobs: [5].map(jobOf) },
      ],
      unassigned: [],
    });
    const split = { ...plan, day, times, plan: PLAN, team: three };
    const drivers = moveStop(split, stops, 5, 2)!;
    expect(drivers.map((driver) => driver.served)).toEqual([[1, 2], [3, 5, 4], []]);
    expect(drivers[0]).toBe(split.drivers[0]);
    expect(drivers[1]).not.toBe(split.drivers[1]);
  });

  it('does nothing for a stop of no driver, or moved to its own driver', () => {
    const split = westAndEast();
    expect(moveStop(split, stops, 0, 2)).toBeNull();
    expect(moveStop(split, stops, 1, 1)).toBeNull();
    expect(moveStop(split, stops, 1, 3)).toBeNull();
  });
});
