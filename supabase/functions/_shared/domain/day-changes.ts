/**
 * The day changes while it runs: a stop still to do moves from one driver's route to another's,
 * or the dispatcher adds one. Where it goes in the route, when no place is asked for: after the
 * last stop the driver has reported on (they are past it), where it adds the least straight-line
 * distance (docs/features.md, "The day changes"). Pure: the routes and what was reported come in.
 */
import { greatCircleMeters, type LatLng } from './geo.ts';
import type { Stop } from './stops.ts';

/**
 * The first place a stop may go in a route: after its start and after the last stop with a report
 * (`reported`: the ids of the stops reported on).
 */
export function firstOpenPlace(stops: readonly Stop[], reported: ReadonlySet<string>): number {
  let last = 0;
  stops.forEach((stop, index) => {
    if (stop.id && reported.has(stop.id)) last = index;
  });
  return Math.min(last + 1, stops.length);
}

/**
 * Where `point` goes in `stops` at `from` or later (an index of the new list): the place that
 * adds the least straight-line distance; the end when that adds no more.
 */
export function cheapestPlace(stops: readonly LatLng[], point: LatLng, from: number): number {
  let best = stops.length;
  let bestCost =
    stops.length > 0 ? greatCircleMeters(stops[stops.length - 1], point) : Number.POSITIVE_INFINITY;
  for (let place = Math.max(1, from); place < stops.length; place++) {
    const before = stops[place - 1];
    const after = stops[place];
    const cost =
      greatCircleMeters(before, point) +
      greatCircleMeters(point, after) -
      greatCircleMeters(before, after);
    if (cost < bestCost - 1e-9) {
      best = place;
      bestCost = cost;
    }
  }
  return best;
}

/** `stop` put in `stops` at `place` (clamped after the start and within the list). */
export function withStopAt<S>(stops: readonly S[], stop: S, place: number): S[] {
  const at = Math.min(Math.max(place, stops.length > 0 ? 1 : 0), stops.length);
  return [...stops.slice(0, at), stop, ...stops.slice(at)];
}

/**
 * The place of a stop arriving in a route: the one asked for, else the cheapest place after the
 * last reported stop.
 */
export function placeFor(
  stops: readonly Stop[],
  stop: LatLng,
  reported: ReadonlySet<string>,
  asked?: number,
): number {
  return asked ?? cheapestPlace(stops, stop, firstOpenPlace(stops, reported));
}
