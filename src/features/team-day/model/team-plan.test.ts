import { describe, expect, it } from 'vitest';
import type { DayPlan } from '@domain/day-plan/day-plan.ts';
import type { Stop } from '@domain/stops.ts';
import { solveVrp } from '@domain/vrp/index.ts';
import { buildDayProblem, scheduleAlong, type TravelTimes } from '@/lib/optimizer/day-problem.ts';
import {
  driverItinerary,
  driverTitle,
  planForSplit,
  servedCount,
  teamPlanFromSolution,
} from './team-plan.ts';

const PLAN: DayPlan = {
  departure: '2030-03-04T08:00+01:00',
  timeZone: 'Europe/Paris',
  defaultServiceMinutes: 5,
  end: 'start',
};
const DEPARTURE = Date.parse('2030-03-04T07:00:00Z');

/** A depot in the middle of two arms: stops 1-2 west (10 and 20 minutes), 3-4 east. */
function armTimes(): TravelTimes {
  const position = [0, -1, -2, 1, 2];
  const size = position.length;
  const durations = new Float64Array(size * size);
  const distances = new Float64Array(size * size);
  for (let i = 0; i < size; i++) {
    for (let j = 0; j < size; j++) {
      durations[i * size + j] = 600 * Math.abs(position[i] - position[j]);
      distances[i * size + j] = 10_000 * Math.abs(position[i] - position[j]);
    }
  }
  return { kind: 'road', size, durations, distances };
}

const stops: Stop[] = [
  { name: 'Depot', lat: 0, lng: 0 },
  { name: 'West 1', lat: 0, lng: -1, note: 'Door code 12', status: 'done' },
  { name: 'West 2', lat: 0, lng: -2, window: { start: '08:00', end: '09:00' } },
  { name: 'East 1', lat: 0, lng: 1, serviceMinutes: 10 },
  { name: 'East 2', lat: 0, lng: 2, window: { start: '08:00', end: '08:05' } },
];

describe('teamPlanFromSolution', () => {
  it('finishing early: each of 2 drivers takes an arm from the depot, with times and totals; names the stop none can take', () => {
    const times = armTimes();
    const day = buildDayProblem(stops, PLAN, times, { drivers: 2, objective: 'makespan' })!;
    const solution = solveVrp(day.problem, { maxIterations: 500, timeLimitMs: 5000 });
    const team = teamPlanFromSolution(day, times, PLAN, stops, solution);

    // East 2 is 20 minutes away and closes at 08:05: no driver can take it.
    expect(team.unassigned).toEqual([
      {
        stop: 4,
        reason: 'window',
        earliestArrival: DEPARTURE + 1_200_000,
        closes: DEPARTURE + 300_000,
      },
    ]);
    const orders = team.drivers.map((driver) => driver.order);
    expect(orders).toHaveLength(2);
    // The west arm either way round: both finish at 08:50.
    expect(orders.map((order) => [order[0], ...order.slice(1).sort()])).toContainEqual([0, 1, 2]);
    expect(orders).toContainEqual([0, 3]);
    expect(team.drivers.map((driver) => driver.number)).toEqual([1, 2]);

    const west = team.drivers.find((driver) => driver.order.length === 3)!;
    // Back to the depot: 10 + 5 + 10 + 5 + 20 minutes.
    expect(west.schedule!.finish).toBe(DEPARTURE + 50 * 60_000);
    expect(west.distance).toBe(40_000);
    expect(servedCount(west, true)).toBe(2);
  });

  it('without a shared depot every stop goes to a driver, each starting at their first stop', () => {
    const times = armTimes();
    const day = buildDayProblem(stops.slice(0, 4), { ...PLAN, end: 'last-stop' }, times, {
      drivers: 2,
      sharedStart: false,
    })!;
    const solution = solveVrp(day.problem, { maxIterations: 300, timeLimitMs: 5000 });
    const team = teamPlanFromSolution(day, times, PLAN, stops.slice(0, 4), solution);
    expect(team.unassigned).toEqual([]);
    expect(team.drivers.flatMap((driver) => driver.order).sort()).toEqual([0, 1, 2, 3]);
  });
});

describe('drivers who do not start at the depot', () => {
  // Leaving at 08:00; West 2's window is 10:00-11:00 and the driver spends 30 minutes there.
  const own: Stop[] = stops
    .slice(0, 4)
    .map((stop) =>
      stop.name === 'West 2'
        ? { ...stop, window: { start: '10:00', end: '11:00' }, serviceMinutes: 30, lock: 'first' }
        : stop,
    );
  const HOUR = 3_600_000;

  function split() {
    const times = armTimes();
    const day = buildDayProblem(own, PLAN, times, { drivers: 2, sharedStart: false })!;
    const solution = solveVrp(day.problem, { maxIterations: 300, timeLimitMs: 5000 });
    const team = teamPlanFromSolution(day, times, PLAN, own, solution);
    const route = solution.routes.find((r) => r.jobs.some((job) => day.jobStops[job] === 2))!;
    const driver = team.drivers.find((d) => d.order[0] === 2)!;
    return { times, team, route, driver };
  }

  it('each driver’s times are the optimiser’s: the first stop served, no drive back to it', () => {
    const { route, driver } = split();
    expect(driver.schedule!.stops[0]).toEqual({
      arrival: DEPARTURE + 2 * HOUR,
      wait: 0,
      departure: DEPARTURE + 2.5 * HOUR,
      late: 0,
    });
    expect(driver.schedule!.finish).toBe(DEPARTURE + route.finish * 1000);
    expect(driver.distance).toBe(route.distance);
    expect(servedCount(driver, false)).toBe(driver.order.length);
  });

  it('the saved route leaves its first stop when planned and ends at its last stop', () => {
    const { times, driver } = split();
    const input = driverItinerary(own, PLAN, driver, 'Driver 1', 'group-id', false);
    expect(input.day_plan).toEqual({
      ...PLAN,
      departure: '2030-03-04T10:30+01:00',
      end: 'last-stop',
    });
    // What the planner shows of the saved route (its first stop the start): the planned times.
    const saved = scheduleAlong(times, input.day_plan, own, driver.order)!;
    expect(saved.stops[0].departure).toBe(driver.schedule!.stops[0].departure);
    expect(saved.stops.slice(1)).toEqual(driver.schedule!.stops.slice(1));
    expect(saved.finish).toBe(driver.schedule!.finish);
    expect(saved.driving).toBe(driver.schedule!.driving);
  });
});

describe('driverTitle', () => {
  const pattern = (title: string, number: number) => `${title} — Driver ${number}`;

  it('adds the driver to the title', () => {
    expect(driverTitle('Monday', 2, pattern)).toBe('Monday — Driver 2');
  });

  it('cuts a long title so that the whole fits', () => {
    const title = driverTitle('x'.repeat(200), 12, pattern);
    expect(title).toHaveLength(200);
    expect(title.endsWith('… — Driver 12')).toBe(true);
  });
});

describe('planForSplit', () => {
  it('keeps a plan that has a departure', () => {
    expect(planForSplit(PLAN, 0, 'UTC')).toBe(PLAN);
  });

  it('otherwise leaves now, rounded up to 5 minutes, in the device zone', () => {
    const now = Date.parse('2030-03-04T07:21:10Z');
    expect(planForSplit(null, now, 'Europe/Paris')).toEqual({
      departure: '2030-03-04T08:25+01:00',
      timeZone: 'Europe/Paris',
      defaultServiceMinutes: 0,
      end: 'last-stop',
    });
    expect(planForSplit({ defaultServiceMinutes: 7 }, now, 'UTC')).toMatchObject({
      departure: '2030-03-04T07:25+00:00',
      defaultServiceMinutes: 7,
    });
  });
});

describe('driverItinerary', () => {
  it('the driver’s stops in order with notes and day fields, no road status, the plan and group', () => {
    const input = driverItinerary(
      stops,
      PLAN,
      { number: 1, order: [0, 2, 1], schedule: null, distance: 0 },
      '  Monday — Driver 1 ',
      'group-id',
      true,
    );
    expect(input).toEqual({
      title: 'Monday — Driver 1',
      stops: [stops[0], stops[2], { name: 'West 1', lat: 0, lng: -1, note: 'Door code 12' }],
      day_plan: PLAN,
      day_group: 'group-id',
    });
  });
});
