import { useCallback, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import type { Stop } from '@domain/stops.ts';
import { MIN_STOPS_TO_CALCULATE } from '@domain/limits.ts';
import { LoadingState } from '@/components/LoadingState';
import {
  MapCamera,
  MapView,
  RouteLines,
  StopMarkersLayer,
  TripSummary,
  type CameraRequest,
  type MarkerStop,
} from '@/components/map';
import { paths } from '@/config/paths';
import { ExportMenu } from '@/components/export-menu/ExportMenu';
import { PlannedDayRows, PlannedStopTimes } from '@/components/day-plan/DayTimes';
import {
  dayEndPoint,
  plannedDay,
  useTimeFormat,
  type PlannedDay,
  type TimeFormat,
} from '@/lib/day-plan';
import { progressView, StopNote, useStoredProgress, useWazeHandOff } from '@/features/navigation';
import { useRouteLegs } from '@/lib/routing';
import { isApiError } from '@/lib/api-client';
import {
  SaveToMyRoutes,
  SHARED_PAGE_REFERRER_POLICY,
  useReferrerPolicy,
  useSharedRoute,
  type SharedRoute,
} from '@/features/share';
import { keyFor } from '@/lib/device-keys';
import './SharedRoutePage.css';

/**
 * Progress on a shared route is kept on the device per link (localStorage): on a phone the Waze
 * web link opens in this tab, and a driver who opens the link again (a new tab from a chat app)
 * carries on from the stop they were driving to.
 */
const sharedProgressKey = (shareToken: string) => keyFor('sharedRouteProgress', shareToken);

function PlanOwnRoute() {
  const { t } = useTranslation();
  return (
    <aside className="shared__plan-own">
      <p>{t('share.planOwnNote')}</p>
      <Link to={paths.plan()} className="button">
        {t('share.planOwn')}
      </Link>
    </aside>
  );
}

function Message({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="page shared shared--message">
      <h1 className="page__title">{title}</h1>
      {children}
      <PlanOwnRoute />
    </section>
  );
}

/**
 * /share/:shareToken: anyone with the link sees the route's title, map and stops
 * (nothing about its owner) and can drive it with Waze. The address is a
 * capability, so the page loads no third-party script and its requests carry
 * only the site's origin as Referer.
 */
export function SharedRoutePage() {
  const { t } = useTranslation();
  useReferrerPolicy(SHARED_PAGE_REFERRER_POLICY);
  const { shareToken = '' } = useParams();
  const query = useSharedRoute(shareToken || undefined);

  if (!shareToken || (query.isError && isApiError(query.error) && query.error.status === 404)) {
    return (
      <Message title={t('share.notFoundTitle')}>
        <p className="shared__lead" role="alert">
          {t('share.notFound')}
        </p>
        <p className="page__note">{t('share.notFoundDetail')}</p>
      </Message>
    );
  }
  if (query.isError) {
    return (
      <Message title={t('share.title')}>
        <div className="shared__error" role="alert">
          <p>{t('share.loadFailed')}</p>
          <button
            type="button"
            className="button button--small"
            onClick={() => void query.refetch()}
            disabled={query.isFetching}
          >
            {t('common.retry')}
          </button>
        </div>
      </Message>
    );
  }
  if (query.isPending) {
    return (
      <section className="page shared">
        <LoadingState label={t('share.loading')} />
      </section>
    );
  }
  return <SharedRouteView key={shareToken} shareToken={shareToken} route={query.data} />;
}

function SharedRouteView({ shareToken, route }: { shareToken: string; route: SharedRoute }) {
  const { t } = useTranslation();
  const { stops } = route;
  const [progress, dispatch] = useStoredProgress(
    sharedProgressKey(shareToken),
    stops.length,
    'local',
  );
  const handOff = useWazeHandOff();
  // The map's query (same key): its line becomes the GPX track.
  const legs = useRouteLegs(stops);
  const day = useSharedDay(route, legs.data?.legs);
  const format = useTimeFormat();
  const view = progressView(progress, stops);
  const currentIndex = progress.started ? Math.min(progress.currentIndex, stops.length - 1) : -1;

  const go = (index: number) => {
    dispatch({ type: 'choose', index, stopCount: stops.length });
    handOff(stops[index]);
  };

  return (
    <section className="shared" aria-labelledby="shared-title">
      <header className="shared__header">
        <h1 id="shared-title" className="page__title shared__title">
          {route.title}
        </h1>
        <p className="shared__subtitle">{t('share.subtitle', { count: stops.length })}</p>
        {stops.length > 0 ? (
          <div className="shared__actions">
            <button
              type="button"
              className="button button--primary button--large"
              onClick={() => go(view.startIndex)}
            >
              {t('waze.start')}
            </button>
            {view.nextIndex !== null ? (
              <button
                type="button"
                className="button button--primary button--large"
                onClick={() => go(view.nextIndex!)}
              >
                {t('waze.next', { next: view.nextIndex + 1, total: view.total })}
              </button>
            ) : null}
            <SaveToMyRoutes route={route} />
          </div>
        ) : null}
      </header>

      {stops.length === 0 ? (
        <p className="shared__lead">{t('share.noStops')}</p>
      ) : (
        <>
          <SharedRouteMap
            stops={stops}
            activeIndex={currentIndex}
            onNavigate={go}
            day={day}
            format={format}
          />
          <div className="shared__stops">
            <h2 className="shared__heading">{t('share.stopsHeading')}</h2>
            {day && route.day_plan?.timeZone && route.day_plan.timeZone !== format.timeZone ? (
              <p className="day-times-note" data-testid="viewer-zone">
                {t('dayPlan.viewerZoneNote', { zone: format.timeZone })}
              </p>
            ) : null}
            <ol className="shared-stops">
              {stops.map((stop, index) => {
                const number = index + 1;
                const isCurrent = index === currentIndex;
                return (
                  <li
                    key={index}
                    className={isCurrent ? 'shared-stop shared-stop--current' : 'shared-stop'}
                    aria-current={isCurrent ? 'step' : undefined}
                  >
                    <span className="shared-stop__number" aria-hidden="true">
                      {number}
                    </span>
                    <span className="shared-stop__body">
                      <span className="shared-stop__name">
                        <span className="visually-hidden">
                          {t('share.stopNumber', { number })}:{' '}
                        </span>
                        {stop.name}
                      </span>
                      {stop.status ? (
                        <span className={`shared-stop__status shared-stop__status--${stop.status}`}>
                          {stop.status === 'done'
                            ? t('navigation.stateDone')
                            : t('navigation.stateSkipped')}
                        </span>
                      ) : null}
                      {day ? (
                        <PlannedStopTimes time={day.stops[index]} format={format} withDay />
                      ) : null}
                      <StopNote note={stop.note} />
                    </span>
                    <button
                      type="button"
                      className="button button--small"
                      aria-label={t('waze.navigateTo', { number, name: stop.name })}
                      onClick={() => go(index)}
                    >
                      {t('waze.navigate')}
                    </button>
                  </li>
                );
              })}
            </ol>
            <p className="shared__note">{t('waze.handOffNote')}</p>
            <div className="shared__export">
              <ExportMenu
                title={route.title}
                stops={stops}
                legs={legs.data?.legs}
                times={day?.stops}
                totals={
                  legs.data
                    ? { distance: legs.data.totalDistance, duration: legs.data.totalDuration }
                    : null
                }
              />
            </div>
          </div>
        </>
      )}
      <div className="shared__footer">
        <PlanOwnRoute />
      </div>
    </section>
  );
}

/**
 * The shared route's planned day, when it has one: its plan applied to the legs of the map's
 * route, and the leg to where the day ends when that is not the last stop. Shown in the viewer's
 * language and zone: the same moments wherever the link is opened.
 */
function useSharedDay(
  route: SharedRoute,
  legs: readonly { duration: number }[] | undefined,
): PlannedDay | null {
  const plan = route.day_plan ?? null;
  const { stops } = route;
  const end = dayEndPoint(plan, stops);
  const last = stops[stops.length - 1];
  // By value, so the query's key stays the same from one render to the next.
  const endKey = end && last ? `${last.lat},${last.lng};${end.lat},${end.lng}` : '';
  const endPoints = useMemo(
    () =>
      endKey === ''
        ? []
        : endKey.split(';').map((pair) => {
            const [lat, lng] = pair.split(',').map(Number);
            return { lat, lng };
          }),
    [endKey],
  );
  const endLeg = useRouteLegs(endPoints);
  const endSeconds =
    endPoints.length === 2 && endLeg.data?.legs.length === 1 ? endLeg.data.legs[0].duration : null;
  return useMemo(() => plannedDay(plan, stops, legs, endSeconds), [plan, stops, legs, endSeconds]);
}

function SharedRouteMap({
  stops,
  activeIndex,
  onNavigate,
  day,
  format,
}: {
  stops: readonly Stop[];
  activeIndex: number;
  onNavigate: (index: number) => void;
  day: PlannedDay | null;
  format: TimeFormat;
}) {
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

export default SharedRoutePage;
