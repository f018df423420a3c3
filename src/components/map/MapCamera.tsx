import { useEffect, useRef } from 'react';
import L from 'leaflet';
import { useMap } from 'react-leaflet';
import { fitPadding, MAP_COVER_SELECTOR } from './fit-padding';
import { FOCUS_ZOOM } from './map-constants';

/**
 * A camera move the page asks for. `id` changes for every request, so the same
 * move can be asked twice (focus the same stop again).
 */
export type CameraRequest = CameraMove & { id: number };

type Point = { lat: number; lng: number };
type CameraMove =
  { kind: 'center'; point: Point; zoom: number } | { kind: 'fit'; points: readonly Point[] };

/** The fitBounds padding of `map`: its margin, and the strips its cards cover (fit-padding.ts). */
function paddingOf(map: L.Map) {
  const container = map.getContainer();
  const covers = [
    ...(container.closest('.map-view')?.querySelectorAll(MAP_COVER_SELECTOR) ?? []),
  ].map((cover) => cover.getBoundingClientRect());
  const { topLeft, bottomRight } = fitPadding(container.getBoundingClientRect(), covers);
  return { paddingTopLeft: L.point(topLeft), paddingBottomRight: L.point(bottomRight) };
}

/** Moves `map` as `request` asks: flies to a point, or fits the points clear of the cards. */
function move(map: L.Map, request: CameraMove): void {
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
}

/** Moves the map of the surrounding MapContainer when a new request arrives. */
export function useMapCamera(request: CameraRequest | null): void {
  const map = useMap();
  useEffect(() => {
    // Only a new request moves the camera; `map` is stable for a MapContainer's life.
    if (request) move(map, request);
  }, [map, request]);
}

export interface MapCameraProps {
  /** The page's last request (a new one moves the map). */
  request: CameraRequest | null;
  /** Fitted the first time there are any, once in the map's life: the route a page opens with. */
  fitFirst?: readonly Point[];
  /** Centred on at `centerZoom` whenever a new point comes (the user's position, found). */
  centerOn?: Point | null;
  centerZoom?: number;
}

/**
 * The camera as a map child. Besides the page's requests it moves by itself when what it is
 * given arrives, whether the map was already there or mounts later (Leaflet loads lazily): an
 * effect keeps Leaflet, a system outside React, in step with these values, with no state of the
 * page's to set. The page's request comes last, so it wins over the others on mounting.
 */
export function MapCamera({
  request,
  fitFirst,
  centerOn,
  centerZoom = FOCUS_ZOOM,
}: MapCameraProps) {
  const map = useMap();
  const fitted = useRef(false);
  useEffect(() => {
    if (fitted.current || !fitFirst || fitFirst.length === 0) return;
    fitted.current = true;
    move(map, { kind: 'fit', points: fitFirst });
  }, [map, fitFirst]);
  useEffect(() => {
    if (centerOn) move(map, { kind: 'center', point: centerOn, zoom: centerZoom });
  }, [map, centerOn, centerZoom]);
  useMapCamera(request);
  return null;
}
