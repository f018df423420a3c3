import { isLatitude, isLongitude } from '@domain/stops.ts';
import type { LatLng } from '@domain/geo.ts';
import { wazeLinks } from './waze-links';

/** The navigation apps a stop can be handed to. */
export const MAP_APPS = ['waze', 'google', 'apple'] as const;
export type MapApp = (typeof MAP_APPS)[number];

export const isMapApp = (value: unknown): value is MapApp =>
  typeof value === 'string' && (MAP_APPS as readonly string[]).includes(value);

const coordinates = ({ lat, lng }: LatLng): string => {
  if (!isLatitude(lat) || !isLongitude(lng)) {
    throw new RangeError(`Not a valid coordinate: ${String(lat)}, ${String(lng)}`);
  }
  return `${lat.toFixed(6)},${lng.toFixed(6)}`;
};

/**
 * The web link that starts driving directions to a point. Google's and Apple's are universal
 * links: a phone with the app opens it there, anything else gets the web page.
 */
export function directionsUrl(app: MapApp, point: LatLng): string {
  if (app === 'waze') return wazeLinks(point).webUrl;
  const destination = coordinates(point);
  if (app === 'google')
    return `https://www.google.com/maps/dir/?api=1&destination=${destination}&travelmode=driving`;
  return `https://maps.apple.com/?daddr=${destination}&dirflg=d`;
}
