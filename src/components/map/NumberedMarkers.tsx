import type { ReactNode } from 'react';
import { Marker, Popup } from 'react-leaflet';
import { POPUP_MAX_WIDTH } from './map-constants';
import { numberedIcon } from './numbered-icon';

export interface MarkerStop {
  /** Stable key; falls back to the index when absent. */
  id?: string;
  name: string;
  lat: number;
  lng: number;
}

export interface NumberedMarkersProps {
  stops: readonly MarkerStop[];
  /** Popup body for a stop; `number` is its 1-based position. Without it markers have no popup. */
  renderPopup?: (stop: MarkerStop, number: number) => ReactNode;
  /** Index of the highlighted stop (current stop), if any. */
  activeIndex?: number;
  /** Accessible name of a marker, e.g. "Stop 2: Lyon". */
  markerLabel: (stop: MarkerStop, number: number) => string;
}

/** One marker per stop, numbered by position, so the numbers follow any reordering. */
export function NumberedMarkers({ stops, renderPopup, activeIndex, markerLabel }: NumberedMarkersProps) {
  return stops.map((stop, index) => {
    const number = index + 1;
    return (
      <Marker
        key={stop.id ?? index}
        position={[stop.lat, stop.lng]}
        icon={numberedIcon(number, index === activeIndex)}
        title={markerLabel(stop, number)}
        alt={markerLabel(stop, number)}
        zIndexOffset={index === activeIndex ? 1000 : 0}
      >
        {renderPopup ? <Popup maxWidth={POPUP_MAX_WIDTH}>{renderPopup(stop, number)}</Popup> : null}
      </Marker>
    );
  });
}
