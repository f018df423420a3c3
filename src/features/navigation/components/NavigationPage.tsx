import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import type { DayPlan } from '@domain/day-plan/day-plan.ts';
import { serviceMinutesOf } from '@domain/day-plan/day-plan.ts';
import { LATE_AFTER_MS } from '@domain/day-plan/schedule.ts';
import type { Stop, StopStatus } from '@domain/stops.ts';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { LoadingState } from '@/components/LoadingState';
import { paths } from '@/config/paths';
import { useIdentity } from '@/lib/auth';
import { ExportMenu } from '@/components/export-menu/ExportMenu';
import { ProgressBar } from '@/components/ProgressBar';
import { requestSync, useOnline } from '@/lib/offline';
import { isApiError } from '@/lib/api-client';
import { isOnPlanDay, plannedDay, useTimeFormat, type TimeFormat } from '@/lib/day-plan';
import { formatLatLng } from '@/lib/format';
import { WarningIcon } from '@/components/day-plan/DayIcons';
import { useFormatDistance } from '@/lib/units';
import { useDriveLegs } from '../api/drive-legs';
import { useDriveRoute } from '../api/drive-route';
import { useNow } from '../hooks/useNow';
import { useStopChanges, type SyncNotice } from '../hooks/useStopChanges';
import { useWazeHandOff } from '../hooks/useWazeHandOff';
import { remainingTrip } from '../model/remaining-trip';
import { projectDrive } from '../model/running-late';
import { withStopNote } from '../model/stop-note';
import { stopProgressView, withoutStatuses, withStopStatus } from '../model/stop-status';
import { StopNote } from './StopNote';
import { StopNoteForm } from './StopNoteForm';
import './NavigationPage.css';

/** Coordinates on the navigation page have 6 decimals. */
const COORDINATE_DECIMALS = 6;
/** ETAs follow the clock: recomputed twice a minute. */
const ETA_REFRESH_MS = 30_000;

/** An id the api cannot know, or a route of someone else (RLS hides it): both are "not found". */
const isMissingRoute = (error: unknown) =>
  isApiError(error) && [400, 401, 403, 404].includes(error.status);
const isNoConnection = (error: unknown) => isApiError(error) && error.status === 0;

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

/** /waze-route/:id: drive a saved route stop by stop, handing each stop to Waze. */
export function NavigationPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const { identity } = useIdentity();
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
  // The copy kept on the device belongs to the signed-in account.
  const ownerId = identity.status === 'signed-in' ? identity.user.id : 'guest';
  // One instance per route: its state never mixes with another route's.
  return (
    <RouteNavigation
      key={`${ownerId}:${itineraryId}`}
      ownerId={ownerId}
      itineraryId={itineraryId}
    />
  );
}

function RouteNavigation({ ownerId, itineraryId }: { ownerId: string; itineraryId: string }) {
  const { t } = useTranslation();
  const online = useOnline();
  const query = useDriveRoute(ownerId, itineraryId);
  const changes = useStopChanges(ownerId, itineraryId, query.data);

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
            {isNoConnection(query.error) && !online ? (
              <p>{t('navigation.notKeptOffline')}</p>
            ) : null}
            <button
              type="button"
              className="button button--small"
              onClick={() => void query.refetch()}
              disabled={query.isFetching}
            >
              {t('common.retry')}
            </button>
          </div>
        )}
      </PageFrame>
    );
  }

  const route = query.data;
  const offline = !online || route.fromDevice;
  return (
    <PageFrame title={route.itinerary.title}>
      {offline ? (
        <p className="drive__offline" role="status">
          {t('navigation.offline')}
        </p>
      ) : null}
      <SyncMessage
        notice={changes.notice}
        onDismiss={changes.dismissNotice}
        onRetry={() => void requestSync(ownerId)}
      />
      {route.stops.length === 0 ? (
        <p className="drive__message">{t('navigation.noStops')}</p>
      ) : (
        <TripPoints
          ownerId={ownerId}
          itineraryId={itineraryId}
          title={route.itinerary.title}
          stops={route.stops}
          dayPlan={route.itinerary.day_plan ?? null}
          onChange={(stops) => void changes.change(stops)}
        />
      )}
    </PageFrame>
  );
}

function SyncMessage({
  notice,
  onDismiss,
  onRetry,
}: {
  notice: SyncNotice;
  onDismiss: () => void;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  if (!notice) return null;
  const text = {
    conflict: t('navigation.syncConflict'),
    gone: t('navigation.syncGone'),
    saveFailed: t('navigation.syncFailed'),
  }[notice];
  return (
    <div className="drive__message drive__message--warning" role="alert">
      <p>{text}</p>
      {notice === 'saveFailed' ? (
        <button type="button" className="button button--small" onClick={onRetry}>
          {t('common.retry')}
        </button>
      ) : null}
      <button type="button" className="button button--small button--ghost" onClick={onDismiss}>
        {t('common.dismiss')}
      </button>
    </div>
  );
}

interface TripPointsProps {
  ownerId: string;
  itineraryId: string;
  title: string;
  stops: readonly Stop[];
  /** The route's working day, when it has one: planned arrivals and the running-late flag. */
  dayPlan: DayPlan | null;
  onChange: (stops: Stop[]) => void;
}

/**
 * The route's planned day (from its plan and legs, kept on the device like the rest) and the rest
 * of the day from now: expected arrivals with the time at each stop and the waits, and the stops
 * the driver will reach after their window closes. The windows count only on the plan's day: a
 * route driven on another day keeps its planned times as a reference and flags nothing.
 */
function useDriveDay(
  plan: DayPlan | null,
  stops: readonly Stop[],
  legs: readonly { distance: number; duration: number }[] | null,
  now: number,
) {
  const planned = useMemo(() => plannedDay(plan, stops, legs), [plan, stops, legs]);
  const today = isOnPlanDay(plan, now);
  const projection = planned
    ? projectDrive(
        stops.map((stop, index) => ({
          status: stop.status,
          service: serviceMinutesOf(stop, plan) * 60,
          window: today ? planned.stops[index].window : null,
        })),
        legs,
        now,
        today ? planned.departure : null,
      )
    : null;
  return { planned, today, projection };
}

function TripPoints({ ownerId, itineraryId, title, stops, dayPlan, onChange }: TripPointsProps) {
  const { t } = useTranslation();
  const handOff = useWazeHandOff();
  const now = useNow(ETA_REFRESH_MS);
  const legs = useDriveLegs(ownerId, itineraryId, stops);
  const view = stopProgressView(stops);
  const legTimes = stops.length < 2 ? [] : (legs.data ?? null);
  const trip = remainingTrip(stops, legTimes, now);
  const day = useDriveDay(dayPlan, stops, legTimes, now);
  // With a working day the ETAs count the time at each stop and the waits too.
  const arrivals = day.projection?.arrivals ?? trip.arrivals;
  const format = useTimeFormat();
  const formatDistance = useFormatDistance();
  const current = view.currentIndex;
  // The route line for the GPX export, when the legs came from the network (not kept offline).
  const lines = legs.data?.every((leg) => leg.coordinates)
    ? legs.data.map((leg) => ({ coordinates: leg.coordinates! }))
    : undefined;
  const lastArrival = arrivals.reduce<number | null>((last, arrival) => arrival ?? last, null);

  const progressText =
    current === null
      ? t('navigation.allSettled')
      : t('navigation.currentStop', { current: current + 1, total: view.total });
  const setStatus = (index: number, status: StopStatus | null) =>
    onChange(withStopStatus(stops, index, status));
  /** The stop whose note is being written, if any. */
  const [noteIndex, setNoteIndex] = useState<number | null>(null);

  // 'Start over' asks first; once every stop is back to do, the focus goes to the first hand-off.
  const [confirmingStartOver, setConfirmingStartOver] = useState(false);
  const handOffButton = useRef<HTMLButtonElement>(null);
  const focusHandOffNext = useRef(false);
  useEffect(() => {
    if (!focusHandOffNext.current || !handOffButton.current) return;
    focusHandOffNext.current = false;
    handOffButton.current.focus();
  });
  const startOver = () => {
    setConfirmingStartOver(false);
    focusHandOffNext.current = true;
    onChange(withoutStatuses(stops));
  };

  return (
    <>
      <div className="drive__progress">
        <p className="drive__progress-text" aria-live="polite">
          {progressText}
        </p>
        <ProgressBar
          label={t('navigation.progressLabel')}
          value={view.settled}
          max={view.total}
          valueText={t('navigation.settledCount', { settled: view.settled, total: view.total })}
        />
        {current !== null && lastArrival !== null ? (
          <p className="drive__remaining" data-testid="drive-remaining">
            {t('navigation.remaining', {
              distance: formatDistance(trip.distance),
              time: format.time(lastArrival),
            })}
          </p>
        ) : null}
        {current !== null ? (
          <div className="drive-current" aria-label={t('navigation.stateCurrent')} role="group">
            <p className="drive-current__name">{stops[current].name}</p>
            {arrivals[current] !== null ? (
              <p className="drive-current__eta">
                {t('navigation.eta', { time: format.time(arrivals[current]) })}
              </p>
            ) : null}
            {day.planned ? (
              <PlannedLine
                index={current}
                day={day}
                format={format}
                className="drive-current__planned"
              />
            ) : null}
            <RunningLate
              lateBy={day.projection?.lateBy[current] ?? 0}
              closes={day.planned?.stops[current].window?.[1] ?? null}
              now={now}
              format={format}
            />
            <StopNote note={stops[current].note} className="stop-note--prominent" />
            <div className="drive__actions">
              <button
                ref={handOffButton}
                type="button"
                className="button button--primary button--large"
                onClick={() => handOff(stops[current])}
              >
                {view.settled === 0 && current === 0
                  ? t('waze.start')
                  : t('waze.next', { next: current + 1, total: view.total })}
              </button>
              <button
                type="button"
                className="button drive__done"
                onClick={() => setStatus(current, 'done')}
              >
                {t('navigation.markDone')}
              </button>
              <button
                type="button"
                className="button"
                onClick={() => setStatus(current, 'skipped')}
              >
                {t('navigation.skip')}
              </button>
            </div>
          </div>
        ) : null}
        {view.settled > 0 ? (
          <div className="drive__actions">
            <button
              type="button"
              className="button button--small button--ghost"
              onClick={() => setConfirmingStartOver(true)}
            >
              {t('navigation.startOver')}
            </button>
          </div>
        ) : null}
        {confirmingStartOver ? (
          <ConfirmDialog
            title={t('navigation.startOverTitle')}
            message={t('navigation.startOverBody')}
            confirmLabel={t('navigation.startOver')}
            onConfirm={startOver}
            onCancel={() => setConfirmingStartOver(false)}
          />
        ) : null}
      </div>

      <h2 className="drive__heading">{t('navigation.tripPoints', { count: stops.length })}</h2>
      <p className="drive__instructions">{t('navigation.instructionsDriving')}</p>
      <ol className="drive-points">
        {stops.map((stop, index) => {
          const number = index + 1;
          const isCurrent = index === current;
          const arrival = arrivals[index];
          const state =
            stop.status === 'done'
              ? t('navigation.stateDone')
              : stop.status === 'skipped'
                ? t('navigation.stateSkipped')
                : isCurrent
                  ? t('navigation.stateCurrent')
                  : null;
          const labels = { number, name: stop.name };
          return (
            <li
              key={index}
              className={['drive-stop', stop.status && `drive-stop--${stop.status}`]
                .filter(Boolean)
                .join(' ')}
            >
              <button
                type="button"
                className={[
                  'drive-point',
                  isCurrent && 'drive-point--current',
                  stop.status && `drive-point--${stop.status}`,
                ]
                  .filter(Boolean)
                  .join(' ')}
                aria-current={isCurrent ? 'step' : undefined}
                onClick={() => handOff(stop)}
              >
                <span className="drive-point__number" aria-hidden="true">
                  {stop.status === 'done' ? '✓' : stop.status === 'skipped' ? '↷' : number}
                </span>
                <span className="drive-point__body">
                  <span className="visually-hidden">
                    {t('navigation.pointNumber', { number })}{' '}
                  </span>
                  <span className="drive-point__name">{stop.name}</span>
                  <span className="drive-point__coords">
                    {formatLatLng(stop, COORDINATE_DECIMALS)}
                  </span>
                  {arrival !== null ? (
                    <span className="drive-point__eta">
                      {t('navigation.eta', { time: format.time(arrival) })}
                    </span>
                  ) : null}
                  {day.planned ? (
                    <PlannedLine
                      index={index}
                      day={day}
                      format={format}
                      className="drive-point__planned"
                    />
                  ) : null}
                </span>
                {state ? <span className="drive-point__state">{state}</span> : null}
              </button>
              {isCurrent ? null : (
                <RunningLate
                  lateBy={day.projection?.lateBy[index] ?? 0}
                  closes={day.planned?.stops[index].window?.[1] ?? null}
                  now={now}
                  format={format}
                />
              )}
              {noteIndex === index ? (
                <StopNoteForm
                  number={number}
                  note={stop.note}
                  onSave={(note) => {
                    onChange(withStopNote(stops, index, note));
                    setNoteIndex(null);
                  }}
                  onCancel={() => setNoteIndex(null)}
                />
              ) : (
                <StopNote note={stop.note} className="drive-stop__note" />
              )}
              <div className="drive-stop__actions">
                {noteIndex !== index ? (
                  <button
                    type="button"
                    className="button button--small button--ghost"
                    aria-label={t(
                      stop.note ? 'navigation.editNoteLabel' : 'navigation.addNoteLabel',
                      labels,
                    )}
                    onClick={() => setNoteIndex(index)}
                  >
                    {stop.note ? t('navigation.editNote') : t('navigation.addNote')}
                  </button>
                ) : null}
                {stop.status ? (
                  <button
                    type="button"
                    className="button button--small"
                    aria-label={t('navigation.undoLabel', labels)}
                    onClick={() => setStatus(index, null)}
                  >
                    {t('navigation.undo')}
                  </button>
                ) : (
                  <>
                    <button
                      type="button"
                      className="button button--small"
                      aria-label={t('navigation.markDoneLabel', labels)}
                      onClick={() => setStatus(index, 'done')}
                    >
                      {t('navigation.markDone')}
                    </button>
                    <button
                      type="button"
                      className="button button--small button--ghost"
                      aria-label={t('navigation.skipLabel', labels)}
                      onClick={() => setStatus(index, 'skipped')}
                    >
                      {t('navigation.skip')}
                    </button>
                  </>
                )}
              </div>
            </li>
          );
        })}
      </ol>
      <p className="drive__note">{t('waze.handOffNote')}</p>
      <div className="drive__export">
        <ExportMenu
          title={title}
          stops={stops}
          legs={lines}
          times={day.planned?.stops}
          totals={
            legs.data && legs.data.length > 0
              ? {
                  distance: legs.data.reduce((sum, leg) => sum + leg.distance, 0),
                  duration: legs.data.reduce((sum, leg) => sum + leg.duration, 0),
                }
              : null
          }
        />
      </div>
    </>
  );
}

/**
 * A stop's planned time: "Departs 08:00" at the start (with its day when the plan is for another
 * day), "Planned 09:05 · Window 09:00–10:00" elsewhere.
 */
function PlannedLine({
  index,
  day,
  format,
  className,
}: {
  index: number;
  day: ReturnType<typeof useDriveDay>;
  format: TimeFormat;
  className: string;
}) {
  const { t } = useTranslation();
  const time = day.planned?.stops[index];
  if (!time) return null;
  if (time.arrival === null) {
    const departure = day.today ? format.time(time.departure) : format.dayAndTime(time.departure);
    return (
      <span className={className} data-testid="planned-times">
        {t('dayPlan.departs', { time: departure })}
      </span>
    );
  }
  const parts = [
    t('dayPlan.plannedArrival', { time: format.time(time.arrival) }),
    ...(time.window
      ? [
          t('dayPlan.windowShown', {
            start: format.time(time.window[0]),
            end: format.time(time.window[1]),
          }),
        ]
      : []),
  ];
  return (
    <span className={className} data-testid="planned-times">
      {parts.join(' · ')}
    </span>
  );
}

/**
 * The running-late flag of a stop still to do: the driver will get there after its window
 * closes (or it has closed already). Words and an icon beside the colour.
 */
function RunningLate({
  lateBy,
  closes,
  now,
  format,
}: {
  lateBy: number;
  closes: number | null;
  now: number;
  format: TimeFormat;
}) {
  const { t } = useTranslation();
  if (lateBy <= 0 || closes === null) return null;
  const time = format.time(closes);
  return (
    <p className="day-times-alert drive-stop__late" data-testid="running-late">
      <WarningIcon />{' '}
      {now - closes >= LATE_AFTER_MS
        ? t('dayPlan.windowClosed', { time })
        : t('dayPlan.runningLate', { time })}
    </p>
  );
}

export default NavigationPage;
