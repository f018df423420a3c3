import type { LatLng } from '@domain/geo.ts';

/** Google Maps' directions URL takes an origin, a destination and at most 9 waypoints. */
export const GOOGLE_MAX_WAYPOINTS = 9;
/** So one link covers at most 11 stops. */
export const GOOGLE_STOPS_PER_LINK = GOOGLE_MAX_WAYPOINTS + 2;

export interface RouteLink {
  url: string;
  /** 1-based numbers of the first and last stop the link covers. */
  firstStop: number;
  lastStop: number;
}

const coordinate = ({ lat, lng }: LatLng): string =>
  `${Number(lat.toFixed(6))},${Number(lng.toFixed(6))}`;

/**
 * Consecutive stop ranges of at most `perPart` stops, each starting where the previous
 * ended, so driving the parts in turn drives the whole route: 1–11, 11–21, 21–...
 */
export function splitIntoParts(
  stopCount: number,
  perPart: number,
): { first: number; last: number }[] {
  if (stopCount <= 0) return [];
  if (stopCount === 1) return [{ first: 0, last: 0 }];
  const parts: { first: number; last: number }[] = [];
  for (let first = 0; first < stopCount - 1; first += perPart - 1) {
    parts.push({ first, last: Math.min(first + perPart - 1, stopCount - 1) });
  }
  return parts;
}

/**
 * https://developers.google.com/maps/documentation/urls/get-started#directions-action:
 * one link per part of at most 11 stops; a single stop is a destination from where the
 * user is.
 */
export function googleMapsLinks(stops: readonly LatLng[]): RouteLink[] {
  return splitIntoParts(stops.length, GOOGLE_STOPS_PER_LINK).map(({ first, last }) => {
    const params = new URLSearchParams({ api: '1' });
    if (first !== last) params.set('origin', coordinate(stops[first]));
    params.set('destination', coordinate(stops[last]));
    const waypoints = stops.slice(first + 1, last).map(coordinate);
    if (waypoints.length > 0) params.set('waypoints', waypoints.join('|'));
    params.set('travelmode', 'driving');
    return {
      url: `https://www.google.com/maps/dir/?${params.toString()}`,
      firstStop: first + 1,
      lastStop: last + 1,
    };
  });
}

/**
 * Apple Maps' URL (https://developer.apple.com/library/archive/featuredarticles/iPhoneURLScheme_Reference/MapLinks/MapLinks.html)
 * takes one start and one destination, so a route becomes one link per leg (stop k to
 * stop k+1) — the same hand-off a driver makes stop after stop. A single stop is a
 * destination from where the user is.
 */
export function appleMapsLinks(stops: readonly LatLng[]): RouteLink[] {
  return splitIntoParts(stops.length, 2).map(({ first, last }) => {
    const params = new URLSearchParams();
    if (first !== last) params.set('saddr', coordinate(stops[first]));
    params.set('daddr', coordinate(stops[last]));
    params.set('dirflg', 'd');
    return {
      url: `https://maps.apple.com/?${params.toString()}`,
      firstStop: first + 1,
      lastStop: last + 1,
    };
  });
}
