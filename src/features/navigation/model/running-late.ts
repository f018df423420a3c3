import { LATE_AFTER_MS } from '@domain/day-plan/schedule.ts';
import type { Stop } from '@domain/stops.ts';
import { isSettled } from './stop-status';

/** What the projection needs of a stop on a route with a working day. */
export interface DriveDayStop extends Pick<Stop, 'status'> {
  /** Time at the stop, seconds. */
  service: number;
  /** The stop's window as moments [opens, closes] (closing minute included); null: any time. */
  window: readonly [number, number] | null;
}

export interface DriveProjection {
  /** Per stop: when the driver is expected there (epoch ms); null for the start, a stop done or skipped. */
  arrivals: (number | null)[];
  /**
   * Per stop: how long after its window's closing minute the driver is expected there (ms);
   * 0 when on time, without a window, or done or skipped. Above 0: running late.
   */
  lateBy: number[];
}

const nothing = (count: number): DriveProjection => ({
  arrivals: Array.from({ length: count }, () => null),
  lateBy: Array.from({ length: count }, () => 0),
});

/**
 * The rest of the day from now: the driver is on the leg into the current stop (the first still
 * to do), as the page's ETA has it, so the current stop is reached at now plus that leg; each
 * later stop still to do adds its leg, the wait until the window of the stop before opened and
 * the time spent there. A stop done or skipped further on is driven past (its leg counts, its
 * time at the stop does not). The first stop is where the day starts: while it is current the
 * driver leaves it at the departure, or now if that has passed, and it has no arrival (the
 * driver is there) nor window to meet.
 *
 * Running late: a stop still to do whose expected arrival is at least LATE_AFTER_MS after its
 * window's closing minute (the planner's lateness rule), so the flag says "you will miss it"
 * before it happens. Null legs (not known yet) or legs of other stops give nothing.
 */
export function projectDrive(
  stops: readonly DriveDayStop[],
  legs: readonly { duration: number }[] | null,
  now: number,
  departure: number | null,
): DriveProjection {
  const current = stops.findIndex((stop) => !isSettled(stop));
  if (current < 0 || !legs || legs.length !== Math.max(0, stops.length - 1)) {
    return nothing(stops.length);
  }
  const { arrivals, lateBy } = nothing(stops.length);
  let clock = now;
  for (let index = current; index < stops.length; index += 1) {
    const stop = stops[index];
    if (index > 0) clock += Math.max(0, legs[index - 1].duration) * 1000;
    if (isSettled(stop)) continue;
    if (index === 0) {
      // The start: leave at the departure (not before), no window, no time there.
      clock = Math.max(clock, departure ?? clock);
      continue;
    }
    arrivals[index] = clock;
    if (stop.window) {
      const [opens, closes] = stop.window;
      if (clock < opens) clock = opens;
      else if (clock - closes >= LATE_AFTER_MS) lateBy[index] = clock - closes;
    }
    clock += Math.max(0, stop.service) * 1000;
  }
  return { arrivals, lateBy };
}
