import { useMemo, useState } from 'react';
import L from 'leaflet';
import { Marker } from 'react-leaflet';
import { useTranslation } from 'react-i18next';
import {
  escapeHtml,
  MapCamera,
  MapClickHandler,
  MapView,
  type CameraRequest,
} from '@/components/map';
import type { ProgressFacts, RouteProgress } from '@/lib/driver-reports';
import type { BoardRow } from '../model/board-rows';

/** A status's pin: its colour and a sign, so that it reads without colour too. */
const STATUS_SIGN: Record<BoardRow['status'], string> = {
  delivered: '✓',
  failed: '✗',
  skipped: '↷',
  todo: '',
  start: '⚑',
};

function pin(className: string, text: string, label: string) {
  return L.divIcon({
    className: `board-marker ${className}`,
    html: `<span class="board-marker__pin" role="img" aria-label="${escapeHtml(label)}"><span aria-hidden="true">${escapeHtml(text)}</span></span>`,
    iconSize: [40, 30],
    iconAnchor: [20, 36],
  });
}

export interface BoardMapProps {
  rows: readonly BoardRow[];
  drivers: readonly { route: RouteProgress; facts: ProgressFacts }[];
  /** A click (a tap) on the map: a new stop there. */
  onPick?: (point: { lat: number; lng: number }) => void;
}

/**
 * Every stop in its status's colour, and each driver's last reported position; a click adds a
 * stop there (`onPick`).
 */
export default function BoardMap({ rows, drivers, onPick }: BoardMapProps) {
  const { t } = useTranslation();
  const several = drivers.length > 1;
  // The camera frames the stops once: a refresh must not move the map under the dispatcher.
  const [camera] = useState<CameraRequest>(() => ({
    id: 1,
    kind: 'fit',
    points: [
      ...rows,
      ...drivers.flatMap(({ facts }) => (facts.lastPosition ? [facts.lastPosition] : [])),
    ],
  }));
  const markers = useMemo(
    () =>
      rows.map((row) => {
        const status = t(`board.status.${row.status}`);
        const place = several ? `${row.driver}, ${row.number}` : String(row.number);
        return {
          key: `${row.routeId}-${row.stopId}`,
          position: [row.lat, row.lng] as [number, number],
          icon: pin(
            `board-marker--${row.status}`,
            `${row.number}${STATUS_SIGN[row.status]}`,
            t('board.stopMarker', { place, name: row.name, status }),
          ),
        };
      }),
    [rows, several, t],
  );
  const positions = drivers.flatMap(({ route, facts }) =>
    facts.lastPosition
      ? [
          {
            key: `driver-${route.itineraryId}`,
            position: [facts.lastPosition.lat, facts.lastPosition.lng] as [number, number],
            icon: pin(
              'board-marker--driver',
              '🚚',
              t('board.driverMarker', { title: route.title }),
            ),
          },
        ]
      : [],
  );
  return (
    <MapView label={t('board.mapLabel')}>
      <MapCamera request={camera} />
      {onPick ? <MapClickHandler onClick={onPick} /> : null}
      {[...markers, ...positions].map((marker) => (
        <Marker key={marker.key} position={marker.position} icon={marker.icon} keyboard={false} />
      ))}
    </MapView>
  );
}
