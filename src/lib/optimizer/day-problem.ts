/**
 * A route's working day as the day's optimiser sees it (pure): the travel times between its
 * places (road times from the route table, or great-circle at the fallback speed), the vrp
 * problem of one or several drivers leaving at the departure (time at stops, windows, locks,
 * the end rule, limits per driver), and the day's times along any order, computed the way the
 * planner computes them (@domain/day-plan), so what the optimiser reports is what the list shows.
 */
import { parseDeparture } from '@domain/day-plan/clock.ts';
import {
  endOf,
  serviceMinutesOf,
  type DayEnd,
  type DayPlan,
  type StopDayFields,
} from '@domain/day-plan/day-plan.ts';
import { scheduleRoute, windowMoments, type DaySchedule } from '@domain/day-plan/schedule.ts';
import { FALLBACK_SPEED_METERS_PER_SECOND, type LatLng } from '@domain/geo.ts';
import { greatCircleMatrix } from '@domain/vrp/matrix.ts';
import type {
  VrpJob,
  VrpObjective,
  VrpProblem,
  VrpUnassigned,
  VrpVehicle,
} from '@domain/vrp/index.ts';

/** A stop of a day: a place with its own time at stop, window and lock. */
export type DayStop = LatLng & StopDayFields & { name: string };

/**
 * Most places (stops plus an end address) for which road travel times are asked: 1000 places
 * are 100 table blocks of 100 x 100, about two minutes behind the public router's one request
 * a second (a router of one's own with a larger table limit answers them in seconds).
 */
export const ROAD_TIMES_MAX_PLACES = 1000;

/** The straight-line fallback's average speed, km/h, as the texts state it. */
export const STRAIGHT_SPEED_KMH = Math.round(FALLBACK_SPEED_METERS_PER_SECOND * 3.6);

/** Travel between every pair of places, row-major size x size: seconds and metres. */
export interface TravelTimes {
  /** 'road': the route service's table; 'straight': great-circle at the fallback speed. */
  kind: 'road' | 'straight';
  /**
   * Why straight lines were used, when road times were asked for: more places than
   * ROAD_TIMES_MAX_PLACES, or the route service failed.
   */
  straightBecause?: 'too-many-places' | 'route-service';
  size: number;
  durations: Float64Array;
  distances: Float64Array;
}

/** The places of a day: its stops, then the end address when the day ends at one. */
export function dayPlaces(stops: readonly LatLng[], plan: DayPlan | null | undefined): LatLng[] {
  const places = stops.map(({ lat, lng }) => ({ lat, lng }));
  const end = endOf(plan);
  if (typeof end === 'object') places.push({ lat: end.lat, lng: end.lng });
  return places;
}

/** Great-circle metres, and seconds at the fallback speed (the straight-line estimate). */
export function straightTravelTimes(places: readonly LatLng[]): TravelTimes {
  const points = places.map(({ lat, lng }) => [lat, lng] as const);
  return {
    kind: 'straight',
    size: places.length,
    distances: greatCircleMatrix(points),
    durations: greatCircleMatrix(points, FALLBACK_SPEED_METERS_PER_SECOND),
  };
}

export interface DayProblemOptions {
  /** Default 1. */
  drivers?: number;
  /**
   * 'distance' (default): the least total driving; 'makespan': everyone finishing early (the
   * balanced day); 'vehicles': the fewest drivers. With several drivers and any objective but
   * the fewest drivers, every driver gets stops whenever there are enough and the limits let
   * them (`useEveryVehicle`).
   */
  objective?: VrpObjective;
  /** Most stops per driver (the start not counted). */
  maxStops?: number;
  /** Most working hours per driver, from leaving the start to the end of the day. */
  maxWorkingHours?: number;
  /**
   * True (default): every driver starts at the first stop (the depot), leaving it at the
   * departure. False: each driver's day starts at their own first stop.
   */
  sharedStart?: boolean;
}

export interface DayProblem {
  problem: VrpProblem;
  /** Job j of the problem is stop jobStops[j]. */
  jobStops: number[];
  sharedStart: boolean;
  /** The departure, epoch ms: the problem's time 0 (its times are seconds from it). */
  departure: number;
}

/** Whether every driver starts at the first stop (the depot): `DayProblemOptions.sharedStart`. */
export interface StartOptions {
  /** Default true. */
  sharedStart?: boolean;
}

/**
 * The end rule the day is planned (and shown, and saved) with. With a shared depot it is the
 * plan's own. Without one, 'back to the start' plans no way back: a driver who does not start at
 * the depot comes from a place of their own (home, where the van is kept) that the route does
 * not know, and is at their first stop when the day starts; their way back to that place is just
 * as unknown. The optimiser models their start as a free 'anywhere' place (free to leave, free to
 * go back to), so their day, its finish and its working hours end at the last stop. A drive back
 * to their first stop would be a drive to a customer already served, which is not what 'back to
 * the start' asked for (and which the optimiser cannot give each route anyway). An end address
 * stays where everyone ends.
 */
export function plannedEndOf(
  plan: DayPlan | null | undefined,
  { sharedStart = true }: StartOptions = {},
): DayEnd {
  const end = endOf(plan);
  return end === 'start' && !sharedStart ? 'last-stop' : end;
}

/** One minute's grace: a window "until 10:00" takes an arrival at 10:00:59 (see LATE_AFTER_MS). */
const CLOSING_MINUTE_S = 60 - 1e-3;

/**
 * The stops as the engine's jobs (times in seconds from `origin`, epoch ms): each one's time at
 * the stop, its window (its closing minute included) and its lock; the first stop left out when
 * it is the depot. Job j is stop jobStops[j].
 */
export function dayJobs(
  stops: readonly DayStop[],
  plan: DayPlan | null | undefined,
  origin: number,
  depotFirst: boolean,
): { jobs: VrpJob[]; jobStops: number[] } {
  const jobStops: number[] = [];
  const jobs: VrpJob[] = [];
  stops.forEach((stop, index) => {
    if (depotFirst && index === 0) return;
    const job: { -readonly [K in keyof VrpJob]: VrpJob[K] } = {
      location: index,
      service: serviceMinutesOf(stop, plan) * 60,
    };
    const window = windowMoments(plan, stop.window);
    if (window) {
      job.windows = [[(window[0] - origin) / 1000, (window[1] - origin) / 1000 + CLOSING_MINUTE_S]];
    }
    if (stop.lock) job.lock = stop.lock;
    jobStops.push(index);
    jobs.push(job);
  });
  return { jobs, jobStops };
}

/**
 * The vrp problem of a day (times in seconds from the departure, distances in metres); null
 * without a departure. Locations are the places of `dayPlaces` (the travel times' order), plus
 * a free "anywhere" start when the drivers do not share the first stop.
 */
export function buildDayProblem(
  stops: readonly DayStop[],
  plan: DayPlan | null | undefined,
  times: TravelTimes,
  options: DayProblemOptions = {},
): DayProblem | null {
  const departure = parseDeparture(plan?.departure);
  if (!departure || stops.length === 0) return null;
  const sharedStart = options.sharedStart ?? true;
  const end = plannedEndOf(plan, { sharedStart });

  let size = times.size;
  let { durations, distances } = times;
  let depot = 0;
  if (!sharedStart) {
    // A place nowhere in particular, free to leave: each route starts at its first job.
    size = times.size + 1;
    durations = widen(durations, times.size);
    distances = widen(distances, times.size);
    depot = times.size;
  }

  const { jobs, jobStops } = dayJobs(stops, plan, departure.instant, sharedStart);

  const vehicle: { -readonly [K in keyof VrpVehicle]: VrpVehicle[K] } = {};
  if (options.maxStops !== undefined) vehicle.maxStops = options.maxStops;
  if (options.maxWorkingHours !== undefined)
    vehicle.maxWorkingTime = options.maxWorkingHours * 3600;
  const drivers = Math.max(1, options.drivers ?? 1);
  const objective = options.objective ?? 'distance';

  return {
    problem: {
      locationCount: size,
      travelTimes: durations,
      distances,
      depot,
      end:
        typeof end === 'object'
          ? { location: stops.length }
          : end === 'start'
            ? 'depot'
            : 'last-stop',
      vehicles: Array.from({ length: drivers }, () => ({ ...vehicle })),
      jobs,
      objective,
      ...(drivers > 1 && objective !== 'vehicles' ? { useEveryVehicle: true } : {}),
    },
    jobStops,
    sharedStart,
    departure: departure.instant,
  };
}

/** The matrix with one more place, free to reach and to leave. */
export function widen(matrix: Float64Array, n: number): Float64Array {
  const size = n + 1;
  const wide = new Float64Array(size * size);
  for (let i = 0; i < n; i++) wide.set(matrix.subarray(i * n, i * n + n), i * size);
  return wide;
}

const at = (times: TravelTimes, matrix: Float64Array, from: number, to: number): number =>
  matrix[from * times.size + to];

/** Seconds from each stop of `order` (indices into the places) to the next. */
export const legSecondsAlong = (times: TravelTimes, order: readonly number[]): number[] =>
  order.slice(1).map((to, i) => at(times, times.durations, order[i], to));

/**
 * Where a route in `order` goes after its last stop under the end rule it is planned with
 * (`plannedEndOf`): back to the depot (its first stop), to the end address (the place after the
 * stops), or nowhere (null).
 */
export function endPlaceOf(
  plan: DayPlan | null | undefined,
  order: readonly number[],
  stopCount: number,
  options: StartOptions = {},
): number | null {
  const end = plannedEndOf(plan, options);
  if (end === 'last-stop' || order.length === 0) return null;
  if (end === 'start') return order.length > 1 ? order[0] : null;
  return stopCount;
}

/** The route's length in metres, driving `order` and on to the day's end. */
export function distanceAlong(
  times: TravelTimes,
  plan: DayPlan | null | undefined,
  order: readonly number[],
  stopCount: number,
  options: StartOptions = {},
): number {
  let total = 0;
  for (let i = 1; i < order.length; i++)
    total += at(times, times.distances, order[i - 1], order[i]);
  const end = endPlaceOf(plan, order, stopCount, options);
  if (end !== null) total += at(times, times.distances, order[order.length - 1], end);
  return total;
}

/**
 * The day's times of the stops driven in `order` (indices into `stops`), as the optimiser plans
 * them; null without a departure. With a shared start the first of `order` is the depot, left at
 * the departure (the planner's own schedule of a route); without one the driver is at the first
 * stop when the day starts and serves it like the others (its window, its time at the stop).
 */
export function scheduleAlong(
  times: TravelTimes,
  plan: DayPlan | null | undefined,
  stops: readonly StopDayFields[],
  order: readonly number[],
  options: StartOptions = {},
): DaySchedule | null {
  const end = endPlaceOf(plan, order, stops.length, options);
  return scheduleRoute({
    plan,
    stops: order.map((index) => stops[index]),
    legs: legSecondsAlong(times, order),
    endLeg: end === null ? null : at(times, times.durations, order[order.length - 1], end),
    firstIsStart: options.sharedStart ?? true,
  });
}

/** The earliest a driver leaving the start at the departure can be at a stop (epoch ms). */
export const earliestArrival = (
  day: Pick<DayProblem, 'departure'>,
  times: TravelTimes,
  from: number,
  to: number,
): number => day.departure + at(times, times.durations, from, to) * 1000;

/**
 * How long the day's search runs: small days end after enough iterations (a fraction of a
 * second), long ones get up to 15 s; the user can stop it earlier and keep the best so far.
 */
export function searchBudget(jobCount: number): { timeLimitMs: number; maxIterations: number } {
  return {
    timeLimitMs: Math.min(15_000, Math.max(2_000, 1_500 + 20 * jobCount)),
    maxIterations: 2_000 + 100 * jobCount,
  };
}

/** Why a stop cannot be served in time, as the texts say it. */
export type UnreachableReason =
  /** Even driving there straight from the start, the driver arrives after the window closes. */
  | 'window'
  /** Reachable alone, but not in time together with the other stops. */
  | 'late'
  /** Another stop is already kept in its place (first or last). */
  | 'lock'
  /** Every driver already has the most stops allowed. */
  | 'max-stops'
  /** Its load fits in no driver's capacity (what the others already take counted). */
  | 'capacity'
  /** No driver can serve it and end the day within the working hours. */
  | 'hours'
  /** No driver has room for it within the limits (a stop without a window). */
  | 'no-room';

export interface UnreachableStop {
  /** Index into the stops. */
  stop: number;
  reason: UnreachableReason;
  /** The earliest arrival at the stop, straight from the start (epoch ms). */
  earliestArrival: number;
  /** When its window closes (epoch ms), if it has one. */
  closes: number | null;
}

/**
 * The engine's left-out jobs as stops, each with its reason in the day's terms; `earliest`: the
 * earliest arrival at a stop (default: straight from the start at the departure, or the
 * departure itself when the drivers start at their first stop).
 */
export function unreachableStops(
  day: Pick<DayProblem, 'jobStops' | 'sharedStart' | 'departure'>,
  times: TravelTimes,
  plan: DayPlan | null | undefined,
  stops: readonly StopDayFields[],
  unassigned: readonly VrpUnassigned[],
  earliest: (stop: number) => number = (stop) =>
    day.sharedStart ? earliestArrival(day, times, 0, stop) : day.departure,
): UnreachableStop[] {
  return unassigned.map(({ job, reason }) => {
    const stop = day.jobStops[job];
    const closes = windowMoments(plan, stops[stop].window)?.[1] ?? null;
    const mapped: UnreachableReason =
      reason === 'window'
        ? 'window'
        : reason === 'lock'
          ? 'lock'
          : reason === 'max-stops' || reason === 'capacity'
            ? reason
            : reason === 'shift'
              ? 'hours'
              : closes !== null
                ? 'late'
                : 'no-room';
    return { stop, reason: mapped, earliestArrival: earliest(stop), closes };
  });
}
