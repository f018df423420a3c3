import { useEffect } from 'react';
import L from 'leaflet';
import { useMap } from 'react-leaflet';
import { fitPadding, MAP_COVER_SELECTOR } from './fit-padding';
import { FOCUS_ZOOM } from './map-constants';

/**
 * A camera move the page asks for. `id` changes for every request, so the same
 * move can be asked twice (focus the same stop again).
 */
export type CameraRequest =
  | { id: number; kind: 'center'; point: { lat: number; lng: number }; zoom: number }
  | { id: number; kind: 'fit'; points: readonly { lat: number; lng: number }[] };

/** The fitBounds padding of `map`: its margin, and the strips its cards cover (fit-padding.ts). */
function paddingOf(map: L.Map) {
  const container = map.getContainer();
  const covers = [
    ...(container.closest('.map-view')?.querySelectorAll(MAP_COVER_SELECTOR) ?? []),
  ].map((cover) => cover.getBoundingClientRect());
  const { topLeft, bottomRight } = fitPadding(container.getBoundingClientRect(), covers);
  return { paddingTopLeft: L.point(topLeft), paddingBottomRight: L.point(bottomRight) };
}

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
    const bounds = L.latLngBounds(
      request.points.map(({ lat, lng }) => [lat, lng] as [number, number]),
    );
    // One stop: at the focus zoom, as a fit of more stops at most, clear of the cards too.
    map.fitBounds(bounds, {
      ...paddingOf(map),
      maxZoom: FOCUS_ZOOM,
      animate: request.points.length > 1 && !reduceMotion,
    });
    // Only a new request moves the camera; `map` is stable for a MapContainer's life.
  }, [map, request]);
}

/** The camera hook as a map child. */
export function MapCamera({ request }: { request: CameraRequest | null }) {
  useMapCamera(request);
  return null;
}
