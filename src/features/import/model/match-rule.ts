import { greatCircleMeters } from '@domain/geo.ts';
import type { Place } from '@/lib/geocoding';

/**
 * Two results of one search further apart than this are different places (another town
 * with the same street name), not two descriptions of the same spot: the user picks.
 * 25 km is wider than any city's results for one address, narrower than two towns.
 */
export const AMBIGUOUS_DISTANCE_KM = 25;

export type Match =
  { kind: 'none' } | { kind: 'found'; place: Place } | { kind: 'ambiguous'; candidates: Place[] };

/** The one rule: more than one result and the first two more than 25 km apart is ambiguous. */
export function matchOf(places: readonly Place[]): Match {
  const [first, second] = places;
  if (!first) return { kind: 'none' };
  if (second && greatCircleMeters(first, second) > AMBIGUOUS_DISTANCE_KM * 1000) {
    return { kind: 'ambiguous', candidates: [...places] };
  }
  return { kind: 'found', place: first };
}
