import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import L from 'leaflet';
import { Popup, useMap } from 'react-leaflet';
import {
  groupByGrid,
  ungrouped,
  withOwnMarker,
  type MarkerGroups,
  type PixelBounds,
} from './marker-clusters';
import { POPUP_MAX_WIDTH } from './map-constants';
import { numberedIcon } from './numbered-icon';

export interface MarkerStop {
  /** Stable key; falls back to the index when absent. */
  id?: string;
  name: string;
  lat: number;
  lng: number;
}

export interface StopMarkersLayerProps {
  /** The stops in route order; each needs a stable `id`. */
  stops: readonly (MarkerStop & { id: string })[];
  /** Index of the highlighted stop, or -1. */
  activeIndex: number;
  /** Accessible name of a marker, e.g. "Stop 2: Lyon". Keep it stable (useCallback): it is a dependency. */
  markerLabel: (stop: MarkerStop, number: number) => string;
  /** Accessible name of a cluster marker, e.g. "12 stops here: zoom in". Keep it stable. */
  clusterLabel: (count: number) => string;
  /** Popup body for a stop; `number` is its 1-based position. */
  renderPopup?: (stop: MarkerStop, number: number) => ReactNode;
  /** Routes with more stops than this cluster when zoomed out and draw only what is in view. */
  clusterAbove?: number;
  /** A stop's pin (default: its number); keep it stable and cached, as `numberedIcon` is. */
  icon?: (stop: MarkerStop, number: number, active: boolean) => L.DivIcon;
}

/** Square cell, in screen pixels, whose stops merge into one cluster marker. */
const CLUSTER_CELL_PX = 56;
/** From this zoom on (streets), every stop has its own marker. */
const NO_CLUSTER_FROM_ZOOM = 16;
/** Markers are kept this far (a share of the view's size) beyond the visible map, so panning shows them at once. */
const VIEW_MARGIN = 0.5;
/** The popup's tip at the pin's head (the icon's popupAnchor plus Leaflet's default popup offset). */
const POPUP_OFFSET: L.PointExpression = [0, -29];

/** The default pin: the stop's number (a module constant, so the effect below stays put). */
const numberedPin = (_stop: MarkerStop, number: number, active: boolean): L.DivIcon =>
  numberedIcon(number, active);

interface Drawn {
  marker: L.Marker;
  /** What the marker shows besides a stop's place and icon (Leaflet keeps those); updated only when it changes. */
  signature: string;
}

function clusterIcon(count: number): L.DivIcon {
  const size = count < 10 ? 36 : count < 100 ? 42 : 48;
  return L.divIcon({
    className: 'stop-cluster',
    html: `<span class="stop-cluster__count" aria-hidden="true">${count}</span>`,
    iconSize: [size, size],
    iconAnchor: [size / 2, size / 2],
  });
}

/** Leaflet gives a divIcon marker role="button" and a title; the label makes its accessible name explicit. */
function labelMarker(marker: L.Marker, label: string) {
  const element = marker.getElement();
  element?.setAttribute('title', label);
  element?.setAttribute('aria-label', label);
}

function viewBounds(map: L.Map): PixelBounds {
  const bounds = map.getPixelBounds();
  const min = bounds.min ?? L.point(0, 0);
  const max = bounds.max ?? L.point(0, 0);
  const marginX = (max.x - min.x) * VIEW_MARGIN;
  const marginY = (max.y - min.y) * VIEW_MARGIN;
  return {
    minX: min.x - marginX,
    minY: min.y - marginY,
    maxX: max.x + marginX,
    maxY: max.y + marginY,
  };
}

/**
 * The planner's stop markers, drawn with Leaflet directly: a change to the route updates only
 * the markers whose number, place or highlight changed (a React marker component per stop
 * re-renders all 500 on every change). Long routes (more than `clusterAbove` stops) cluster by a
 * screen grid when zoomed out and draw only the markers in and around the view. A click on a
 * stop opens its popup (rendered by React); a click on a cluster zooms to its stops.
 */
export function StopMarkersLayer({
  stops,
  activeIndex,
  markerLabel,
  clusterLabel,
  renderPopup,
  clusterAbove = 50,
  icon = numberedPin,
}: StopMarkersLayerProps) {
  const map = useMap();
  const drawn = useRef(new Map<string, Drawn>());
  const [openId, setOpenId] = useState<string | null>(null);
  /** Bumped when the view moves, for the long-route mode that depends on it. */
  const [viewVersion, setViewVersion] = useState(0);
  const longRoute = stops.length > clusterAbove;

  useEffect(() => {
    if (!longRoute) return;
    const onView = () => setViewVersion((version) => version + 1);
    map.on('zoomend moveend', onView);
    return () => {
      map.off('zoomend moveend', onView);
    };
  }, [map, longRoute]);

  useEffect(() => {
    const zoom = map.getZoom();
    let groups: MarkerGroups;
    if (longRoute) {
      const points = stops.map((stop) => map.project([stop.lat, stop.lng], zoom));
      const bounds = viewBounds(map);
      groups =
        zoom >= NO_CLUSTER_FROM_ZOOM
          ? ungrouped(points, bounds)
          : groupByGrid(points, CLUSTER_CELL_PX, bounds);
      groups = withOwnMarker(groups, activeIndex);
    } else {
      groups = { singles: stops.map((_, index) => index), clusters: [] };
    }

    const wanted = new Set<string>();
    for (const index of groups.singles) {
      const stop = stops[index];
      const number = index + 1;
      const active = index === activeIndex;
      const label = markerLabel(stop, number);
      const key = `stop:${stop.id}`;
      const pin = icon(stop, number, active);
      const signature = `${active}|${label}`;
      wanted.add(key);
      const existing = drawn.current.get(key);
      if (existing) {
        // Only what changed: a renumbered pin gets its new icon and name, nothing else.
        const { marker } = existing;
        const at = marker.getLatLng();
        if (at.lat !== stop.lat || at.lng !== stop.lng) marker.setLatLng([stop.lat, stop.lng]);
        const newIcon = marker.options.icon !== pin;
        // A new icon is a new element: it takes the marker's name again.
        if (newIcon) marker.setIcon(pin);
        if (newIcon || existing.signature !== signature) labelMarker(marker, label);
        if (existing.signature !== signature) {
          marker.setZIndexOffset(active ? 1000 : 0);
          existing.signature = signature;
        }
        continue;
      }
      const marker = L.marker([stop.lat, stop.lng], {
        icon: pin,
        title: label,
        alt: label,
        zIndexOffset: active ? 1000 : 0,
        keyboard: true,
      });
      const id = stop.id;
      marker.on('click', () => setOpenId(id));
      marker.addTo(map);
      labelMarker(marker, label);
      drawn.current.set(key, { marker, signature });
    }

    for (const { key, members } of groups.clusters) {
      const count = members.length;
      const lat = members.reduce((sum, index) => sum + stops[index].lat, 0) / count;
      const lng = members.reduce((sum, index) => sum + stops[index].lng, 0) / count;
      const label = clusterLabel(count);
      const drawnKey = `cluster:${zoom}:${key}`;
      const signature = `${lat},${lng}|${count}|${label}`;
      wanted.add(drawnKey);
      const existing = drawn.current.get(drawnKey);
      const memberPoints = members.map(
        (index) => [stops[index].lat, stops[index].lng] as [number, number],
      );
      if (existing?.signature === signature) {
        existing.marker.off('click').on('click', () => zoomTo(map, memberPoints));
        continue;
      }
      existing?.marker.remove();
      const marker = L.marker([lat, lng], {
        icon: clusterIcon(count),
        title: label,
        alt: label,
        keyboard: true,
      });
      marker.on('click', () => zoomTo(map, memberPoints));
      marker.addTo(map);
      labelMarker(marker, label);
      drawn.current.set(drawnKey, { marker, signature });
    }

    for (const [key, { marker }] of drawn.current) {
      if (wanted.has(key)) continue;
      marker.remove();
      drawn.current.delete(key);
    }
  }, [map, stops, activeIndex, markerLabel, clusterLabel, icon, longRoute, viewVersion]);

  // Unmounting the layer removes its markers.
  useEffect(() => {
    const markers = drawn.current;
    return () => {
      for (const { marker } of markers.values()) marker.remove();
      markers.clear();
    };
  }, []);

  const openIndex = openId === null ? -1 : stops.findIndex((stop) => stop.id === openId);
  if (!renderPopup || openIndex === -1) return null;
  const openStop = stops[openIndex];
  return (
    <StopPopup key={openStop.id} stop={openStop} onClosed={setOpenId}>
      {renderPopup(openStop, openIndex + 1)}
    </StopPopup>
  );
}

/** One popup at a time, at the stop's pin; closing it (× or Escape) forgets which stop was open. */
function StopPopup({
  stop,
  onClosed,
  children,
}: {
  stop: MarkerStop & { id: string };
  onClosed: (update: (current: string | null) => string | null) => void;
  children: ReactNode;
}) {
  const { id, lat, lng } = stop;
  // Stable props: react-leaflet reopens the popup whenever its position changes identity.
  const position = useMemo<[number, number]>(() => [lat, lng], [lat, lng]);
  const eventHandlers = useMemo(
    () => ({ remove: () => onClosed((current) => (current === id ? null : current)) }),
    [id, onClosed],
  );
  return (
    <Popup
      position={position}
      offset={POPUP_OFFSET}
      maxWidth={POPUP_MAX_WIDTH}
      eventHandlers={eventHandlers}
    >
      {children}
    </Popup>
  );
}

function zoomTo(map: L.Map, points: [number, number][]) {
  map.fitBounds(L.latLngBounds(points), { padding: [48, 48], maxZoom: NO_CLUSTER_FROM_ZOOM });
}
