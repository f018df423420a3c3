import { useCallback, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import type { Stop } from '@domain/stops.ts';
import { truncateStopName } from '@domain/stops.ts';
import { textLanguage } from '@domain/composed-texts.ts';
import { MIN_STOPS_TO_CALCULATE } from '@domain/limits.ts';
// The map's constants and types only: Leaflet loads with the map (the planner feature's PlannerMap).
import type { MapViewport } from '@/components/map';
import { FOCUS_ZOOM, LOCATED_ZOOM } from '@/components/map/map-constants';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { Dialog } from '@/components/Dialog';
import { LoadingState } from '@/components/LoadingState';
import { Deferred } from '@/components/deferred/Deferred';
import { useLeaveGuard } from '@/components/hooks/useLeaveGuard';
import { useIdentity } from '@/lib/auth';
import { ExportMenu } from '@/components/export-menu/ExportMenu';
import { PlaceSearch, searchBias, type Suggestion } from '@/features/geocoding';
import { ImportPanel } from '@/features/import';
import { OptimizeRoute } from '@/features/optimize';
import { useWazeHandOff } from '@/features/navigation/hooks/useWazeHandOff';
import { SplitAmongDrivers } from '@/features/team-day';
import {
  DaySummaryRows,
  EditConflict,
  PlannerMap,
  StopList,
  toStops,
  useCameraRequests,
  useCurrentPosition,
  useDaySchedule,
  useEditConflict,
  usePlannerRoute,
  useRouteCalculation,
  useSaveRoute,
  useStartRoute,
  useStopAtPoint,
  type ActionFeedback,
} from '@/features/planner';
import { titleOrAuto } from '@/lib/route-storage';
import { useFormatDistance } from '@/lib/units';
import { useTimeFormat } from '@/lib/day-plan';
import { PlannerDayPanel } from './PlannerDayPanel';
import '@/components/forms.css';
import './PlannerPage.css';

/** /plan (new) and /edit-route/:id (edit); a new key per route gives each its own state. */
export function PlannerPage() {
  const { id } = useParams();
  return <PlannerWorkspace key={id ?? 'new'} itineraryId={id} />;
}

function Feedback({ feedback }: { feedback: ActionFeedback | null }) {
  if (!feedback) return null;
  return (
    <div className="planner__feedback" role="alert">
      <strong>{feedback.message}</strong>
      {feedback.detail ? <span>{feedback.detail}</span> : null}
    </div>
  );
}

function PlannerWorkspace({ itineraryId }: { itineraryId: string | undefined }) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const { identity } = useIdentity();
  const signedIn = identity.status === 'signed-in';
  const isEdit = itineraryId !== undefined;
  const planner = usePlannerRoute(itineraryId);
  const { state, dispatch, loading, loadFailed, retryLoad, ready, loadedVersion, loadLatest } =
    planner;
  const { stops, title } = state;
  /** Edit mode: nothing can be typed or changed until the saved route is on screen. */
  const locked = !ready;

  const [announcement, setAnnouncement] = useState('');
  /** The stop the user last chose in the list, highlighted on the map and in the list. */
  const [highlightedId, setHighlightedId] = useState<string | null>(null);
  const highlightedIndex = stops.findIndex((stop) => stop.id === highlightedId);
  const [calculateMessage, setCalculateMessage] = useState('');
  const [importOpen, setImportOpen] = useState(false);
  /** Once opened, the import stays mounted while hidden, so closing it loses no line. */
  const [importUsed, setImportUsed] = useState(false);
  const importToggle = useRef<HTMLButtonElement>(null);
  const importPanelId = useId();
  const { camera, centerOn, fitTo } = useCameraRequests();
  /** The map's view, where the address search prefers results. */
  const [view, setView] = useState<MapViewport | null>(null);

  // Show the route that was there on arrival (draft or saved route); otherwise find the user.
  const [arrivedWithStops] = useState(() => stops.length > 0);
  const [fittedOnArrival, setFittedOnArrival] = useState(false);
  if (ready && !fittedOnArrival && stops.length > 0) {
    setFittedOnArrival(true);
    fitTo(stops);
  }
  const { state: position, retry: retryPosition } = useCurrentPosition(
    !isEdit && !arrivedWithStops,
  );
  const locatedPoint = position.status === 'located' ? position.point : null;
  const [centeredOn, setCenteredOn] = useState<typeof locatedPoint>(null);
  if (locatedPoint && locatedPoint !== centeredOn) {
    setCenteredOn(locatedPoint);
    centerOn(locatedPoint, LOCATED_ZOOM);
  }

  const calculation = useRouteCalculation(stops);
  const saving = useSaveRoute(itineraryId, loadedVersion);
  const starting = useStartRoute(itineraryId);
  // A new list of 500 stops on every render (the day's clock, a typed letter) adds up.
  const plainStops = useMemo(() => toStops(stops), [stops]);
  const route = { title, stops: plainStops, dayPlan: state.dayPlan };
  const language = textLanguage(i18n.resolvedLanguage);
  const formatDistance = useFormatDistance();
  const legs = calculation.route?.legs;
  // The working day along the route: each stop's times, the finish and the totals.
  const day = useDaySchedule(state.dayPlan, stops, legs);
  const timeFormat = useTimeFormat(state.dayPlan?.timeZone);
  const handOffToWaze = useWazeHandOff();
  const stopCount = stops.length;
  // Formatted once per calculated route, not on every render (a reorder keeps the legs).
  const legDistances = useMemo(
    () =>
      legs && legs.length === stopCount - 1
        ? [null, ...legs.map((leg) => formatDistance(leg.distance))]
        : undefined,
    [legs, stopCount, formatDistance],
  );

  const addStop = useCallback(
    (stop: Stop, fit: boolean) => {
      dispatch({ type: 'add', stop });
      setCalculateMessage('');
      setAnnouncement(t('planner.announceAdded', { name: stop.name, number: stops.length + 1 }));
      if (fit) fitTo([...stops, stop]);
    },
    [dispatch, fitTo, stops, t],
  );
  const addClickedStop = useStopAtPoint(
    useCallback((stop: Stop) => addStop(stop, false), [addStop]),
  );
  const addTypedPoint = useStopAtPoint(useCallback((stop: Stop) => addStop(stop, true), [addStop]));
  const addPlace = (place: Suggestion) =>
    addStop({ name: truncateStopName(place.display_name), lat: place.lat, lng: place.lng }, true);

  const addImportedStops = (imported: Stop[]) => {
    dispatch({ type: 'appendMany', stops: imported });
    setCalculateMessage('');
    setAnnouncement(t('importStops.added', { count: imported.length }));
    fitTo([...stops, ...imported]);
  };

  const removeStop = (index: number) => {
    const removed = stops[index];
    if (!removed || locked) return;
    dispatch({ type: 'remove', index });
    setAnnouncement(t('planner.announceRemoved', { name: removed.name }));
  };
  const moveStop = (from: number, to: number) => {
    const moved = stops[from];
    if (!moved) return;
    dispatch({ type: 'move', from, to });
    setAnnouncement(
      t('planner.announceMoved', { name: moved.name, position: to + 1, total: stops.length }),
    );
  };
  const setStopNote = useCallback(
    (id: string, note: string) => dispatch({ type: 'setNote', id, note }),
    [dispatch],
  );
  const renameStop = useCallback(
    (id: string, name: string) => dispatch({ type: 'renameStop', id, name }),
    [dispatch],
  );
  const showStop = (index: number) => {
    dispatch({ type: 'focus', index });
    setHighlightedId(stops[index].id);
    centerOn(stops[index], FOCUS_ZOOM);
  };
  const clearAll = () => {
    planner.clearAll();
    setAnnouncement(t('planner.announceCleared'));
  };
  const undoClear = () => {
    planner.undoClear();
    setAnnouncement(t('planner.announceRestored'));
  };
  const calculateRoute = () => {
    if (stops.length < MIN_STOPS_TO_CALCULATE) {
      setCalculateMessage(t('planner.needTwoStops'));
      return;
    }
    setCalculateMessage('');
    calculation.calculateNow();
    fitTo(stops);
  };

  const saveButton = useRef<HTMLButtonElement>(null);
  const busy = saving.saving || starting.starting;
  const conflict = useEditConflict({
    loadLatest,
    clearConflict: saving.clearConflict,
    busy,
    saveButton,
    onLatestLoaded: (latest) => {
      setHighlightedId(null);
      setCalculateMessage('');
      setAnnouncement(t('planner.announceLatestLoaded'));
      if (latest.stops.length > 0) fitTo(latest.stops);
    },
  });
  const pageBusy = busy || conflict.latestLoading;

  // Unsaved edits of a saved route: leaving asks first; starting the route offers to save them.
  const leaveGuard = useLeaveGuard(planner.dirty && !pageBusy);
  const [offerSaveFirst, setOfferSaveFirst] = useState(false);
  const saveFirstButton = useRef<HTMLButtonElement>(null);
  const startRoute = () => {
    if (isEdit && planner.dirty && signedIn) setOfferSaveFirst(true);
    else void starting.start(route);
  };
  const discardRestored = async () => {
    try {
      const latest = await loadLatest();
      planner.dismissRestored();
      setAnnouncement(t('planner.editsDiscarded'));
      if (latest.stops.length > 0) fitTo(latest.stops);
    } catch (error) {
      console.error('Loading the saved version of the route failed', error);
    }
  };

  const saveLabel = !signedIn
    ? t('planner.signUpToSave')
    : isEdit
      ? t('planner.updateRoute')
      : t('planner.saveRoute');

  return (
    <div className="planner">
      <aside className="planner__sidebar" aria-label={t('planner.sidebarRegion')}>
        <h1 className="planner__heading">
          {isEdit ? t('planner.editTitle') : t('planner.newTitle')}
        </h1>

        {loading ? <LoadingState label={t('planner.loadingItinerary')} /> : null}
        {loadFailed ? (
          <div className="planner__feedback" role="alert">
            <strong>{t('planner.loadFailed')}</strong>
            <button type="button" className="button button--small" onClick={retryLoad}>
              {t('common.retry')}
            </button>
          </div>
        ) : null}
        {planner.restored ? (
          <div className="planner__notice" role="status">
            <span>{t('planner.editsRestored')}</span>
            <span className="planner__notice-actions">
              <button
                type="button"
                className="button button--small"
                onClick={planner.dismissRestored}
              >
                {t('planner.keepEdits')}
              </button>
              <button
                type="button"
                className="button button--small button--ghost"
                disabled={pageBusy}
                onClick={() => void discardRestored()}
              >
                {t('planner.discardEdits')}
              </button>
            </span>
          </div>
        ) : null}

        <fieldset className="planner__form" disabled={locked} aria-busy={locked}>
          <legend className="visually-hidden">{t('planner.sidebarRegion')}</legend>
          <div className="form-field">
            <label htmlFor={titleId} className="form-label">
              {t('planner.titleLabel')}
            </label>
            <input
              id={titleId}
              className="form-input"
              type="text"
              maxLength={200}
              placeholder={t('planner.titlePlaceholder')}
              value={title}
              onChange={(event) => dispatch({ type: 'renameTitle', title: event.target.value })}
            />
          </div>

          <Deferred name="planner-search">
            <PlaceSearch
              onPick={addPlace}
              onPickPoint={addTypedPoint}
              bias={searchBias(view, locatedPoint)}
            />
            <p className="form-hint">{t('planner.hint')}</p>
          </Deferred>

          <Deferred name="planner-day">
            <PlannerDayPanel
              plan={state.dayPlan}
              onChange={(plan) => dispatch({ type: 'setDayPlan', plan })}
              estimated={day.estimated}
              waitingForRoute={state.dayPlan !== null && stops.length > 1 && day.schedule === null}
              bias={searchBias(view, locatedPoint)}
            />
          </Deferred>

          <Deferred name="planner-stops">
            <section className="planner__stops" aria-labelledby="planner-stops-heading">
              <div className="planner__stops-header">
                <h2 id="planner-stops-heading" className="form-heading">
                  {t('planner.stopsHeading', { count: stops.length })}
                </h2>
                <div className="planner__stops-tools">
                  <button
                    type="button"
                    className="button button--small"
                    ref={importToggle}
                    aria-expanded={importOpen}
                    aria-controls={importPanelId}
                    onClick={() => {
                      setImportUsed(true);
                      setImportOpen((open) => !open);
                    }}
                  >
                    {t('importStops.open')}
                  </button>
                  {stops.length > 0 ? (
                    <button
                      type="button"
                      className="button button--small button--ghost"
                      onClick={clearAll}
                    >
                      {t('planner.clearAll')}
                    </button>
                  ) : null}
                </div>
              </div>
              {planner.clearedCount > 0 ? (
                <div className="planner__notice planner__undo" role="status">
                  <span>{t('planner.clearedStops', { count: planner.clearedCount })}</span>
                  <button type="button" className="button button--small" onClick={undoClear}>
                    {t('planner.undo')}
                  </button>
                </div>
              ) : null}
              <div id={importPanelId} hidden={!importOpen}>
                {importUsed ? (
                  <ImportPanel
                    onAdd={addImportedStops}
                    onClose={() => {
                      setImportOpen(false);
                      importToggle.current?.focus();
                    }}
                  />
                ) : null}
              </div>
              {stops.length === 0 ? (
                <p className="planner__empty-list">{t('planner.emptyList')}</p>
              ) : (
                <StopList
                  stops={stops}
                  highlightedIndex={highlightedIndex}
                  onShow={showStop}
                  onMove={moveStop}
                  onRemove={removeStop}
                  onNoteChange={setStopNote}
                  onRename={renameStop}
                  legDistances={legDistances}
                  times={day.views}
                  timeFormat={timeFormat}
                  onDayFieldsChange={
                    state.dayPlan
                      ? (id, fields) => dispatch({ type: 'setStopDayFields', id, fields })
                      : undefined
                  }
                  defaultServiceMinutes={state.dayPlan?.defaultServiceMinutes ?? 0}
                />
              )}
              <p className="visually-hidden" role="status" aria-live="polite">
                {announcement}
              </p>
            </section>
          </Deferred>

          <Deferred name="planner-tools">
            <OptimizeRoute
              stops={stops}
              dayPlan={state.dayPlan}
              onApply={(reordered) => {
                dispatch({ type: 'reorder', ids: reordered.map((stop) => stop.id) });
                setAnnouncement(t('planner.announceOptimized'));
              }}
              onUndo={(previous) =>
                dispatch({ type: 'reorder', ids: previous.map((stop) => stop.id) })
              }
            />
            <SplitAmongDrivers
              stops={route.stops}
              plan={state.dayPlan}
              title={titleOrAuto(title, stops, language)}
              signedIn={signedIn}
              onWaze={handOffToWaze}
            />

            <div className="planner__actions">
              <button type="button" className="button button--block" onClick={calculateRoute}>
                {t('planner.calculateRoute')}
              </button>
              {calculateMessage ? (
                <p className="planner__message" role="alert">
                  {calculateMessage}
                </p>
              ) : null}
              <button
                ref={saveButton}
                type="button"
                className="button button--primary button--block"
                disabled={pageBusy}
                onClick={() => {
                  conflict.resetLatestFailure();
                  void saving.save(route);
                }}
              >
                {saving.saving ? t('planner.saving') : saveLabel}
              </button>
              <button
                type="button"
                className="button button--block planner__waze"
                disabled={pageBusy}
                onClick={startRoute}
              >
                {t('planner.startWaze')}
              </button>
              <ExportMenu
                title={titleOrAuto(title, stops, language)}
                stops={stops}
                legs={legs}
                times={day.views?.map((view) =>
                  view ? { ...view.time, window: view.window } : null,
                )}
                timeZone={state.dayPlan?.timeZone}
                totals={
                  calculation.route
                    ? {
                        distance: calculation.route.totalDistance,
                        duration: calculation.route.totalDuration,
                      }
                    : null
                }
              />
              {saving.conflict ? (
                <EditConflict
                  busy={pageBusy}
                  loadFailed={conflict.latestFailed}
                  onSaveMine={() => {
                    conflict.resetLatestFailure();
                    void saving.saveAnyway(route);
                  }}
                  onLoadLatest={() => void conflict.loadLatestVersion()}
                />
              ) : (
                <Feedback feedback={saving.feedback ?? starting.feedback} />
              )}
              {!signedIn ? <p className="planner__note">{t('planner.anonymousNote')}</p> : null}
            </div>
          </Deferred>
        </fieldset>
      </aside>

      <div className="planner__map">
        <Deferred name="planner-map">
          <PlannerMap
            stops={stops}
            highlightedIndex={highlightedIndex}
            legs={legs ?? []}
            totals={calculation.route}
            calculating={calculation.calculating}
            estimated={calculation.estimated}
            camera={camera}
            position={position}
            onRetryPosition={retryPosition}
            onMapClick={(point) => {
              if (!locked) addClickedStop(point);
            }}
            onRemoveStop={removeStop}
            onViewportChange={setView}
            summaryExtra={
              day.schedule ? <DaySummaryRows schedule={day.schedule} format={timeFormat} /> : null
            }
          />
        </Deferred>
      </div>

      {leaveGuard.pending !== null ? (
        <ConfirmDialog
          title={t('planner.leaveTitle')}
          message={t('planner.leaveMessage')}
          confirmLabel={t('planner.leaveConfirm')}
          onConfirm={leaveGuard.leave}
          onCancel={leaveGuard.stay}
        />
      ) : null}
      {offerSaveFirst ? (
        <Dialog
          role="alertdialog"
          title={t('planner.saveFirstTitle')}
          description={<p>{t('planner.saveFirstMessage')}</p>}
          onCancel={() => setOfferSaveFirst(false)}
          initialFocus={saveFirstButton}
        >
          <div className="dialog__actions dialog__actions--stacked">
            <button
              ref={saveFirstButton}
              type="button"
              className="button button--primary"
              onClick={() => {
                setOfferSaveFirst(false);
                void saving.saveAndStart(route);
              }}
            >
              {t('planner.saveAndStart')}
            </button>
            <button
              type="button"
              className="button"
              onClick={() => {
                setOfferSaveFirst(false);
                void starting.start(route);
              }}
            >
              {t('planner.startWithoutSaving')}
            </button>
            <button
              type="button"
              className="button button--ghost"
              onClick={() => setOfferSaveFirst(false)}
            >
              {t('common.cancel')}
            </button>
          </div>
        </Dialog>
      ) : null}
    </div>
  );
}

export default PlannerPage;
