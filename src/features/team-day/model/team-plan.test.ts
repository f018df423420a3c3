import { describe, expect, it } from 'vitest';
import type { DayPlan, EndPlace } from '@domain/day-plan/day-plan.ts';
import type { Stop } from '@domain/stops.ts';
import { solveVrp } from '@domain/vrp/index.ts';
import type { TravelTimes } from '@/lib/optimizer/day-problem.ts';
import {
  driverItinerary,
  driverLoad,
  driverPath,
  driverStops,
  driverTitle,
  planForSplit,
  teamPlanFromSolution,
  type DriverRoute,
} from './team-plan.ts';
import { buildTeamProblem, teamPlaces, type TeamDriver } from './team-problem.ts';

const PLAN: DayPlan = {
  departure: '2030-03-04T08:00+01:00',
  timeZone: 'Europe/Paris',
  defaultServiceMinutes: 5,
  end: 'last-stop',
};
const DEPARTURE = Date.parse('2030-03-04T07:00:00Z');
const MIN = 60_000;
const HOME: EndPlace = { name: 'Home, far east', lat: 0, lng: 3 };

/**
 * Places on a line, 10 minutes and 10 km a step: the depot at 0, stops west at -1 and -2, east
 * at 1 and 2, and a driver's home at 3 (the place after the stops).
 */
function lineTimes(positions: readonly number[]): TravelTimes {
  const size = positions.length;
  const durations = new Float64Array(size * size);
  const distances = new Float64Array(size * size);
  positions.forEach((from, i) =>
    positions.forEach((to, j) => {
      durations[i * size + j] = 600 * Math.abs(from - to);
      distances[i * size + j] = 10_000 * Math.abs(from - to);
    }),
  );
  return { kind: 'road', size, durations, distances };
}

const stops: Stop[] = [
  { name: 'Depot', lat: 0, lng: 0 },
  { name: 'West 1', lat: 0, lng: -1, note: 'Door code 12', status: 'done' },
  { name: 'West 2', lat: 0, lng: -2, window: { start: '08:00', end: '09:00' } },
  { name: 'East 1', lat: 0, lng: 1, serviceMinutes: 10 },
  { name: 'East 2', lat: 0, lng: 2, window: { start: '08:00', end: '08:05' } },
];

const driver = (extra: Partial<TeamDriver> = {}): TeamDriver => ({
  start: 'depot',
  end: 'start',
  leaves: DEPARTURE,
  ...extra,
});

function split(team: TeamDriver[], day: Stop[] = stops, objective = 'makespan' as const) {
  const places = teamPlaces(day, team);
  const times = lineTimes(places.places.map((place) => place.lng));
  const problem = buildTeamProblem(day, PLAN, times, team, objective);
  const solution = solveVrp(problem.problem, { maxIterations: 500, timeLimitMs: 5000 });
  return { times, problem, plan: teamPlanFromSolution(problem, times, PLAN, day, team, solution) };
}

describe('teamPlanFromSolution', () => {
  it('two drivers from the depot and back: an arm each, with times, totals and the stop none can take', () => {
    const { plan } = split([driver(), driver()]);
    // East 2 is 20 minutes away and closes at 08:05: no driver can take it.
    expect(plan.unassigned).toEqual([
      {
        stop: 4,
        reason: 'window',
        earliestArrival: DEPARTURE + 20 * MIN,
        closes: DEPARTURE + 5 * MIN,
      },
    ]);
    const west = plan.drivers.find((route) => route.served.includes(1))!;
    const east = plan.drivers.find((route) => route.served.includes(3))!;
    expect([...west.served].sort()).toEqual([1, 2]);
    expect(east.served).toEqual([3]);
    expect(west.start).toEqual({ name: 'Depot', lat: 0, lng: 0 });
    expect(west.endsAtStart).toBe(true);
    // Back to the depot: 10 + 5 + 10 + 5 + 20 minutes, 40 km.
    expect(west.schedule!.finish).toBe(DEPARTURE + 50 * MIN);
    expect(west.distance).toBe(40_000);
    // The card's count is the saved route's: the depot and its two stops.
    expect(driverStops(stops, west)).toHaveLength(3);
  });

  it('a driver who starts at their first stop serves it, and ends where the rule says', () => {
    const { plan } = split([driver({ start: 'first-stop', end: 'last-stop' }), driver()]);
    const own = plan.drivers[0];
    expect(own.start).toBeNull();
    expect(own.end).toBeNull();
    expect(own.served.length).toBeGreaterThan(0);
    // At their first stop when the day starts: no drive to it.
    expect(own.schedule!.stops[0].arrival).toBeGreaterThanOrEqual(DEPARTURE);
    expect(driverPath(stops, own)).toHaveLength(own.served.length);
  });

  it('a driver from home and back, leaving at 09:00: the east, with its own times', () => {
    const nine = DEPARTURE + 60 * MIN;
    const { plan } = split([driver(), driver({ start: HOME, leaves: nine })]);
    const home = plan.drivers[1];
    expect(home.start).toEqual(HOME);
    expect(home.end).toEqual(HOME);
    expect(home.served).toEqual([3]);
    // Leaves at 09:00, 20 minutes to East 1, 10 there, 20 back.
    expect(home.schedule!.stops[0].departure).toBe(nine);
    expect(home.schedule!.finish).toBe(nine + 50 * MIN);
    expect(driverPath(stops, home).map((place) => place.name)).toEqual([
      HOME.name,
      'East 1',
      HOME.name,
    ]);
  });
});

describe('driverItinerary', () => {
  const route = (extra: Partial<DriverRoute>): DriverRoute => ({
    number: 1,
    start: { name: 'Depot', lat: 0, lng: 0 },
    served: [2, 1],
    end: { name: 'Depot', lat: 0, lng: 0 },
    endsAtStart: true,
    schedule: null,
    distance: 0,
    ...extra,
  });

  it('the depot, the stops with notes and day fields, no road status, the driver’s start time', () => {
    const input = driverItinerary(
      stops,
      PLAN,
      route({}),
      DEPARTURE + 30 * MIN,
      ' Monday ',
      'group',
    );
    expect(input.title).toBe('Monday');
    expect(input.day_group).toBe('group');
    expect(input.stops.map(({ id: _id, ...stop }) => stop)).toEqual([
      stops[0],
      stops[2],
      { name: 'West 1', lat: 0, lng: -1, note: 'Door code 12' },
    ]);
    expect(input.stops.every((stop) => /^[0-9a-f-]{36}$/.test(stop.id!))).toBe(true);
    expect(input.day_plan).toEqual({ ...PLAN, departure: '2030-03-04T08:30+01:00', end: 'start' });
  });

  it('from home to the depot: home is the first stop, the depot the end address', () => {
    const input = driverItinerary(
      stops,
      PLAN,
      route({ start: HOME, endsAtStart: false }),
      DEPARTURE,
      'Monday',
      'group',
    );
    expect(input.stops[0]).toMatchObject(HOME);
    expect(input.day_plan?.end).toEqual({ name: 'Depot', lat: 0, lng: 0 });
  });

  it('from the first stop: the saved day leaves it when the split has the driver leave it', () => {
    const leaves = DEPARTURE + 150 * MIN;
    const schedule = {
      stops: [{ arrival: DEPARTURE + 120 * MIN, wait: 0, departure: leaves, late: 0 }],
      finish: leaves,
      driving: 0,
      atStops: 30 * MIN,
      waiting: 0,
      lateStops: [],
    };
    const input = driverItinerary(
      stops,
      PLAN,
      route({ start: null, served: [2], end: null, endsAtStart: false, schedule }),
      DEPARTURE,
      'Monday',
      'group',
    );
    expect(input.stops.map((stop) => stop.name)).toEqual(['West 2']);
    expect(input.day_plan).toEqual({
      ...PLAN,
      departure: '2030-03-04T10:30+01:00',
      end: 'last-stop',
    });
  });
});

describe('driverLoad', () => {
  it('adds the loads of the stops served, 1 for a stop without one', () => {
    const loaded: Stop[] = [
      { name: 'Depot', lat: 0, lng: 0, load: 50 },
      { name: 'A', lat: 0, lng: 1, load: 4 },
      { name: 'B', lat: 0, lng: 2 },
      { name: 'C', lat: 0, lng: 3, load: 0 },
    ];
    expect(driverLoad(loaded, { served: [1, 2, 3] })).toBe(5);
    expect(driverLoad(loaded, { served: [] })).toBe(0);
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
