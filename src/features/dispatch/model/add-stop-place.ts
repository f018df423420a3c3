import { firstOpenPlace } from '@domain/day-changes.ts';
import type { RouteProgress } from '@/lib/driver-reports';

/**
 * Where an added stop goes in its driver's route: where it adds the least distance after the
 * last stop reported on (the API's own choice), as the driver's next stop, or at the end.
 */
export const ADD_PLACES = ['best', 'next', 'end'] as const;
export type AddPlace = (typeof ADD_PLACES)[number];

/** The API's largest place: past the end of any route, so the end whatever was added meanwhile. */
export const END_PLACE = 100_000;

/**
 * The `place` to send for a choice, from the route as the board last read it: none for the
 * API's choice; for the next stop, the place right after the last stop reported on.
 */
export function placeToSend(route: RouteProgress, choice: AddPlace): number | undefined {
  if (choice === 'best') return undefined;
  if (choice === 'end') return END_PLACE;
  const reported = new Set(route.stops.flatMap((stop) => (stop.report ? [stop.id] : [])));
  return Math.max(1, firstOpenPlace(route.stops, reported));
}
