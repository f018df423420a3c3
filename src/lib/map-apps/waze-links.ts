import { isLatitude, isLongitude } from '@domain/stops.ts';
import type { LatLng } from '@domain/geo.ts';

/** The two ways to hand a stop to Waze: its universal web link and the app's own scheme. */
export interface WazeLinks {
  webUrl: string;
  appUrl: string;
}

/** 6 decimals is about 0.1 m: enough to find a house door, short enough for a link. */
export const WAZE_COORDINATE_DECIMALS = 6;

function coordinate(value: number): string {
  const text = value.toFixed(WAZE_COORDINATE_DECIMALS);
  // A tiny negative value rounds to "-0.000000"; Waze reads it fine, but it looks like a bug.
  return Number(text) === 0 ? (0).toFixed(WAZE_COORDINATE_DECIMALS) : text;
}

/**
 * Links that make Waze drive to a point. Throws a RangeError for a coordinate
 * that is not a finite latitude in [-90, 90] and longitude in [-180, 180].
 */
export function wazeLinks({ lat, lng }: LatLng): WazeLinks {
  if (!isLatitude(lat) || !isLongitude(lng)) {
    throw new RangeError(`Not a valid coordinate for Waze: ${String(lat)}, ${String(lng)}`);
  }
  const query = `ll=${coordinate(lat)},${coordinate(lng)}&navigate=yes`;
  return { webUrl: `https://waze.com/ul?${query}`, appUrl: `waze://?${query}` };
}
