import type { Stop } from '@domain/stops.ts';
import { isSettled } from './stop-status';

/** What the ETA needs of a route leg (POST /api/routes/legs): metres and seconds. */
export interface LegTiming {
  distance: number;
  duration: number;
}

export interface RemainingTrip {
  /** Metres still to drive, from the leg into the current stop to the last stop still to do. */
  distance: number;
  /** Seconds still to drive on the same legs. */
  duration: number;
  /** Per stop: the expected arrival (epoch ms); null for the start, a stop done or skipped. */
  arrivals: (number | null)[];
}

const NOTHING_LEFT = (stopCount: number): RemainingTrip => ({
  distance: 0,
  duration: 0,
  arrivals: Array.from({ length: stopCount }, () => null),
});

/**
 * Remaining distance and an arrival time per stop still to do, from the route's legs
 * (leg i drives from stop i to stop i+1) and the time now.
 *
 * The driver is taken to be on the leg into the current stop (the first still to do),
 * having left the stop before it: its ETA is now plus that leg, and each later stop adds
 * the legs up to it. Stop 1 has no leg into it and no arrival: the route starts there (its
 * ETA would only say "now"; the page shows the planned departure instead). A stop settled out of order further on is still driven past
 * (its legs stay in the sum); it only loses its own ETA. Null legs (not computed yet) or
 * legs of another route (the wrong count) give no ETA and no distance.
 */
export function remainingTrip(
  stops: readonly Pick<Stop, 'status'>[],
  legs: readonly LegTiming[] | null,
  now: number,
): RemainingTrip {
  const current = stops.findIndex((stop) => !isSettled(stop));
  if (current < 0 || !legs || legs.length !== Math.max(0, stops.length - 1))
    return NOTHING_LEFT(stops.length);

  const arrivals: (number | null)[] = stops.map(() => null);
  let distance = 0;
  let duration = 0;
  let remaining = { distance: 0, duration: 0 };
  for (let index = current; index < stops.length; index += 1) {
    const legIn = index > 0 ? legs[index - 1] : null;
    distance += legIn ? Math.max(0, legIn.distance) : 0;
    duration += legIn ? Math.max(0, legIn.duration) : 0;
    if (isSettled(stops[index])) continue;
    if (index > 0) arrivals[index] = now + duration * 1000;
    remaining = { distance, duration };
  }
  return { ...remaining, arrivals };
}
