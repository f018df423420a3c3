import { useEffect } from 'react';
import L from 'leaflet';
import { useMap } from 'react-leaflet';
import { FOCUS_ZOOM } from './map-constants';

/**
 * A camera move the page asks for. `id` changes for every request, so the same
 * move can be asked twice (focus the same stop again).
 */
export type CameraRequest =
  | { id: number; kind: 'center'; point: { lat: number; lng: number }; zoom: number }
  | { id: number; kind: 'fit'; points: readonly { lat: number; lng: number }[] };

const FIT_PADDING: L.PointExpression = [48, 48];

/** Moves the map of the surrounding MapContainer when a new request arrives. */
export function useMapCamera(request: CameraRequest | null): void {
  const map = useMap();
  useEffect(() => {
    if (!request) return;
    const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    if (request.kind === 'center') {
      const target = L.latLng(request.point.lat, request.point.lng);
      if (reduceMotion) map.setView(target, request.zoom);
      else map.flyTo(target, request.zoom, { duration: 0.8 });
      return;
    }
    if (request.points.length === 0) return;
    if (request.points.length === 1) {
      map.setView([request.points[0].lat, request.points[0].lng], FOCUS_ZOOM);
      return;
    }
    const bounds = L.latLngBounds(
      request.points.map(({ lat, lng }) => [lat, lng] as [number, number]),
    );
    map.fitBounds(bounds, { padding: FIT_PADDING, maxZoom: FOCUS_ZOOM, animate: !reduceMotion });
    // Only a new request moves the camera; `map` is stable for a MapContainer's life.
  }, [map, request]);
}

/** The camera hook as a map child. */
export function MapCamera({ request }: { request: CameraRequest | null }) {
  useMapCamera(request);
  return null;
}
