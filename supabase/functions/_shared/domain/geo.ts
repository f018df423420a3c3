/**
 * Great-circle geometry: the one implementation of the straight-line
 * estimate (a failed leg is estimated at 50 km/h), shared by the `api` function and the SPA.
 * Pure TypeScript with no runtime APIs, so Deno and Vite both import it.
 */

export interface LatLng {
  lat: number;
  lng: number;
}

/** Earth radius 6371 km. */
export const EARTH_RADIUS_METERS = 6_371_000;
/** Fallback speed for the straight-line estimate, 50 km/h. */
export const FALLBACK_SPEED_METERS_PER_SECOND = 50_000 / 3600;

const toRadians = (degrees: number): number => (degrees * Math.PI) / 180;

/** Haversine distance in metres between two points. */
export function greatCircleMeters(from: LatLng, to: LatLng): number {
  const dLat = toRadians(to.lat - from.lat);
  const dLng = toRadians(to.lng - from.lng);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRadians(from.lat)) * Math.cos(toRadians(to.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_METERS * Math.asin(Math.min(1, Math.sqrt(h)));
}

export interface RouteLeg {
  /** metres */
  distance: number;
  /** seconds */
  duration: number;
  /** the line to draw, as [lat, lng] pairs */
  coordinates: [number, number][];
  /** true when the router failed and this is the great-circle estimate */
  estimated: boolean;
}

/** The straight-line estimate of one leg at the fallback speed. */
export function estimateLeg(from: LatLng, to: LatLng): RouteLeg {
  const distance = greatCircleMeters(from, to);
  return {
    distance,
    duration: distance / FALLBACK_SPEED_METERS_PER_SECOND,
    coordinates: [
      [from.lat, from.lng],
      [to.lat, to.lng],
    ],
    estimated: true,
  };
}

export interface RouteTotals {
  totalDistance: number;
  totalDuration: number;
}

export function sumLegs(legs: readonly Pick<RouteLeg, 'distance' | 'duration'>[]): RouteTotals {
  let totalDistance = 0;
  let totalDuration = 0;
  for (const leg of legs) {
    totalDistance += leg.distance;
    totalDuration += leg.duration;
  }
  return { totalDistance, totalDuration };
}

/** Consecutive pairs of stops: the legs of a route in order. */
export function legPairs<T>(stops: readonly T[]): [T, T][] {
  const pairs: [T, T][] = [];
  for (let i = 0; i + 1 < stops.length; i++) pairs.push([stops[i], stops[i + 1]]);
  return pairs;
}

/** Every leg as the straight-line estimate: the route when no router can be reached. */
export function estimateRoute(points: readonly LatLng[]): RouteTotals & { legs: RouteLeg[] } {
  const legs = legPairs(points).map(([from, to]) => estimateLeg(from, to));
  return { ...sumLegs(legs), legs };
}
