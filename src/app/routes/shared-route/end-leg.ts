import { dayEndPoint } from '@/lib/day-plan';
import type { SharedRoute } from '@/features/share';

type Point = { lat: number; lng: number };

/**
 * The last stop and where the day ends, written as one string: a value that stays the same from
 * one render to the next while the route does (the route query's key is made from it). Empty when
 * the day ends at the last stop.
 */
export function endLegKey(route: Pick<SharedRoute, 'stops' | 'day_plan'>): string {
  const { stops } = route;
  const end = dayEndPoint(route.day_plan ?? null, stops);
  const last = stops[stops.length - 1];
  return end && last ? `${last.lat},${last.lng};${end.lat},${end.lng}` : '';
}

/** The two points of an end leg's key (none for an empty key). */
export function endLegPoints(key: string): Point[] {
  if (key === '') return [];
  return key.split(';').map((pair) => {
    const [lat, lng] = pair.split(',').map(Number);
    return { lat, lng };
  });
}
