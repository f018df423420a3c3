import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import type { Stop } from '@domain/stops.ts';
import { LoadingState } from '@/components/LoadingState';
import { paths } from '@/config/paths';
import { useItinerary } from '@/features/itineraries';
import { isApiError } from '@/lib/api-client';
import { formatLatLng } from '@/lib/format';
import { useStoredProgress } from '../hooks/useStoredProgress';
import { useWazeHandOff } from '../hooks/useWazeHandOff';
import { navigationProgressKey, progressView } from '../model/progress';
import { ProgressBar } from './ProgressBar';
import './NavigationPage.css';

/** Spec section 9: coordinates on the navigation page have 6 decimals. */
const COORDINATE_DECIMALS = 6;

/** An id the api cannot know, or a route of someone else (RLS hides it): both are "not found". */
const isMissingRoute = (error: unknown) => isApiError(error) && [400, 401, 403, 404].includes(error.status);

function PageFrame({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <section className="page drive" aria-labelledby="drive-title">
      <Link to={paths.dashboard()} className="button button--small drive__back">
        <span aria-hidden="true">←</span> {t('navigation.backToDashboard')}
      </Link>
      <p className="drive__eyebrow">{t('navigation.title')}</p>
      <h1 id="drive-title" className="page__title drive__title">
        {title}
      </h1>
      {children}
    </section>
  );
}

/** /waze-route/:id: drive a saved route stop by stop, handing each stop to Waze (spec section 2). */
export function NavigationPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const itineraryId = id?.trim() ? id : undefined;
  if (!itineraryId) {
    return (
      <PageFrame title={t('navigation.title')}>
        <p className="drive__message" role="alert">
          {t('navigation.noId')}
        </p>
      </PageFrame>
    );
  }
  // One instance per route: its progress never mixes with another route's.
  return <RouteNavigation key={itineraryId} itineraryId={itineraryId} />;
}

function RouteNavigation({ itineraryId }: { itineraryId: string }) {
  const { t } = useTranslation();
  const query = useItinerary(itineraryId);
  const stops = query.data?.stops ?? null;
  const [progress, dispatch] = useStoredProgress(navigationProgressKey(itineraryId), stops?.length ?? null, 'local');

  if (query.isPending) {
    return (
      <PageFrame title={t('navigation.title')}>
        <LoadingState label={t('navigation.loading')} />
      </PageFrame>
    );
  }
  if (query.isError) {
    return (
      <PageFrame title={t('navigation.title')}>
        {isMissingRoute(query.error) ? (
          <p className="drive__message" role="alert">
            {t('navigation.notFound')}
          </p>
        ) : (
          <div className="drive__message" role="alert">
            <p>{t('navigation.loadFailed')}</p>
            <button type="button" className="button button--small" onClick={() => void query.refetch()} disabled={query.isFetching}>
              {t('common.retry')}
            </button>
          </div>
        )}
      </PageFrame>
    );
  }

  const route = query.data;
  if (route.stops.length === 0) {
    return (
      <PageFrame title={route.title}>
        <p className="drive__message">{t('navigation.noStops')}</p>
      </PageFrame>
    );
  }
  return (
    <PageFrame title={route.title}>
      <TripPoints stops={route.stops} progress={progress} dispatch={dispatch} />
    </PageFrame>
  );
}

type Progress = ReturnType<typeof useStoredProgress>;

function TripPoints({ stops, progress, dispatch }: { stops: readonly Stop[]; progress: Progress[0]; dispatch: Progress[1] }) {
  const { t } = useTranslation();
  const handOff = useWazeHandOff();
  // The stored index may still exceed an edited route until the clamp runs.
  const currentIndex = Math.min(progress.currentIndex, stops.length - 1);
  const view = progressView({ ...progress, currentIndex }, stops.length);
  const progressText = progress.started
    ? t('navigation.currentStop', { current: view.current, total: view.total })
    : t('navigation.notStarted');

  const go = (index: number) => {
    dispatch({ type: 'choose', index, stopCount: stops.length });
    handOff(stops[index]);
  };

  return (
    <>
      <div className="drive__progress">
        <p className="drive__progress-text" aria-live="polite">
          {progressText}
        </p>
        <ProgressBar label={t('navigation.progressLabel')} value={view.current} max={view.total} valueText={progressText} />
        <div className="drive__actions">
          {!progress.started ? (
            <button type="button" className="button button--primary button--large" onClick={() => go(0)}>
              {t('waze.start')}
            </button>
          ) : null}
          {progress.started && view.nextIndex !== null ? (
            <button type="button" className="button button--primary button--large" onClick={() => go(view.nextIndex!)}>
              {t('waze.next', { next: view.nextIndex + 1, total: view.total })}
            </button>
          ) : null}
          {progress.started ? (
            <button type="button" className="button button--small button--ghost" onClick={() => dispatch({ type: 'reset' })}>
              {t('navigation.startOver')}
            </button>
          ) : null}
        </div>
      </div>

      <h2 className="drive__heading">{t('navigation.tripPoints', { count: stops.length })}</h2>
      <p className="drive__instructions">{t('navigation.instructions')}</p>
      <ol className="drive-points">
        {stops.map((stop, index) => {
          const number = index + 1;
          const isCurrent = progress.started && index === currentIndex;
          const reached = progress.started && index < currentIndex;
          const state = isCurrent ? t('navigation.stateCurrent') : reached ? t('navigation.stateReached') : null;
          return (
            <li key={index}>
              <button
                type="button"
                className={['drive-point', isCurrent && 'drive-point--current', reached && 'drive-point--reached'].filter(Boolean).join(' ')}
                aria-current={isCurrent ? 'step' : undefined}
                onClick={() => go(index)}
              >
                <span className="drive-point__number" aria-hidden="true">
                  {reached ? '✓' : number}
                </span>
                <span className="drive-point__body">
                  <span className="visually-hidden">{t('navigation.pointNumber', { number })} </span>
                  <span className="drive-point__name">{stop.name}</span>
                  <span className="drive-point__coords">{formatLatLng(stop, COORDINATE_DECIMALS)}</span>
                </span>
                {state ? <span className="drive-point__state">{state}</span> : null}
              </button>
            </li>
          );
        })}
      </ol>
      <p className="drive__note">{t('waze.handOffNote')}</p>
    </>
  );
}

export default NavigationPage;
