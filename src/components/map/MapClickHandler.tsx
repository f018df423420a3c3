import { useMapEvents } from 'react-leaflet';

/** Calls back with the clicked point (a tap on a phone). */
export function MapClickHandler({
  onClick,
}: {
  onClick: (point: { lat: number; lng: number }) => void;
}) {
  useMapEvents({
    click: (event) => onClick({ lat: event.latlng.lat, lng: event.latlng.wrap().lng }),
  });
  return null;
}
