import { useEffect, useState, type ReactNode } from 'react';
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

/**
 * True from the task after the first paint: Leaflet's set-up (its layout reads included) then
 * runs in a task of its own, not in the one that first draws the page around the map, which
 * on a phone paints sooner and is never blocked for as long.
 */
function useMountedAfterPaint(): boolean {
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setMounted(true), 0);
    return () => clearTimeout(timer);
  }, []);
  return mounted;
}

/**
 * After Leaflet's set-up, each in a task of its own: the map's first view (its layout read
 * included), the tiles, then the other layers (children). Each task is short enough on a phone
 * not to block input for long, where the whole took one of 100–200 ms at 4x CPU.
 */
function MapInSteps({
  center,
  zoom,
  tiles,
  children,
}: {
  center: [number, number];
  zoom: number;
  tiles: ReactNode;
  children: ReactNode;
}) {
  const map = useMap();
  const [firstView] = useState({ center, zoom });
  const [step, setStep] = useState<'set-up' | 'view' | 'tiles' | 'layers'>('set-up');
  useEffect(() => {
    if (step === 'layers') {
      // Every layer in place, the click handlers among them (the e2e tests wait for it).
      map.getContainer().setAttribute('data-ready', '');
      return undefined;
    }
    const timer = setTimeout(() => {
      if (step === 'set-up') map.setView(firstView.center, firstView.zoom);
      setStep(step === 'set-up' ? 'view' : step === 'view' ? 'tiles' : 'layers');
    }, 0);
    return () => clearTimeout(timer);
  }, [map, firstView, step]);
  return (
    <>
      {step === 'tiles' || step === 'layers' ? tiles : null}
      {step === 'layers' ? children : null}
    </>
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
  const mounted = useMountedAfterPaint();
  return (
    <section className={['map-view', className].filter(Boolean).join(' ')} aria-label={label}>
      {mounted ? (
        <MapContainer className="map-view__map" worldCopyJump zoomControl={false}>
          <MapZoomControl />
          <MapInSteps
            center={center}
            zoom={zoom}
            tiles={<TileLayer url={env.tileUrl} attribution={TILE_ATTRIBUTION} />}
          >
            <SizeWatcher />
            {children}
          </MapInSteps>
        </MapContainer>
      ) : (
        <div className="map-view__map" />
      )}
      {overlay}
    </section>
  );
}
