import { useEffect, type ReactNode } from 'react';
import { MapContainer, TileLayer, useMap } from 'react-leaflet';
import 'leaflet/dist/leaflet.css';
import { env } from '@/config/env';
import { DEFAULT_MAP_CENTER, DEFAULT_MAP_ZOOM, TILE_ATTRIBUTION } from './map-constants';
import './map.css';

export interface MapViewProps {
  /** Accessible name of the map region. */
  label: string;
  center?: [number, number];
  zoom?: number;
  /** Map layers (markers, lines, camera, click handlers) as react-leaflet children. */
  children?: ReactNode;
  /** Overlays drawn above the map (summary card, status messages), outside Leaflet. */
  overlay?: ReactNode;
  className?: string;
}

/** Leaflet must measure its container again whenever the layout resizes it (phone rotation, sidebar). */
function SizeWatcher() {
  const map = useMap();
  useEffect(() => {
    const container = map.getContainer();
    const observer = new ResizeObserver(() => map.invalidateSize());
    observer.observe(container);
    return () => observer.disconnect();
  }, [map]);
  return null;
}

/** A full-size Leaflet map with the configured tiles (VITE_TILE_URL). Reused by planner, share and navigation pages. */
export function MapView({
  label,
  center = DEFAULT_MAP_CENTER,
  zoom = DEFAULT_MAP_ZOOM,
  children,
  overlay,
  className,
}: MapViewProps) {
  return (
    <section className={['map-view', className].filter(Boolean).join(' ')} aria-label={label}>
      <MapContainer center={center} zoom={zoom} className="map-view__map" worldCopyJump>
        <TileLayer url={env.tileUrl} attribution={TILE_ATTRIBUTION} />
        <SizeWatcher />
        {children}
      </MapContainer>
      {overlay}
    </section>
  );
}
