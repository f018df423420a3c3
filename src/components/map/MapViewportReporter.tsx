import { useEffect, useRef } from 'react';
import { useMap } from 'react-leaflet';

/** What the map shows: its centre, zoom and bounds (degrees). */
export interface MapViewport {
  center: { lat: number; lng: number };
  zoom: number;
  bounds: { south: number; west: number; north: number; east: number };
}

/**
 * Reports the map's view when it settles after a pan or zoom (the user's or the page's camera).
 * The view the map starts with is the app's default place, not the user's: it is not reported.
 */
export function MapViewportReporter({ onChange }: { onChange: (view: MapViewport) => void }) {
  const map = useMap();
  const latest = useRef(onChange);
  useEffect(() => {
    latest.current = onChange;
  });
  useEffect(() => {
    const report = () => {
      const center = map.getCenter();
      const bounds = map.getBounds();
      latest.current({
        center: { lat: center.lat, lng: center.wrap().lng },
        zoom: map.getZoom(),
        bounds: {
          south: bounds.getSouth(),
          west: bounds.getWest(),
          north: bounds.getNorth(),
          east: bounds.getEast(),
        },
      });
    };
    map.on('moveend', report);
    return () => {
      map.off('moveend', report);
    };
  }, [map]);
  return null;
}
