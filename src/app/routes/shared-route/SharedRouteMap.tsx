import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Stop } from '@domain/stops.ts';
import { MIN_STOPS_TO_CALCULATE } from '@domain/limits.ts';
import {
  MapCamera,
  MapView,
  RouteLines,
  StopMarkersLayer,
  TripSummary,
  type CameraRequest,
  type MarkerStop,
} from '@/components/map';
import { PlannedDayRows } from '@/components/day-plan/DayTimes';
import type { PlannedDay, TimeFormat } from '@/lib/day-plan';
import { useRouteLegs } from '@/lib/routing';

export interface SharedRouteMapProps {
  stops: readonly Stop[];
  activeIndex: number;
  onNavigate: (index: number) => void;
  day: PlannedDay | null;
  format: TimeFormat;
}

/** The shared route on the map: its line, its numbered stops (Navigate in each popup), its totals. */
export function SharedRouteMap({
  stops,
  activeIndex,
  onNavigate,
  day,
  format,
}: SharedRouteMapProps) {
  const { t } = useTranslation();
  const legs = useRouteLegs(stops);
  const enough = stops.length >= MIN_STOPS_TO_CALCULATE;
  const totals = enough ? (legs.data ?? null) : { totalDistance: 0, totalDuration: 0 };
  // The route does not change on this page: frame all of its stops once.
  const camera = useMemo<CameraRequest>(() => ({ id: 1, kind: 'fit', points: stops }), [stops]);
  // The layer redraws markers whose stop, label or position changed: ids by position suit a route that never changes here.
  const markerStops = useMemo(
    () => stops.map((stop, index) => ({ ...stop, id: String(index) })),
    [stops],
  );
  const markerLabel = useCallback(
    (stop: MarkerStop, number: number) => `${t('share.stopNumber', { number })}: ${stop.name}`,
    [t],
  );
  const clusterLabel = useCallback((count: number) => t('map.clusterLabel', { count }), [t]);
  const popup = (stop: MarkerStop, number: number) => (
    <div className="stop-popup-share">
      <strong>{t('share.stopNumber', { number })}</strong>
      <p>{stop.name}</p>
      <button
        type="button"
        className="button button--small button--primary"
        aria-label={t('waze.navigateTo', { number, name: stop.name })}
        onClick={() => onNavigate(number - 1)}
      >
        {t('waze.navigate')}
      </button>
    </div>
  );

  return (
    <MapView
      label={t('share.mapRegion')}
      className="shared__map"
      overlay={
        <TripSummary
          className="shared__summary"
          stopCount={stops.length}
          totalDistance={totals?.totalDistance ?? null}
          totalDuration={totals?.totalDuration ?? null}
          calculating={enough && legs.isFetching}
          estimated={legs.data?.legs.some((leg) => leg.estimated) ?? false}
          extra={day ? <PlannedDayRows day={day} format={format} /> : undefined}
        />
      }
    >
      <RouteLines legs={legs.data?.legs ?? []} />
      <StopMarkersLayer
        stops={markerStops}
        activeIndex={activeIndex}
        markerLabel={markerLabel}
        clusterLabel={clusterLabel}
        renderPopup={popup}
      />
      <MapCamera request={camera} />
    </MapView>
  );
}
