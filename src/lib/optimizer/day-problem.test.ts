import { describe, expect, it } from 'vitest';
import type { DayPlan } from '@domain/day-plan/day-plan.ts';
import { checkSolution, solveVrp } from '@domain/vrp/index.ts';
import {
  buildDayProblem,
  dayPlaces,
  distanceAlong,
  earliestArrival,
  endPlaceOf,
  plannedEndOf,
  scheduleAlong,
  searchBudget,
  straightTravelTimes,
  unreachableStops,
  type DayStop,
  type TravelTimes,
} from './day-problem.ts';

const PLAN: DayPlan = {
  departure: '2030-03-04T08:00+01:00',
  timeZone: 'Europe/Paris',
  defaultServiceMinutes: 5,
  end: 'last-stop',
};
const DEPARTURE = Date.parse('2030-03-04T07:00:00Z');

const stop = (name: string, extra: Partial<DayStop> = {}): DayStop => ({
  name,
  lat: 48.85,
  lng: 2.35,
  ...extra,
});

/** A line of places 10 minutes (600 s, 10 km) apart: place i to j takes 600 * |i - j| s. */
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

describe('dayPlaces', () => {
  it('lists the stops, then the end address when the day ends at one', () => {
    const stops = [stop('A'), stop('B', { lat: 1, lng: 2 })];
    expect(dayPlaces(stops, PLAN)).toEqual([
      { lat: 48.85, lng: 2.35 },
      { lat: 1, lng: 2 },
    ]);
    expect(dayPlaces(stops, { ...PLAN, end: { name: 'Home', lat: 3, lng: 4 } })).toEqual([
      { lat: 48.85, lng: 2.35 },
      { lat: 1, lng: 2 },
      { lat: 3, lng: 4 },
    ]);
  });
});

describe('travel times', () => {
  it('straight lines: great-circle metres, seconds at 50 km/h', () => {
    const times = straightTravelTimes([
      { lat: 0, lng: 0 },
      { lat: 0, lng: 1 },
    ]);
    expect(times.kind).toBe('straight');
    expect(times.distances[1]).toBeCloseTo(111_195, -1);
    expect(times.durations[1]).toBeCloseTo(times.distances[1] / (50_000 / 3600), 6);
    expect(times.durations[2]).toBe(times.durations[1]);
    expect(times.durations[0]).toBe(0);
  });
});

describe('buildDayProblem', () => {
  const stops = [
    stop('Depot'),
    stop('Bakery', { window: { start: '09:00', end: '10:00' } }),
    stop('Pharmacy', { serviceMinutes: 12, lock: 'last' }),
    stop('School', { lock: 'first' }),
  ];

  it('one driver leaving the first stop at the departure, times in seconds from it', () => {
    const day = buildDayProblem(stops, PLAN, lineTimes(4))!;
    expect(day.departure).toBe(DEPARTURE);
    expect(day.jobStops).toEqual([1, 2, 3]);
    expect(day.problem.depot).toBe(0);
    expect(day.problem.end).toBe('last-stop');
    expect(day.problem.vehicles).toEqual([{}]);
    expect(day.problem.objective).toBe('distance');
    const [bakery, pharmacy, school] = day.problem.jobs;
    // 09:00 is an hour after the departure; 10:00 counts until 10:00:59.
    expect(bakery.windows![0][0]).toBe(3600);
    expect(bakery.windows![0][1]).toBeCloseTo(7260, 2);
    expect(bakery.windows![0][1]).toBeLessThan(7260);
    expect(bakery.service).toBe(300);
    expect(pharmacy).toEqual({ location: 2, service: 720, lock: 'last' });
    expect(school.lock).toBe('first');
  });

  it('maps the end rule: back to the start, an end address (the place after the stops)', () => {
    expect(buildDayProblem(stops, { ...PLAN, end: 'start' }, lineTimes(4))!.problem.end).toBe(
      'depot',
    );
    const home = { ...PLAN, end: { name: 'Home', lat: 1, lng: 1 } };
    expect(buildDayProblem(stops, home, lineTimes(5))!.problem.end).toEqual({ location: 4 });
  });

  it('several drivers with their limits and objective', () => {
    const day = buildDayProblem(stops, PLAN, lineTimes(4), {
      drivers: 3,
      objective: 'makespan',
      maxStops: 2,
      maxWorkingHours: 4.5,
    })!;
    expect(day.problem.vehicles).toEqual([
      { maxStops: 2, maxWorkingTime: 16_200 },
      { maxStops: 2, maxWorkingTime: 16_200 },
      { maxStops: 2, maxWorkingTime: 16_200 },
    ]);
    expect(day.problem.objective).toBe('makespan');
  });

  it('drivers without a shared depot: every stop is a job, routes start from a free place', () => {
    const day = buildDayProblem(stops, { ...PLAN, end: 'start' }, lineTimes(4), {
      drivers: 2,
      sharedStart: false,
    })!;
    expect(day.jobStops).toEqual([0, 1, 2, 3]);
    expect(day.problem.locationCount).toBe(5);
    expect(day.problem.depot).toBe(4);
    expect(day.problem.end).toBe('last-stop');
    const { travelTimes } = day.problem;
    expect(travelTimes[4 * 5 + 2]).toBe(0);
    expect(travelTimes[2 * 5 + 4]).toBe(0);
    expect(travelTimes[1 * 5 + 3]).toBe(1200);
  });

  it('is null without a departure or without stops', () => {
    expect(buildDayProblem(stops, { defaultServiceMinutes: 5 }, lineTimes(4))).toBeNull();
    expect(buildDayProblem([], PLAN, lineTimes(0))).toBeNull();
  });

  it('a window that closes before the driver can get there is reported as such by the engine', () => {
    const late = [stop('Depot'), stop('Far', { window: { start: '08:00', end: '08:05' } })];
    const day = buildDayProblem(late, PLAN, lineTimes(2))!;
    const solution = solveVrp(day.problem, { maxIterations: 50, timeLimitMs: 5000 });
    expect(solution.unassigned).toEqual([{ job: 0, reason: 'window' }]);
    expect(earliestArrival(day, lineTimes(2), 0, 1)).toBe(DEPARTURE + 600_000);
  });
});

describe('unreachableStops', () => {
  it('names the stops left out: a window closed before the earliest arrival, or no room with the others', () => {
    const stops = [
      stop('Depot'),
      stop('Early', { window: { start: '08:00', end: '08:05' } }),
      stop('A', { window: { start: '08:10', end: '08:10' } }),
      stop('B', { window: { start: '08:20', end: '08:20' } }),
    ];
    const times = lineTimes(4);
    // A is 10 minutes away, B 20: serving one (5 minutes there) makes the other late.
    times.durations.set([0, 600, 600, 1200], 0);
    const day = buildDayProblem(stops, PLAN, times)!;
    const solution = solveVrp(day.problem, { maxIterations: 200, timeLimitMs: 5000 });
    const unreachable = unreachableStops(day, times, PLAN, stops, solution.unassigned);
    expect(unreachable[0]).toEqual({
      stop: 1,
      reason: 'window',
      earliestArrival: DEPARTURE + 600_000,
      closes: DEPARTURE + 5 * 60_000,
    });
    expect(unreachable).toHaveLength(2);
    expect(unreachable[1].reason).toBe('late');
    expect([2, 3]).toContain(unreachable[1].stop);
  });

  it('says a stop without a window has no room, and maps the limits of drivers and capacities', () => {
    const stops = [stop('Depot'), stop('A'), stop('B')];
    const day = buildDayProblem(stops, PLAN, lineTimes(3), { sharedStart: false, drivers: 2 })!;
    expect(
      unreachableStops(day, lineTimes(3), PLAN, stops, [
        { job: 1, reason: 'no-room' },
        { job: 2, reason: 'shift' },
        { job: 0, reason: 'max-stops' },
      ]),
    ).toEqual([
      { stop: 1, reason: 'no-room', earliestArrival: DEPARTURE, closes: null },
      { stop: 2, reason: 'hours', earliestArrival: DEPARTURE, closes: null },
      { stop: 0, reason: 'max-stops', earliestArrival: DEPARTURE, closes: null },
    ]);
    expect(
      unreachableStops(day, lineTimes(3), PLAN, stops, [{ job: 2, reason: 'capacity' }]),
    ).toEqual([{ stop: 2, reason: 'capacity', earliestArrival: DEPARTURE, closes: null }]);
  });
});

describe('times along an order', () => {
  const stops = [stop('A'), stop('B'), stop('C', { window: { start: '08:00', end: '08:10' } })];

  it('is the planner schedule of the stops in that order', () => {
    const schedule = scheduleAlong(lineTimes(3), PLAN, stops, [0, 2, 1])!;
    expect(schedule.stops.map((time) => time.arrival)).toEqual([
      null,
      DEPARTURE + 1_200_000,
      DEPARTURE + 1_200_000 + 300_000 + 600_000,
    ]);
    expect(schedule.lateStops).toEqual([1]);
    expect(schedule.finish).toBe(DEPARTURE + 2_400_000);
  });

  it('counts the way to the end: back to the start, or an end address', () => {
    const back = { ...PLAN, end: 'start' as const };
    expect(distanceAlong(lineTimes(3), back, [0, 1, 2], 3)).toBe(40_000);
    expect(scheduleAlong(lineTimes(3), back, stops, [0, 1, 2])!.finish).toBe(
      DEPARTURE + (600 + 300 + 600 + 300 + 1200) * 1000,
    );
    const home = { ...PLAN, end: { name: 'Home', lat: 0, lng: 0 } };
    expect(distanceAlong(lineTimes(4), home, [0, 2, 1], 3)).toBe(20_000 + 10_000 + 20_000);
    expect(distanceAlong(lineTimes(3), PLAN, [0, 2, 1], 3)).toBe(30_000);
  });
});

describe('drivers who do not start at the depot', () => {
  // Leaving at 08:00; A opens 10:00-11:00 with 30 minutes there; B is 10 minutes further on.
  const stops = [
    stop('Depot'),
    stop('A', { window: { start: '10:00', end: '11:00' }, serviceMinutes: 30 }),
    stop('B'),
  ];
  const back = { ...PLAN, end: 'start' as const };
  const HOUR = 3_600_000;

  it('the first stop is served like the others and no way back is counted: the optimiser’s times', () => {
    const times = lineTimes(3);
    const day = buildDayProblem(stops, back, times, { drivers: 2, sharedStart: false })!;
    const order = [1, 2];
    const schedule = scheduleAlong(times, back, stops, order, { sharedStart: false })!;
    // At A when its window opens (not at the start of the day, to wait), 30 minutes there.
    expect(schedule.stops).toEqual([
      { arrival: DEPARTURE + 2 * HOUR, wait: 0, departure: DEPARTURE + 2.5 * HOUR, late: 0 },
      {
        arrival: DEPARTURE + 2.5 * HOUR + 600_000,
        wait: 0,
        departure: DEPARTURE + 2.5 * HOUR + 900_000,
        late: 0,
      },
    ]);
    // The optimiser's own figures for that route: no drive back to A.
    const route = order.map((index) => day.jobStops.indexOf(index));
    const check = checkSolution(day.problem, [{ vehicle: 0, jobs: route }]);
    expect(check.feasible).toBe(true);
    expect(schedule.finish).toBe(DEPARTURE + check.routes[0].finish * 1000);
    expect(schedule.driving).toBe(check.routes[0].travelTime * 1000);
    expect(distanceAlong(times, back, order, 3, { sharedStart: false })).toBe(
      check.routes[0].distance,
    );
    expect(endPlaceOf(back, order, 3, { sharedStart: false })).toBeNull();
    expect(plannedEndOf(back, { sharedStart: false })).toBe('last-stop');
  });

  it('an end address is still where every driver ends', () => {
    const times = lineTimes(4);
    const home = { ...PLAN, end: { name: 'Home', lat: 0, lng: 0 } };
    const day = buildDayProblem(stops, home, times, { drivers: 2, sharedStart: false })!;
    expect(day.problem.end).toEqual({ location: 3 });
    const order = [2, 1];
    const check = checkSolution(day.problem, [
      { vehicle: 0, jobs: order.map((index) => day.jobStops.indexOf(index)) },
    ]);
    const schedule = scheduleAlong(times, home, stops, order, { sharedStart: false })!;
    expect(schedule.finish).toBe(DEPARTURE + check.routes[0].finish * 1000);
    expect(distanceAlong(times, home, order, 3, { sharedStart: false })).toBe(
      check.routes[0].distance,
    );
  });

  it('every route the engine plans has the times and length the planner shows', () => {
    const many = [
      stop('Depot'),
      stop('A', { window: { start: '09:00', end: '09:30' }, serviceMinutes: 20 }),
      stop('B'),
      stop('C', { window: { start: '08:00', end: '12:00' } }),
      stop('D', { serviceMinutes: 45 }),
      stop('E', { window: { start: '10:00', end: '10:30' } }),
    ];
    for (const sharedStart of [true, false]) {
      for (const end of ['start', 'last-stop', { name: 'Home', lat: 0, lng: 0 }] as const) {
        const plan: DayPlan = { ...PLAN, end };
        const times = lineTimes(typeof end === 'object' ? 7 : 6);
        const day = buildDayProblem(many, plan, times, { drivers: 2, sharedStart })!;
        const solution = solveVrp(day.problem, { maxIterations: 300, timeLimitMs: 5000, seed: 7 });
        for (const route of solution.routes) {
          const jobs = route.jobs.map((job) => day.jobStops[job]);
          const order = sharedStart ? [0, ...jobs] : jobs;
          const schedule = scheduleAlong(times, plan, many, order, { sharedStart })!;
          const where = `${String(sharedStart)} ${JSON.stringify(end)}`;
          expect(schedule.finish, where).toBeCloseTo(DEPARTURE + route.finish * 1000, 3);
          expect(distanceAlong(times, plan, order, many.length, { sharedStart }), where).toBe(
            route.distance,
          );
        }
      }
    }
  });
});

describe('searchBudget', () => {
  it('grows with the stops, from 2 s to at most 15 s', () => {
    expect(searchBudget(3)).toEqual({ timeLimitMs: 2000, maxIterations: 2300 });
    expect(searchBudget(2000).timeLimitMs).toBe(15_000);
  });
});
