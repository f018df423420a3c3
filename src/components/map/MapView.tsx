import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MapContainer, TileLayer, useMap, ZoomControl } from 'react-leaflet';
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

/**
 * Leaflet's zoom buttons with their titles (tooltips and accessible names) in the page's
 * language. Leaflet reads the titles once, when the control is made: a new language makes a
 * new control.
 */
function MapZoomControl() {
  const { t, i18n } = useTranslation();
  return (
    <ZoomControl
      key={i18n.resolvedLanguage}
      position="topleft"
      zoomInTitle={t('map.zoomIn')}
      zoomOutTitle={t('map.zoomOut')}
    />
  );
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
      <MapContainer
        className="map-view__map"
        center={center}
        zoom={zoom}
        worldCopyJump
        zoomControl={false}
      >
        <MapZoomControl />
        <TileLayer url={env.tileUrl} attribution={TILE_ATTRIBUTION} />
        <SizeWatcher />
        {children}
      </MapContainer>
      {overlay}
    </section>
  );
}
