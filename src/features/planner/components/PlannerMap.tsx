import { useCallback, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { RouteLeg } from '@domain/geo.ts';
import {
  LOCATED_ZOOM,
  MapCamera,
  MapClickHandler,
  MapView,
  MapViewportReporter,
  RouteLines,
  StopMarkersLayer,
  TripSummary,
  type CameraRequest,
  type MapViewport,
  type MarkerStop,
} from '@/components/map';
import { formatLatLng } from '@/lib/format';
import type { PositionState } from '../hooks/use-current-position';
import type { PlannedStop } from '../model/stop-list';
import { useStopChangeTiming } from './interaction-timing';
import './PlannerMap.css';

export interface PlannerMapProps {
  stops: readonly PlannedStop[];
  /** The stop chosen in the list, or -1. */
  highlightedIndex: number;
  legs: readonly RouteLeg[];
  totals: { totalDistance: number; totalDuration: number } | null;
  calculating: boolean;
  estimated: boolean;
  /**
   * The page's camera moves. Besides them the map fits the first stops it shows (the draft or
   * the saved route the planner opens with) and centres on the user's position when found.
   */
  camera: CameraRequest | null;
  position: PositionState;
  onRetryPosition: () => void;
  onMapClick: (point: { lat: number; lng: number }) => void;
  onRemoveStop: (index: number) => void;
  /** The map's view after each pan or zoom (the address search prefers places in it). */
  onViewportChange?: (view: MapViewport) => void;
  /** More lines of the Trip Summary (the working day's finish and totals). */
  summaryExtra?: ReactNode;
}

/** The planner's map: click to add, numbered stops with popups, route lines, Trip Summary. */
export function PlannerMap(props: PlannerMapProps) {
  const { stops, highlightedIndex, legs, totals, calculating, estimated, camera, position } = props;
  const { t } = useTranslation();
  // The list, markers and summary all follow `stops` in one commit; measured here, after it.
  useStopChangeTiming(stops);
  const hasStops = stops.length > 0;
  const located = position.status === 'located' ? position.point : null;
  const unknownUntilCalculated = stops.length >= 2 && totals === null;

  const markerLabel = useCallback(
    (stop: MarkerStop, number: number) => `${t('planner.stopNumber', { number })}: ${stop.name}`,
    [t],
  );
  const clusterLabel = useCallback((count: number) => t('map.clusterLabel', { count }), [t]);

  const popup = (stop: MarkerStop, number: number) => (
    <div className="stop-popup">
      <strong className="stop-popup__number">{t('planner.stopNumber', { number })}</strong>
      <p className="stop-popup__name">{stop.name}</p>
      <p className="stop-popup__coords">{formatLatLng(stop)}</p>
      <button
        type="button"
        className="button button--small"
        aria-label={t('planner.removeStop', { number, name: stop.name })}
        onClick={() => props.onRemoveStop(number - 1)}
      >
        {t('planner.remove')}
      </button>
    </div>
  );

  return (
    <MapView
      label={t('planner.mapRegion')}
      className="planner-map"
      overlay={
        <>
          <div className="planner-map__status">
            {position.status === 'locating' ? (
              <p className="planner-map__banner" role="status">
                {t('planner.locating')}
              </p>
            ) : null}
            {position.status === 'failed' ? (
              <div className="planner-map__banner planner-map__banner--error" role="alert">
                <span>{t('planner.mapError')}</span>
                <button
                  type="button"
                  className="button button--small"
                  onClick={props.onRetryPosition}
                >
                  {t('common.retry')}
                </button>
              </div>
            ) : null}
          </div>
          {hasStops ? (
            <TripSummary
              className="planner-map__summary"
              stopCount={stops.length}
              totalDistance={unknownUntilCalculated ? null : (totals?.totalDistance ?? 0)}
              totalDuration={unknownUntilCalculated ? null : (totals?.totalDuration ?? 0)}
              calculating={calculating}
              estimated={estimated}
              extra={props.summaryExtra}
            />
          ) : (
            <p className="planner-map__empty">{t('planner.emptyMap')}</p>
          )}
        </>
      }
    >
      <MapClickHandler onClick={props.onMapClick} />
      <RouteLines legs={legs} />
      <StopMarkersLayer
        stops={stops}
        activeIndex={highlightedIndex}
        markerLabel={markerLabel}
        clusterLabel={clusterLabel}
        renderPopup={popup}
      />
      {/* Before the camera: a camera request waiting when the map mounts (the user's position,
          found while Leaflet was loading) moves the map in the camera's first effect, and the
          reporter has to be listening by then. */}
      {props.onViewportChange ? <MapViewportReporter onChange={props.onViewportChange} /> : null}
      <MapCamera request={camera} fitFirst={stops} centerOn={located} centerZoom={LOCATED_ZOOM} />
    </MapView>
  );
}
