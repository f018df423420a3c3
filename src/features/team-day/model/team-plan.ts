/**
 * A day split among drivers (pure): the engine's routes as each driver's day (where it starts,
 * the stops in order with their times, where it ends, the totals), the stops no driver can take,
 * the drivers' titles, and the itineraries 'Save all' creates (one per driver, one day group).
 */
import { formatDeparture, parseDeparture, roundUpToMinutes } from '@domain/day-plan/clock.ts';
import { loadOf, planZone, type DayPlan, type DayEnd } from '@domain/day-plan/day-plan.ts';
import { computeSchedule, scheduleStops, type DaySchedule } from '@domain/day-plan/schedule.ts';
import { TITLE_MAX_CHARS } from '@domain/limits.ts';
import { withStopIds, type Stop } from '@domain/stops.ts';
import type { VrpRoute, VrpSolution } from '@domain/vrp/index.ts';
import {
  unreachableStops,
  type TravelTimes,
  type UnreachableStop,
} from '@/lib/optimizer/day-problem.ts';
import type { ItineraryInput } from '@/lib/itineraries/model/itinerary.ts';
import type { TeamDriver, TeamProblem } from './team-problem.ts';

/** A named place on the map and in a saved route. */
export interface Place {
  name: string;
  lat: number;
  lng: number;
}

export interface DriverRoute {
  /** 1-based, the driver's place in the team: "Driver 2". */
  number: number;
  /** Where the day starts before the first stop served: the depot or the driver's own place; null: at that stop. */
  start: Place | null;
  /** Indices into the route's stops, in driving order (the depot not among them). */
  served: number[];
  /** Where the day goes after the last stop served; null: it ends there. */
  end: Place | null;
  /** True when the end is where the day started (the saved route ends 'back at the start'). */
  endsAtStart: boolean;
  /** The day along it, leaving as late as the route allows; null without stops. */
  schedule: DaySchedule | null;
  /** Metres, the way to the end included. */
  distance: number;
}

export interface TeamPlan {
  drivers: DriverRoute[];
  /** Stops no driver can take in time, with why. */
  unassigned: UnreachableStop[];
}

const at = (matrix: Float64Array, size: number, from: number, to: number): number =>
  matrix[from * size + to];

/** The place of a place index: a stop, or one of the drivers' own places. */
function placeOf(
  index: number,
  stops: readonly Stop[],
  team: readonly TeamDriver[],
  places: TeamProblem['places'],
): Place {
  if (index < stops.length) {
    const { name, lat, lng } = stops[index];
    return { name, lat, lng };
  }
  const point = places.places[index];
  for (const driver of team) {
    for (const own of [driver.start, driver.end]) {
      if (typeof own === 'object' && own.lat === point.lat && own.lng === point.lng) return own;
    }
  }
  return { name: '', ...point };
}

/** Each driver's day from the engine's solution, in the team's order (a driver may have none). */
export function teamPlanFromSolution(
  day: TeamProblem,
  times: TravelTimes,
  plan: DayPlan,
  stops: readonly Stop[],
  team: readonly TeamDriver[],
  solution: {
    /** Each driver's jobs in order (a moved stop's routes have no figures of the engine's). */
    routes: readonly Pick<VrpRoute, 'vehicle' | 'jobs'>[];
    unassigned: VrpSolution['unassigned'];
  },
): TeamPlan {
  const { places } = day;
  const size = times.size;
  const drivers = team.map((driver, v): DriverRoute => {
    const route = solution.routes.find((candidate) => candidate.vehicle === v);
    const served = route ? route.jobs.map((job) => day.jobStops[job]) : [];
    const startIndex = places.starts[v];
    const endIndex = places.ends[v];
    const path = startIndex === null ? served : [startIndex, ...served];
    const last = path[path.length - 1];
    const endLeg = served.length > 0 && endIndex !== null && endIndex !== last;
    let schedule: DaySchedule | null = null;
    let distance = 0;
    if (served.length > 0) {
      const legs = path.slice(1).map((to, i) => at(times.durations, size, path[i], to));
      for (let i = 1; i < path.length; i++)
        distance += at(times.distances, size, path[i - 1], path[i]);
      if (endLeg) distance += at(times.distances, size, last, endIndex);
      schedule = computeSchedule({
        departure: driver.leaves,
        stops: [
          ...(startIndex === null ? [] : [{ service: 0, window: null }]),
          ...scheduleStops(
            plan,
            served.map((index) => stops[index]),
          ),
        ],
        legs,
        endLeg: endLeg ? at(times.durations, size, last, endIndex) : null,
        firstIsStart: startIndex !== null,
      });
    }
    return {
      number: v + 1,
      start: startIndex === null ? null : placeOf(startIndex, stops, team, places),
      served,
      end: endIndex === null ? null : placeOf(endIndex, stops, team, places),
      endsAtStart: endIndex !== null && endIndex === startIndex,
      schedule,
      distance,
    };
  });
  const earliest = (stop: number) =>
    Math.min(
      ...team.map((driver, v) => {
        const from = places.starts[v];
        return from === null
          ? driver.leaves
          : driver.leaves + at(times.durations, size, from, stop) * 1000;
      }),
    );
  const unassigned = unreachableStops(
    { jobStops: day.jobStops, sharedStart: false, departure: day.origin },
    times,
    plan,
    stops,
    solution.unassigned,
    earliest,
  );
  return { drivers, unassigned };
}

/**
 * The stops of a driver's route as saved: where the day starts (the depot, or the driver's own
 * place as a stop of its own), then the stops served. My Routes counts these, and so does the
 * split's card: one count for the same route.
 */
export function driverStops(stops: readonly Stop[], driver: DriverRoute): Stop[] {
  const served = driver.served.map((index) => {
    const stop = { ...stops[index] };
    delete stop.status;
    return stop;
  });
  if (!driver.start) return withStopIds(served);
  const depot = stops[0];
  const atDepot =
    driver.start.lat === depot.lat &&
    driver.start.lng === depot.lng &&
    driver.start.name === depot.name;
  const start: Stop = atDepot ? { ...depot } : { ...driver.start };
  delete start.status;
  return withStopIds([start, ...served]);
}

/** What a driver takes: the loads of the stops they serve (1 for a stop without one). */
export const driverLoad = (stops: readonly Stop[], driver: Pick<DriverRoute, 'served'>): number =>
  driver.served.reduce((total, index) => total + loadOf(stops[index]), 0);

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
 * at their first stop) shows the times the split planned: the driver's own start time, or for a
 * driver who starts at their first stop, when they leave it; their end rule, an end elsewhere
 * saved as that place.
 */
export function driverPlan(plan: DayPlan, driver: DriverRoute, leaves: number): DayPlan {
  const zone = planZone(plan);
  const departure = driver.start ? leaves : (driver.schedule?.stops[0]?.departure ?? leaves);
  const end: DayEnd = driver.end === null ? 'last-stop' : driver.endsAtStart ? 'start' : driver.end;
  return { ...plan, ...(zone ? { departure: formatDeparture(departure, zone) } : {}), end };
}

/** What 'Save all' creates for one driver: their route's stops, the title, the day, the group. */
export function driverItinerary(
  stops: readonly Stop[],
  plan: DayPlan,
  driver: DriverRoute,
  leaves: number,
  title: string,
  dayGroup: string,
): ItineraryInput {
  return {
    title: title.trim(),
    stops: driverStops(stops, driver),
    day_plan: driverPlan(plan, driver, leaves),
    day_group: dayGroup,
  };
}

/**
 * The places a driver's day goes through, in order: the start (when it is not the first stop
 * served), the stops served, and the end (when the day goes on after the last stop).
 */
export function driverPath(stops: readonly Stop[], driver: DriverRoute): Place[] {
  if (driver.served.length === 0) return [];
  const path: Place[] = driver.start ? [driver.start] : [];
  for (const index of driver.served) {
    const { name, lat, lng } = stops[index];
    path.push({ name, lat, lng });
  }
  const last = path[path.length - 1];
  if (driver.end && !(driver.end.lat === last.lat && driver.end.lng === last.lng)) {
    path.push(driver.end);
  }
  return path;
}
