/**
 * The description of a GPX waypoint: on a route with a working day its planned times in the
 * user's language and time conventions ("Arrive 09:05 · wait 5 min · 10 min at the stop · Leave
 * 09:20 · Window 09:00–10:00"; the start: "Leave Mon 4 Mar, 08:00"), then the stop's load when
 * it has one ("Load 3"), then its note. Pure: the words and the time formats come from the caller.
 */
import { stopTimeMinutes } from '@/lib/day-plan/format';

/** A stop's planned times (the day's schedule, see @domain/day-plan/schedule). */
export interface WaypointTimes {
  /** null for the start, which the driver only leaves. */
  arrival: number | null;
  wait: number;
  departure: number;
  /** ms after the window's closing minute (0: on time). */
  late: number;
  window: readonly [number, number] | null;
}

export interface WaypointTexts {
  /** "09:05" */
  time: (instant: number) => string;
  /** "Mon 4 Mar, 08:00" */
  dayAndTime: (instant: number) => string;
  /** A duration of ms: "10m", "1h 5m" */
  span: (ms: number) => string;
  /** Whole minutes in the same format (a wait or a lateness, read off the times shown). */
  minutes: (count: number) => string;
  arrive: (time: string) => string;
  wait: (span: string) => string;
  atStop: (span: string) => string;
  leave: (time: string) => string;
  window: (start: string, end: string) => string;
  late: (span: string) => string;
  /** "Load 3" */
  load: (count: number) => string;
}

/** The planned-times line of a waypoint. */
export function waypointTimesText(times: WaypointTimes, texts: WaypointTexts): string {
  if (times.arrival === null) return texts.leave(texts.dayAndTime(times.departure));
  const service = times.departure - times.arrival - times.wait;
  const minutes = stopTimeMinutes(times);
  const parts = [
    texts.arrive(texts.time(times.arrival)),
    ...(times.wait > 0 ? [texts.wait(texts.minutes(minutes.wait))] : []),
    ...(service > 0 ? [texts.atStop(texts.span(service))] : []),
    texts.leave(texts.time(times.departure)),
    ...(times.window
      ? [texts.window(texts.time(times.window[0]), texts.time(times.window[1]))]
      : []),
  ];
  const line = parts.join(' · ');
  return times.late > 0 ? `${texts.late(texts.minutes(minutes.late))}. ${line}` : line;
}

/**
 * The waypoint's description: the planned times, the load, then the note (each only when there is
 * one: a note alone on a route without times); undefined when there is none of them.
 */
export function waypointDescription(
  times: WaypointTimes | null | undefined,
  note: string | undefined,
  texts: WaypointTexts,
  load?: number,
): string | undefined {
  const lines = [
    ...(times ? [waypointTimesText(times, texts)] : []),
    ...(load !== undefined ? [texts.load(load)] : []),
    ...(note?.trim() ? [note] : []),
  ];
  return lines.length > 0 ? lines.join('\n') : undefined;
}

/** The waypoint's <time>: when the driver is planned there (the start: when the day begins). */
export const waypointTime = (times: WaypointTimes | null | undefined): number | undefined =>
  times ? (times.arrival ?? times.departure) : undefined;
