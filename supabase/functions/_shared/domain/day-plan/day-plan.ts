/**
 * A route's working day: when it leaves, how long the driver spends at each stop, where the day
 * ends, and each stop's own time at the stop, time window, lock and load. The rules here are the one
 * source for the SPA's forms, the `api` function's validation and (mirrored in SQL) the
 * database's checks. A route without any of it behaves exactly as before (no times at all).
 */
import { STOP_NAME_MAX_CHARS } from '../limits.ts';
import { isTimeZone, parseClock, parseDeparture, type Zone } from './clock.ts';

// The stops' bounds (stops.ts imports this module's types, so they are not imported from there).
const isLatitude = (value: unknown): boolean =>
  typeof value === 'number' && Number.isFinite(value) && value >= -90 && value <= 90;
const isLongitude = (value: unknown): boolean =>
  typeof value === 'number' && Number.isFinite(value) && value >= -180 && value <= 180;

/** Longest time at one stop, in minutes (the default time at stop has the same bounds). */
export const SERVICE_MINUTES_MAX = 240;

/** The largest load of one stop. */
export const STOP_LOAD_MAX = 9999;

/**
 * The load of a stop without one: 1. A driver's capacity then counts stops, and a stop that
 * says "3" (parcels, crates: the unit is the team's) takes three of it; "0" takes none.
 */
export const DEFAULT_STOP_LOAD = 1;

export const STOP_LOCKS = ['first', 'last'] as const;
/** A stop kept first (right after the start) or last (before the end) by the optimiser. */
export type StopLock = (typeof STOP_LOCKS)[number];

/**
 * "Arrive between start and end": times of day ("HH:MM", 00:00-23:59) on the day of the
 * departure, in the route's time zone; both ends included. Hard: a later arrival is late.
 */
export interface StopWindow {
  start: string;
  end: string;
}

/** The fields of the day a stop may carry (all optional). */
export interface StopDayFields {
  /** Minutes spent at the stop (0-240); absent: the route's default. */
  serviceMinutes?: number;
  window?: StopWindow;
  lock?: StopLock;
  /**
   * What the stop takes from a driver's capacity (0-9999, whole); absent: DEFAULT_STOP_LOAD.
   * Only a split among drivers with a capacity counts it.
   */
  load?: number;
}

/** An end address of the day (where the driver goes after the last stop). */
export interface EndPlace {
  name: string;
  lat: number;
  lng: number;
}

/** Where the day ends: at the last stop, back at the start (the first stop), or at an address. */
export type DayEnd = 'last-stop' | 'start' | EndPlace;

export interface DayPlan {
  /** When the driver leaves the start, with its UTC offset: "2026-03-02T08:00+01:00". */
  departure?: string;
  /** IANA zone the windows are read in (the planner's, e.g. "Europe/Paris"); default: the departure's offset. */
  timeZone?: string;
  /** Minutes at each stop that says nothing else (0-240, default 0). */
  defaultServiceMinutes?: number;
  /** Default 'last-stop'. */
  end?: DayEnd;
}

/** What is wrong with a window, for the form's message and the API's. */
export type WindowIssue =
  /** A time that is not HH:MM within the day (00:00 to 23:59). */
  | 'outside-day'
  /** The window ends before it starts. */
  | 'end-before-start';

export const isServiceMinutes = (value: unknown): value is number =>
  Number.isInteger(value) && (value as number) >= 0 && (value as number) <= SERVICE_MINUTES_MAX;

export const isStopLoad = (value: unknown): value is number =>
  Number.isInteger(value) && (value as number) >= 0 && (value as number) <= STOP_LOAD_MAX;

/** The load a stop takes from a driver's capacity: its own, else DEFAULT_STOP_LOAD. */
export const loadOf = (stop: Pick<StopDayFields, 'load'>): number => stop.load ?? DEFAULT_STOP_LOAD;

/** null when the window is fine. An end equal to the start is a window of one minute. */
export function windowIssue(window: { start?: unknown; end?: unknown }): WindowIssue | null {
  const start = parseClock(window.start);
  const end = parseClock(window.end);
  if (start === null || end === null) return 'outside-day';
  return end < start ? 'end-before-start' : null;
}

export const isEndPlace = (value: unknown): value is EndPlace => {
  if (typeof value !== 'object' || value === null) return false;
  const place = value as Record<string, unknown>;
  return (
    typeof place.name === 'string' &&
    place.name.trim().length > 0 &&
    place.name.length <= STOP_NAME_MAX_CHARS &&
    isLatitude(place.lat) &&
    isLongitude(place.lng)
  );
};

/** The zone the windows of a plan are read in: its IANA zone, else its departure's offset. */
export function planZone(plan: DayPlan | null | undefined): Zone | null {
  if (plan?.timeZone && isTimeZone(plan.timeZone)) return { kind: 'iana', name: plan.timeZone };
  const departure = parseDeparture(plan?.departure);
  return departure ? { kind: 'offset', minutes: departure.offset } : null;
}

/** The time at a stop in minutes: its own, else the plan's default, else 0. */
export const serviceMinutesOf = (
  stop: Pick<StopDayFields, 'serviceMinutes'>,
  plan: DayPlan | null | undefined,
): number => stop.serviceMinutes ?? plan?.defaultServiceMinutes ?? 0;

/** The day's end rule (default: the last stop). */
export const endOf = (plan: DayPlan | null | undefined): DayEnd => plan?.end ?? 'last-stop';

/** Issues with the stops' locks: at most one stop is locked first and one last. */
export function lockIssue(stops: readonly StopDayFields[]): 'two-first' | 'two-last' | null {
  let first = 0;
  let last = 0;
  for (const stop of stops) {
    if (stop.lock === 'first') first += 1;
    if (stop.lock === 'last') last += 1;
  }
  if (first > 1) return 'two-first';
  if (last > 1) return 'two-last';
  return null;
}

/** True when the route has anything of a working day (a plan or a stop with its own fields). */
export function hasDayFields(
  plan: DayPlan | null | undefined,
  stops: readonly StopDayFields[],
): boolean {
  return (
    (plan !== null && plan !== undefined && Object.keys(plan).length > 0) ||
    stops.some(
      (stop) =>
        stop.serviceMinutes !== undefined ||
        stop.window !== undefined ||
        stop.lock !== undefined ||
        stop.load !== undefined,
    )
  );
}
