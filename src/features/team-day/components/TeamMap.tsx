import { useCallback, useMemo } from 'react';
import L from 'leaflet';
import { Polyline } from 'react-leaflet';
import { useTranslation } from 'react-i18next';
import type { RouteLeg } from '@domain/geo.ts';
import type { Stop } from '@domain/stops.ts';
import {
  escapeHtml,
  MapCamera,
  MapView,
  StopMarkersLayer,
  type CameraRequest,
  type MarkerStop,
} from '@/components/map';
import { driverStyle } from '../model/palette.ts';
import { shownDrivers, type TeamPin } from '../model/team-markers.ts';
import { driverPath, type DriverRoute } from '../model/team-plan.ts';

export interface TeamMapProps {
  stops: readonly Stop[];
  /** The pins to draw (`teamPins`). */
  pins: readonly TeamPin[];
  /** The split's drivers; null before a split. */
  drivers: readonly DriverRoute[] | null;
  /** The driver shown alone, or null for all. */
  shown: number | null;
  /** Each driver's road legs once the route service has them (by driver number). */
  legs: ReadonlyMap<number, readonly RouteLeg[]>;
  camera: CameraRequest | null;
  /** The control to show one driver, drawn over the map. */
  overlay?: React.ReactNode;
}

const CASING = { color: '#1b1f24', weight: 8, opacity: 0.45 } as const;
/** More pins than this cluster when the map is zoomed out, as the planner's long routes do. */
const CLUSTER_ABOVE = 12;

/** One icon per pin look (text, colours, kind): Leaflet redraws a marker only when it changes. */
const icons = new Map<string, L.DivIcon>();
function pinIcon(text: string, background: string, colour: string, kind: string): L.DivIcon {
  const key = `${text}|${background}|${colour}|${kind}`;
  let icon = icons.get(key);
  if (!icon) {
    icon = L.divIcon({
      className: `team-marker team-marker--${kind}`,
      html: `<span class="team-marker__pin" aria-hidden="true" style="background:${background};color:${colour}">${escapeHtml(text)}</span>`,
      iconSize: [40, 30],
      iconAnchor: [20, 36],
      popupAnchor: [0, -34],
    });
    icons.set(key, icon);
  }
  return icon;
}

function colours(pin: TeamPin): [string, string] {
  if (pin.driver !== null && pin.kind !== 'unassigned') {
    const style = driverStyle(pin.driver);
    return [style.colour, style.text];
  }
  if (pin.kind === 'unassigned') return ['#e5e7eb', '#1b1f24'];
  if (pin.kind === 'depot') return ['#1b1f24', '#ffffff'];
  return ['#4b5563', '#ffffff'];
}

/** The positions of a driver's line: the road legs where the route service gave them. */
function linePositions(
  stops: readonly Stop[],
  driver: DriverRoute,
  roadLegs: readonly RouteLeg[] | undefined,
): [number, number][] {
  const points = driverPath(stops, driver);
  const positions: [number, number][] = [];
  points.forEach((point, i) => {
    const leg = i > 0 && roadLegs?.length === points.length - 1 ? roadLegs[i - 1] : undefined;
    if (leg && !leg.estimated && leg.coordinates.length >= 2)
      positions.push(...leg.coordinates.slice(1));
    else positions.push([point.lat, point.lng]);
  });
  return positions;
}

/** A driver's line as last drawn: kept while its day and road legs are the same objects. */
const drawnLines = new WeakMap<
  DriverRoute,
  {
    stops: readonly Stop[];
    roadLegs: readonly RouteLeg[] | undefined;
    positions: [number, number][];
  }
>();

/**
 * The positions of a driver's line, the same array while the driver's day and legs are the
 * same: react-leaflet redraws a line only when its positions change, so a stop moved between
 * two drivers redraws their two lines, not all twenty paths of ten drivers.
 */
function driverLine(
  stops: readonly Stop[],
  driver: DriverRoute,
  roadLegs: readonly RouteLeg[] | undefined,
): [number, number][] {
  const drawn = drawnLines.get(driver);
  if (drawn && drawn.stops === stops && drawn.roadLegs === roadLegs) return drawn.positions;
  const positions = linePositions(stops, driver, roadLegs);
  drawnLines.set(driver, { stops, roadLegs, positions });
  return positions;
}

/** Each driver's line style, one object per driver (react-leaflet restyles on a new one). */
const lineStyles = new Map<number, L.PathOptions>();
function lineStyle(number: number): L.PathOptions {
  let options = lineStyles.get(number);
  if (!options) {
    const style = driverStyle(number);
    options = { color: style.colour, weight: 4, opacity: 0.95, dashArray: style.dash || undefined };
    lineStyles.set(number, options);
  }
  return options;
}

/**
 * The drivers' routes on one map: each in its own colour and line pattern over a dark casing
 * (visible on light tiles whatever the colour), every pin labelled with its driver and place
 * ("2·3", and in words for screen readers and in its popup), clustered when zoomed out with
 * many pins, every driver or the one chosen.
 */
export function TeamMap({ stops, pins, drivers, shown, legs, camera, overlay }: TeamMapProps) {
  const { t } = useTranslation();
  const markerStops = useMemo(
    () => pins.map((pin) => ({ id: pin.id, name: pin.name, lat: pin.lat, lng: pin.lng })),
    [pins],
  );
  const byId = useMemo(() => new Map(pins.map((pin) => [pin.id, pin])), [pins]);
  const label = useCallback(
    (stop: MarkerStop): string => {
      const pin = byId.get(stop.id ?? '');
      if (!pin) return stop.name;
      if (pin.kind === 'stop')
        return `${t('planner.stopNumber', { number: pin.text })}: ${pin.name}`;
      if (pin.kind === 'depot') return t('dayPlan.depotMarker', { name: pin.name });
      if (pin.kind === 'home')
        return t('dayPlan.driverPlaceMarker', { driver: pin.driver, name: pin.name });
      if (pin.kind === 'unassigned') return t('dayPlan.unassignedMarker', { name: pin.name });
      return t('dayPlan.driverStopMarker', {
        driver: pin.driver,
        number: pin.position,
        name: pin.name,
      });
    },
    [byId, t],
  );
  const icon = useCallback(
    (stop: MarkerStop): L.DivIcon => {
      const pin = byId.get(stop.id ?? '')!;
      const [background, colour] = colours(pin);
      return pinIcon(pin.text, background, colour, pin.kind);
    },
    [byId],
  );
  const clusterLabel = useCallback((count: number) => t('map.clusterLabel', { count }), [t]);
  const lines = useMemo(
    () =>
      shownDrivers(drivers, shown).map((driver) => ({
        number: driver.number,
        positions: driverLine(stops, driver, legs.get(driver.number)),
        style: lineStyle(driver.number),
      })),
    [drivers, shown, stops, legs],
  );

  return (
    <MapView label={t('dayPlan.splitMapLabel')} className="team-map" overlay={overlay}>
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
          pathOptions={line.style}
          interactive={false}
        />
      ))}
      <StopMarkersLayer
        stops={markerStops}
        activeIndex={-1}
        markerLabel={label}
        clusterLabel={clusterLabel}
        icon={icon}
        clusterAbove={CLUSTER_ABOVE}
        renderPopup={(stop) => <p className="team-marker__popup">{label(stop)}</p>}
      />
    </MapView>
  );
}
