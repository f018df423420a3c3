/**
 * The day's times along a route in a given order: the arrival at each stop, the wait before its
 * window opens, when the driver leaves it, how late it is when its window has closed, and the
 * finish with the totals of driving, time at stops and waiting. Pure arithmetic on moments
 * (epoch ms) and leg durations (seconds), so the planner, the navigation page, the shared page
 * and the optimiser's report all say the same.
 */
import { instantAt, parseClock, parseDeparture, wallClockAt, type LocalDate } from './clock.ts';
import {
  endOf,
  planZone,
  serviceMinutesOf,
  windowIssue,
  type DayPlan,
  type StopDayFields,
  type StopWindow,
} from './day-plan.ts';

const SECOND_MS = 1000;

export interface ScheduleStop {
  /** Time at the stop, seconds. */
  service: number;
  /**
   * [opens, closes] as moments (epoch ms) of whole minutes; both minutes are included, so a
   * window until 10:00 takes an arrival at 10:00:59 (shown as 10:00); null: any time.
   */
  window: readonly [number, number] | null;
}

/** A stop is late when its arrival is at least this long after its window's closing minute. */
export const LATE_AFTER_MS = 60_000;

export interface ScheduleInput {
  /**
   * When the driver can leave the start at the earliest (epoch ms): the day leaves later when
   * that only saves waiting (see computeSchedule).
   */
  departure: number;
  stops: readonly ScheduleStop[];
  /** Driving seconds from each stop to the next: stops.length - 1 of them. */
  legs: readonly number[];
  /** Driving seconds from the last stop to the end (back to the start, an end address); none: the day ends at the last stop. */
  endLeg?: number | null;
  /**
   * True (default): the first stop is where the day starts: the driver leaves it at the
   * departure, with no time spent there and no window to meet. False: the first stop is served
   * like the others, the driver arriving there at the departure.
   */
  firstIsStart?: boolean;
}

export interface StopTime {
  /** When the driver gets there (epoch ms); null for the start. */
  arrival: number | null;
  /** Waiting before the window opens, ms. */
  wait: number;
  /** When the driver leaves. */
  departure: number;
  /** How long after the window's closing minute the driver arrived, ms (0: on time or no window). */
  late: number;
}

export interface DaySchedule {
  stops: StopTime[];
  /** When the day ends: arrival at the end, or leaving the last stop when the day ends there. */
  finish: number;
  /** Totals in ms. */
  driving: number;
  atStops: number;
  waiting: number;
  /** Indices of the stops reached after their window closed. */
  lateStops: number[];
}

/**
 * The times of a route driven in the given order. Throws when the legs do not fit the stops.
 *
 * No avoidable waiting: the departure is when the driver can leave at the earliest, and the
 * day leaves as late as it can without finishing later and without any stop with a window
 * being served later: a route whose first stop opens at 09:00 leaves to be there at 09:00, not
 * at 06:30 to wait, and a route waiting for a 15:00 window does its stops without one just
 * before it (`departureDelay`). A stop with a window keeps its time, so it is never pushed
 * towards the end of its window, nor a late stop later still.
 */
export function computeSchedule(input: ScheduleInput): DaySchedule {
  const { stops, legs } = input;
  if (stops.length > 0 && legs.length !== stops.length - 1) {
    throw new RangeError(`${stops.length} stops need ${stops.length - 1} legs, not ${legs.length}`);
  }
  const earliest = walk(input, input.departure);
  const delay = departureDelay(input, earliest);
  return delay > 0 ? walk(input, input.departure + delay) : earliest;
}

/**
 * How much later than at the earliest the day can leave without finishing later or serving a
 * stop with a window later: the wait at the first stop with a window (the stops before it have
 * none to wait for, and a later departure shortens only that wait).
 */
export function departureDelay(input: ScheduleInput, earliest: DaySchedule): number {
  const first = input.stops.findIndex(
    (stop, index) => stop.window !== null && (index > 0 || input.firstIsStart === false),
  );
  return first < 0 ? 0 : earliest.stops[first].wait;
}

/** The times when the driver leaves at `departure`. */
function walk(input: ScheduleInput, departure: number): DaySchedule {
  const { stops, legs } = input;
  const firstIsStart = input.firstIsStart ?? true;
  const times: StopTime[] = [];
  const lateStops: number[] = [];
  let driving = 0;
  let atStops = 0;
  let waiting = 0;
  let clock = departure;
  stops.forEach((stop, index) => {
    if (index === 0 && firstIsStart) {
      times.push({ arrival: null, wait: 0, departure: clock, late: 0 });
      return;
    }
    if (index > 0) {
      const drive = legs[index - 1] * SECOND_MS;
      driving += drive;
      clock += drive;
    }
    const arrival = clock;
    let wait = 0;
    let late = 0;
    if (stop.window) {
      const [opens, closes] = stop.window;
      if (arrival < opens) wait = opens - arrival;
      else if (arrival - closes >= LATE_AFTER_MS) late = arrival - closes;
    }
    const service = stop.service * SECOND_MS;
    waiting += wait;
    atStops += service;
    clock = arrival + wait + service;
    if (late > 0) lateStops.push(index);
    times.push({ arrival, wait, departure: clock, late });
  });
  if (stops.length > 0 && input.endLeg !== undefined && input.endLeg !== null) {
    const drive = input.endLeg * SECOND_MS;
    driving += drive;
    clock += drive;
  }
  return { stops: times, finish: clock, driving, atStops, waiting, lateStops };
}

/** The date whose windows a plan's stops use: the departure's date in the plan's zone. */
export function dayOf(plan: DayPlan | null | undefined): LocalDate | null {
  const departure = parseDeparture(plan?.departure);
  const zone = planZone(plan);
  if (!departure || !zone) return null;
  return wallClockAt(departure.instant, zone).date;
}

/**
 * A window's opening and closing moments on the plan's day, in its zone (across a
 * daylight-saving change too); null without a departure or with a malformed window.
 */
export function windowMoments(
  plan: DayPlan | null | undefined,
  window: StopWindow | undefined,
): [number, number] | null {
  if (!window || windowIssue(window) !== null) return null;
  const date = dayOf(plan);
  const zone = planZone(plan);
  if (!date || !zone) return null;
  return [
    instantAt(date, parseClock(window.start)!, zone),
    instantAt(date, parseClock(window.end)!, zone),
  ];
}

/** The schedule's stop fields from a plan and its stops (time at stop in seconds, window moments). */
export function scheduleStops(
  plan: DayPlan | null | undefined,
  stops: readonly StopDayFields[],
): ScheduleStop[] {
  return stops.map((stop) => ({
    service: serviceMinutesOf(stop, plan) * 60,
    window: windowMoments(plan, stop.window),
  }));
}

export interface RouteScheduleInput {
  plan: DayPlan | null | undefined;
  stops: readonly StopDayFields[];
  legs: readonly number[];
  /** Seconds from the last stop to the end when the plan's end rule is not the last stop. */
  endLeg?: number | null;
  firstIsStart?: boolean;
}

/**
 * A saved route's day: null without a departure (the route has no times). The end leg counts
 * only when the plan ends somewhere else than the last stop.
 */
export function scheduleRoute(input: RouteScheduleInput): DaySchedule | null {
  const departure = parseDeparture(input.plan?.departure);
  if (!departure || input.stops.length === 0) return null;
  return computeSchedule({
    departure: departure.instant,
    stops: scheduleStops(input.plan, input.stops),
    legs: input.legs,
    endLeg: endOf(input.plan) === 'last-stop' ? null : (input.endLeg ?? null),
    firstIsStart: input.firstIsStart,
  });
}
