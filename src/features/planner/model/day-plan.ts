/**
 * The planner's side of the working day, pure: the plan a times panel starts from, the
 * departure as the form's date and time fields (in the route's time zone), the window form's
 * checks, the point where the day ends, and the schedule shown in the stop list.
 */
import {
  formatDate,
  formatDeparture,
  formatClock,
  instantAt,
  parseClock,
  parseDeparture,
  roundUpToMinutes,
  wallClockAt,
  type Zone,
} from '@domain/day-plan/clock.ts';
import {
  endOf,
  isServiceMinutes,
  isStopLoad,
  planZone,
  windowIssue,
  type DayPlan,
  type StopDayFields,
  type StopWindow,
} from '@domain/day-plan/day-plan.ts';
import { scheduleRoute, type DaySchedule } from '@domain/day-plan/schedule.ts';
import type { LatLng } from '@domain/geo.ts';

/**
 * The plan a route gets when its times panel is first opened: leaving now, rounded up to the
 * next 5 minutes, in the device's zone; no time at stops; the day ends at the last stop.
 */
export function newDayPlan(now: number, timeZone: string): DayPlan {
  return {
    departure: formatDeparture(roundUpToMinutes(now, 5), { kind: 'iana', name: timeZone }),
    timeZone,
    defaultServiceMinutes: 0,
    end: 'last-stop',
  };
}

/** The zone a plan's times are shown and entered in (its own, else the device's). */
export function zoneOf(plan: DayPlan | null | undefined, deviceZone: string): Zone {
  return planZone(plan) ?? { kind: 'iana', name: deviceZone };
}

/** The departure as the form's fields: "YYYY-MM-DD" and "HH:MM" on the route zone's clocks. */
export function departureFields(
  plan: DayPlan | null | undefined,
  deviceZone: string,
): { date: string; time: string } | null {
  const departure = parseDeparture(plan?.departure);
  if (!departure) return null;
  const { date, minutes } = wallClockAt(departure.instant, zoneOf(plan, deviceZone));
  return { date: formatDate(date), time: formatClock(minutes) };
}

const DATE_FIELD = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * The plan with its departure set from the form's fields (a date and a time on the route
 * zone's clocks); null when either field is not a date or a time yet.
 */
export function withDepartureFields(
  plan: DayPlan,
  date: string,
  time: string,
  deviceZone: string,
): DayPlan | null {
  const match = DATE_FIELD.exec(date);
  const minutes = parseClock(time);
  if (!match || minutes === null) return null;
  const zone = zoneOf(plan, deviceZone);
  const day = { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
  const departure = formatDeparture(instantAt(day, minutes, zone), zone);
  if (!parseDeparture(departure)) return null;
  return {
    ...plan,
    departure,
    ...(plan.timeZone ? {} : zone.kind === 'iana' ? { timeZone: zone.name } : {}),
  };
}

/** What the window form says about a pair of fields (both empty: no window). */
export type WindowFormIssue = 'needs-both' | 'outside-day' | 'end-before-start';

export function windowFormIssue(start: string, end: string): WindowFormIssue | null {
  if (start === '' && end === '') return null;
  if (start === '' || end === '') return 'needs-both';
  return windowIssue({ start, end });
}

/** The window the fields stand for, once they make one. */
export const windowFromFields = (start: string, end: string): StopWindow | null =>
  start !== '' && end !== '' && windowIssue({ start, end }) === null ? { start, end } : null;

/** Minutes typed in the time-at-stop field: a whole number 0-240, '' for the route's default. */
export function serviceFromField(text: string): number | undefined | 'invalid' {
  if (text.trim() === '') return undefined;
  const value = Number(text);
  return isServiceMinutes(value) ? value : 'invalid';
}

/** The load typed in a stop's load field: a whole number 0-9999, '' for none (it counts 1). */
export function loadFromField(text: string): number | undefined | 'invalid' {
  if (text.trim() === '') return undefined;
  const value = Number(text);
  return isStopLoad(value) ? value : 'invalid';
}

/** Where the day ends after the last stop, when it ends elsewhere; null: at the last stop. */
export function endPointOf(
  plan: DayPlan | null | undefined,
  stops: readonly LatLng[],
): LatLng | null {
  const end = endOf(plan);
  if (end === 'last-stop' || stops.length === 0) return null;
  if (end === 'start') return stops.length > 1 ? { lat: stops[0].lat, lng: stops[0].lng } : null;
  return { lat: end.lat, lng: end.lng };
}

/** The legs' durations when they fit the stops (one fewer than the stops), else null. */
export function legSeconds(
  legs: readonly { duration: number }[] | undefined,
  stopCount: number,
): number[] | null {
  if (!legs || legs.length !== stopCount - 1) return null;
  return legs.map((leg) => leg.duration);
}

/**
 * The planner's schedule: null without a departure, or while the route (or the leg to the end)
 * is not known yet. One stop alone has a day too: leaving it at the departure.
 */
export function plannerSchedule(
  plan: DayPlan | null | undefined,
  stops: readonly StopDayFields[],
  legs: readonly { duration: number }[] | undefined,
  endLegSeconds: number | null | undefined,
): DaySchedule | null {
  if (!plan || stops.length === 0) return null;
  const seconds = stops.length === 1 ? [] : legSeconds(legs, stops.length);
  if (!seconds) return null;
  const needsEndLeg = endOf(plan) !== 'last-stop' && !(endOf(plan) === 'start' && stops.length < 2);
  if (needsEndLeg && (endLegSeconds === null || endLegSeconds === undefined)) return null;
  return scheduleRoute({ plan, stops, legs: seconds, endLeg: endLegSeconds });
}
