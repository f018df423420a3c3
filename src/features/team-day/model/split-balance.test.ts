import { describe, expect, it } from 'vitest';
import type { DayPlan } from '@domain/day-plan/day-plan.ts';
import type { Stop } from '@domain/stops.ts';
import { solveVrp } from '@domain/vrp/index.ts';
import { straightTravelTimes } from '@/lib/optimizer/day-problem.ts';
import { initialSplitForm, type SplitObjective } from './split-form.ts';
import { driverLoad, teamPlanFromSolution } from './team-plan.ts';
import { buildTeamProblem, teamPlaces, type TeamDriver } from './team-problem.ts';

/**
 * The split's balance rules on a day like a dispatcher's: a depot and 30 stops spread over a
 * city (about 11 × 11 km) from a depot on its south-west edge, 5 minutes at each, 3 drivers
 * leaving at 06:30.
 */
const PLAN: DayPlan = {
  departure: '2030-03-04T06:30+01:00',
  timeZone: 'Europe/Paris',
  defaultServiceMinutes: 5,
  end: 'last-stop',
};

/** The depot and `count` stops, the same on every run. */
function cityStops(count: number): Stop[] {
  let seed = 7;
  const next = () => (seed = (seed * 16_807) % 2_147_483_647) / 2_147_483_647;
  const stops: Stop[] = [{ name: 'Depot', lat: 48.8, lng: 2.275 }];
  for (let i = 1; i <= count; i++) {
    stops.push({
      name: `Stop ${i}`,
      lat: 48.85 + (next() - 0.5) * 0.1,
      lng: 2.35 + (next() - 0.5) * 0.15,
    });
  }
  return stops;
}

/** Drivers leaving the depot at 06:30, each day ending at its last stop. */
const team = (count: number): TeamDriver[] =>
  Array.from({ length: count }, () => ({
    start: 'depot',
    end: 'last-stop',
    leaves: Date.parse('2030-03-04T05:30:00Z'),
  }));

function split(stops: readonly Stop[], drivers: number | TeamDriver[], objective: SplitObjective) {
  const members = typeof drivers === 'number' ? team(drivers) : drivers;
  const times = straightTravelTimes(teamPlaces(stops, members).places);
  const day = buildTeamProblem(stops, PLAN, times, members, objective);
  const solution = solveVrp(day.problem, { maxIterations: 3_000, timeLimitMs: 20_000 });
  const plan = teamPlanFromSolution(day, times, PLAN, stops, members, solution);
  const served = plan.drivers.map((driver) => driver.served.length);
  const working = plan.drivers.map((driver) =>
    driver.schedule ? driver.schedule.finish - driver.schedule.stops[0].departure : 0,
  );
  return { team: plan, served, working };
}

const average = (values: readonly number[]) =>
  values.reduce((sum, value) => sum + value, 0) / values.length;

describe('splitting 30 stops among 3 drivers', () => {
  const stops = cityStops(30);

  it('the dialog asks for the balanced day unless the dispatcher chooses otherwise', () => {
    expect(initialSplitForm.objective).toBe('makespan');
  });

  it('everyone finishing early: every driver has stops, the longest day close to the average', () => {
    const { team, served, working } = split(stops, 3, 'makespan');
    expect(team.unassigned).toEqual([]);
    expect(served.every((count) => count > 0)).toBe(true);
    expect(Math.max(...working)).toBeLessThanOrEqual(1.15 * average(working));
  });

  it('the least total driving still gives every driver stops', () => {
    const { served } = split(stops, 3, 'distance');
    expect(served).toHaveLength(3);
    expect(served.every((count) => count > 0)).toBe(true);
  });

  it('a stop with a late window does not freeze the others’ work', () => {
    const late = stops.map((stop, index) =>
      index === 5 ? { ...stop, window: { start: '15:00', end: '16:00' } } : stop,
    );
    const { team, served, working } = split(late, 3, 'makespan');
    expect(team.unassigned).toEqual([]);
    expect(served.every((count) => count > 0)).toBe(true);
    // The day that waits for 15:00 takes no more than its share: the work is balanced.
    expect(Math.max(...working)).toBeLessThanOrEqual(1.3 * average(working));
    const finishes = team.drivers.map((driver) => driver.schedule!.finish);
    // 15:00 at the latest stop, and the others are not kept waiting for it.
    expect(Math.max(...finishes)).toBe(Date.parse('2030-03-04T14:05:00Z'));
  });

  it('each driver takes no more than their capacity, counting the stops’ loads', () => {
    // Stops 1 to 10 take 3 each, the others 1: 50 in all, for capacities of 6, 20 and 30.
    const loaded = stops.map((stop, index) =>
      index >= 1 && index <= 10 ? { ...stop, load: 3 } : stop,
    );
    const capacities = [6, 20, 30];
    const drivers = team(3).map((driver, index) => ({ ...driver, capacity: capacities[index] }));
    const { team: plan } = split(loaded, drivers, 'distance');
    expect(plan.unassigned).toEqual([]);
    const loads = plan.drivers.map((driver) => driverLoad(loaded, driver));
    expect(loads.reduce((sum, load) => sum + load, 0)).toBe(50);
    loads.forEach((load, index) => expect(load).toBeLessThanOrEqual(capacities[index]));
  });

  it('fewer stops than drivers: the drivers left without stops stay so', () => {
    const { served } = split(cityStops(2), 3, 'makespan');
    expect([...served].sort()).toEqual([0, 1, 1]);
  });
});
