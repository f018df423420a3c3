import type { MapViewport } from '@/components/map';
import type { SearchBias } from '../api/autocomplete-places';

/** Below this zoom the view is a continent or the world: no useful place to prefer. */
export const MIN_BIAS_ZOOM = 5;

const inside = (bounds: MapViewport['bounds'], point: { lat: number; lng: number }) =>
  point.lat >= bounds.south &&
  point.lat <= bounds.north &&
  point.lng >= bounds.west &&
  point.lng <= bounds.east;

/**
 * Where the address search prefers results: the user's position when it is in the map's view
 * (the view's zoom says how near), else the view's centre; the position alone before the map
 * shows a region; nothing without either.
 */
export function searchBias(
  view: MapViewport | null,
  position: { lat: number; lng: number } | null,
): SearchBias | null {
  const region = view && view.zoom >= MIN_BIAS_ZOOM ? view : null;
  if (region && position && inside(region.bounds, position))
    return { lat: position.lat, lng: position.lng, zoom: region.zoom };
  if (region) return { lat: region.center.lat, lng: region.center.lng, zoom: region.zoom };
  if (position) return { lat: position.lat, lng: position.lng };
  return null;
}
