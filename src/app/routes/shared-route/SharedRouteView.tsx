import { useTranslation } from 'react-i18next';
import { ExportMenu } from '@/components/export-menu/ExportMenu';
import { useTimeFormat } from '@/lib/day-plan';
import { keyFor } from '@/lib/device-keys';
import { useRouteLegs } from '@/lib/routing';
import { progressView, useStoredProgress, useWazeHandOff } from '@/features/navigation';
import { SaveToMyRoutes, type SharedRoute } from '@/features/share';
import { PlanOwnRoute } from './SharedRouteMessage';
import { SharedRouteMap } from './SharedRouteMap';
import { SharedStopList } from './SharedStopList';
import { useSharedDay } from './use-shared-day';

/**
 * Progress on a shared route is kept on the device per link (localStorage): on a phone the Waze
 * web link opens in this tab, and a driver who opens the link again (a new tab from a chat app)
 * carries on from the stop they were driving to.
 */
const sharedProgressKey = (shareToken: string) => keyFor('sharedRouteProgress', shareToken);

/** A shared route: its title, Start and Next (to Waze), the map, the stops and the export. */
export function SharedRouteView({ shareToken, route }: { shareToken: string; route: SharedRoute }) {
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
            <SharedStopList
              stops={stops}
              currentIndex={currentIndex}
              day={day}
              format={format}
              onNavigate={go}
            />
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
