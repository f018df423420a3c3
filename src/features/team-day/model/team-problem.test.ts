import { describe, expect, it } from 'vitest';
import type { DayPlan } from '@domain/day-plan/day-plan.ts';
import type { Stop } from '@domain/stops.ts';
import { straightTravelTimes } from '@/lib/optimizer/day-problem.ts';
import { buildTeamProblem, teamPlaces, type TeamDriver } from './team-problem.ts';

const PLAN: DayPlan = {
  departure: '2030-03-04T08:00+01:00',
  timeZone: 'Europe/Paris',
  defaultServiceMinutes: 5,
};
const EIGHT = Date.parse('2030-03-04T07:00:00Z');
const stops: Stop[] = [
  { name: 'Depot', lat: 48.85, lng: 2.35 },
  { name: 'Bakery', lat: 48.86, lng: 2.37, window: { start: '09:00', end: '10:00' } },
  { name: 'School', lat: 48.84, lng: 2.3 },
];
const home = { name: 'Home', lat: 48.9, lng: 2.4 };
const driver = (extra: Partial<TeamDriver> = {}): TeamDriver => ({
  start: 'depot',
  end: 'start',
  leaves: EIGHT,
  ...extra,
});

describe('teamPlaces', () => {
  it('the stops, then each driver’s own place once; each start and end as a place', () => {
    const places = teamPlaces(stops, [
      driver(),
      driver({ start: home, end: 'start' }),
      driver({ start: 'first-stop', end: home }),
      driver({ end: 'last-stop' }),
    ]);
    expect(places.places).toHaveLength(4);
    expect(places.places[3]).toEqual({ lat: 48.9, lng: 2.4 });
    expect(places.starts).toEqual([0, 3, null, 0]);
    expect(places.ends).toEqual([0, 3, 3, null]);
    expect(places.depot).toBe(true);
  });

  it('no driver at the depot: the first stop is a stop like the others', () => {
    const places = teamPlaces(stops, [
      driver({ start: 'first-stop', end: 'last-stop' }),
      driver({ start: home, end: 'start' }),
    ]);
    expect(places.depot).toBe(false);
  });
});

describe('buildTeamProblem', () => {
  it('a vehicle per driver with its start, end, shift and limits; times from the earliest start', () => {
    const team = [
      driver({ leaves: EIGHT + 3_600_000, until: EIGHT + 6 * 3_600_000, maxStops: 4 }),
      driver({ start: 'first-stop', end: home, maxWorkingHours: 7 }),
    ];
    const places = teamPlaces(stops, team);
    const { problem, jobStops, origin } = buildTeamProblem(
      stops,
      PLAN,
      straightTravelTimes(places.places),
      team,
      'makespan',
    );
    expect(origin).toBe(EIGHT);
    // The depot is no job; the bakery's window from 09:00, an hour after the earliest start.
    expect(jobStops).toEqual([1, 2]);
    expect(problem.jobs[0]).toMatchObject({
      location: 1,
      service: 300,
      windows: [[3600, 7200 + 59.999]],
    });
    // A fifth place, "anywhere", for the driver who starts at their first stop.
    expect(problem.locationCount).toBe(5);
    expect(problem.vehicles).toEqual([
      { start: 0, end: { location: 0 }, shift: [3600, 6 * 3600], maxStops: 4 },
      { start: 4, end: { location: 3 }, shift: [0, Infinity], maxWorkingTime: 7 * 3600 },
    ]);
    expect(problem.useEveryVehicle).toBe(true);
    expect(problem.objective).toBe('makespan');
  });

  it('the fewest drivers does not ask for every driver', () => {
    const team = [driver(), driver()];
    const places = teamPlaces(stops, team);
    const { problem } = buildTeamProblem(
      stops,
      PLAN,
      straightTravelTimes(places.places),
      team,
      'vehicles',
    );
    expect(problem.useEveryVehicle).toBeUndefined();
    expect(problem.locationCount).toBe(3);
  });

  it('a capacity: each stop takes its load, 1 when it has none; no capacity: no loads', () => {
    const loaded: Stop[] = [stops[0], { ...stops[1], load: 3 }, stops[2]];
    const build = (team: TeamDriver[]) =>
      buildTeamProblem(
        loaded,
        PLAN,
        straightTravelTimes(teamPlaces(loaded, team).places),
        team,
        'makespan',
      ).problem;
    const limited = build([driver({ capacity: 4 }), driver()]);
    expect(limited.vehicles.map((vehicle) => vehicle.capacity)).toEqual([4, undefined]);
    expect(limited.jobs.map((job) => job.demand)).toEqual([3, 1]);
    const unlimited = build([driver(), driver()]);
    expect(unlimited.jobs.map((job) => job.demand)).toEqual([undefined, undefined]);
  });
});
