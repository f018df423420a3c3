import { useMemo } from 'react';
import L from 'leaflet';
import { Marker, Polyline } from 'react-leaflet';
import { useTranslation } from 'react-i18next';
import type { RouteLeg } from '@domain/geo.ts';
import type { Stop } from '@domain/stops.ts';
import { MapCamera, MapView, type CameraRequest } from '@/components/map';
import { driverStyle } from '../model/palette.ts';
import type { DriverRoute } from '../model/team-plan.ts';

export interface TeamMapProps {
  stops: readonly Stop[];
  /** The split's drivers; null before a split (the stops are shown alone). */
  drivers: readonly DriverRoute[] | null;
  sharedStart: boolean;
  /** Stops no driver takes. */
  unassigned: readonly number[];
  /** Each driver's road legs once the route service has them (by driver number). */
  legs: ReadonlyMap<number, readonly RouteLeg[]>;
  /** Each driver's way on to the end of the day (back to the start, an end address). */
  endPoints: ReadonlyMap<number, { lat: number; lng: number }>;
  camera: CameraRequest | null;
}

const escape = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (char) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  );

/** A pin with text on a colour, named for assistive technology (the map's text is its label). */
function pinIcon(text: string, label: string, background: string, colour: string, kind: string) {
  return L.divIcon({
    className: `team-marker team-marker--${kind}`,
    html: `<span class="team-marker__pin" role="img" aria-label="${escape(label)}" style="background:${background};color:${colour}"><span aria-hidden="true">${escape(text)}</span></span>`,
    iconSize: [40, 30],
    iconAnchor: [20, 36],
  });
}

const CASING = { color: '#1b1f24', weight: 8, opacity: 0.45 } as const;

/**
 * The drivers' routes on one map: each in its own colour and line pattern over a dark casing
 * (visible on light tiles whatever the colour), every stop's pin labelled with the driver and
 * its place in the route ("2·3", and in words for screen readers), the depot once, the stops
 * no driver takes in grey with a cross.
 */
export function TeamMap({
  stops,
  drivers,
  sharedStart,
  unassigned,
  legs,
  endPoints,
  camera,
}: TeamMapProps) {
  const { t } = useTranslation();

  const lines = useMemo(
    () =>
      (drivers ?? [])
        .filter((driver) => driver.order.length > 0)
        .map((driver) => {
          const points = driver.order.map((index) => stops[index]);
          const end = endPoints.get(driver.number);
          if (end) points.push({ ...end, name: '' });
          const roadLegs = legs.get(driver.number);
          const positions: [number, number][] = [];
          points.forEach((point, i) => {
            if (i === 0) {
              positions.push([point.lat, point.lng]);
              return;
            }
            const leg = roadLegs?.length === points.length - 1 ? roadLegs[i - 1] : undefined;
            if (leg && !leg.estimated && leg.coordinates.length >= 2) {
              positions.push(...leg.coordinates.slice(1));
            } else {
              positions.push([point.lat, point.lng]);
            }
          });
          return { number: driver.number, positions, style: driverStyle(driver.number) };
        }),
    [drivers, stops, legs, endPoints],
  );

  const markers = useMemo(() => {
    const list: { key: string; position: [number, number]; icon: L.DivIcon }[] = [];
    if (!drivers) {
      stops.forEach((stop, index) => {
        const label = t('planner.stopNumber', { number: index + 1 });
        list.push({
          key: `stop-${index}`,
          position: [stop.lat, stop.lng],
          icon: pinIcon(String(index + 1), `${label}: ${stop.name}`, '#4b5563', '#ffffff', 'stop'),
        });
      });
      return list;
    }
    if (sharedStart && stops.length > 0) {
      list.push({
        key: 'depot',
        position: [stops[0].lat, stops[0].lng],
        icon: pinIcon(
          '⌂',
          t('dayPlan.depotMarker', { name: stops[0].name }),
          '#1b1f24',
          '#ffffff',
          'depot',
        ),
      });
    }
    for (const driver of drivers) {
      const style = driverStyle(driver.number);
      const served = sharedStart ? driver.order.slice(1) : driver.order;
      served.forEach((index, position) => {
        const stop = stops[index];
        const label = t('dayPlan.driverStopMarker', {
          driver: driver.number,
          number: position + 1,
          name: stop.name,
        });
        list.push({
          key: `driver-${driver.number}-${index}`,
          position: [stop.lat, stop.lng],
          icon: pinIcon(
            `${driver.number}·${position + 1}`,
            label,
            style.colour,
            style.text,
            'driver',
          ),
        });
      });
    }
    for (const index of unassigned) {
      const stop = stops[index];
      list.push({
        key: `unassigned-${index}`,
        position: [stop.lat, stop.lng],
        icon: pinIcon(
          '×',
          t('dayPlan.unassignedMarker', { name: stop.name }),
          '#e5e7eb',
          '#1b1f24',
          'unassigned',
        ),
      });
    }
    return list;
  }, [drivers, sharedStart, stops, unassigned, t]);

  return (
    <MapView label={t('dayPlan.splitMapLabel')} className="team-map">
      <MapCamera request={camera} />
      {lines.map((line) => (
        <Polyline
          key={`casing-${line.number}`}
          positions={line.positions}
          pathOptions={CASING}
          interactive={false}
        />
      ))}
      {lines.map((line) => (
        <Polyline
          key={`line-${line.number}`}
          positions={line.positions}
          pathOptions={{
            color: line.style.colour,
            weight: 4,
            opacity: 0.95,
            dashArray: line.style.dash || undefined,
          }}
          interactive={false}
        />
      ))}
      {markers.map((marker) => (
        <Marker
          key={marker.key}
          position={marker.position}
          icon={marker.icon}
          interactive={false}
          keyboard={false}
        />
      ))}
    </MapView>
  );
}
