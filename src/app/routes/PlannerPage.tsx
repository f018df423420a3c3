import { Suspense, useCallback, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import type { Stop } from '@domain/stops.ts';
import { truncateStopName, withStopId, withStopIds } from '@domain/stops.ts';
import { textLanguage } from '@domain/composed-texts.ts';
import { MIN_STOPS_TO_CALCULATE } from '@domain/limits.ts';
// The map's constants and types only: Leaflet loads with the map (the planner feature's PlannerMap).
import type { MapViewport } from '@/components/map';
import { FOCUS_ZOOM, LOCATED_ZOOM } from '@/components/map/map-constants';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { LoadingState } from '@/components/LoadingState';
import { useLeaveGuard } from '@/components/hooks/useLeaveGuard';
import { useIdentity } from '@/lib/auth';
import { PlaceSearch, searchBias, type Suggestion } from '@/features/geocoding';
import { OptimizeRoute } from '@/features/optimize';
import { useWazeHandOff } from '@/features/navigation';
import { SplitAmongDrivers } from '@/features/team-day';
import {
  DaySummaryRows,
  PlannerMap,
  toStops,
  useCameraRequests,
  useCurrentPosition,
  useDaySchedule,
  usePlannerRoute,
  useRouteCalculation,
  useNameImportedPoints,
  useStopAtPoint,
} from '@/features/planner';
import type { Itinerary } from '@/lib/itineraries';
import { titleOrAuto } from '@/lib/route-storage';
import { useTimeFormat } from '@/lib/day-plan';
import { PlannerActions } from './PlannerActions';
import { PlannerDayPanel } from './PlannerDayPanel';
import { PlannerStops } from './PlannerStops';
import { usePlaceSearch } from './usePlaceSearch';
import '@/components/forms.css';
import './PlannerPage.css';

/** /plan (new) and /edit-route/:id (edit); a new key per route gives each its own state. */
export function PlannerPage() {
  const { id } = useParams();
  return <PlannerWorkspace key={id ?? 'new'} itineraryId={id} />;
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
  const { camera, centerOn, fitTo } = useCameraRequests();
  /** The map's view, where the address search prefers results. */
  const [view, setView] = useState<MapViewport | null>(null);

  // Show the route that was there on arrival (draft or saved route); otherwise find the user.
  const [fittedOnArrival, setFittedOnArrival] = useState(false);
  if (ready && !fittedOnArrival && stops.length > 0) {
    setFittedOnArrival(true);
    fitTo(stops);
  }
  const { state: position, retry: retryPosition } = useCurrentPosition(
    !isEdit && ready && !planner.startedWithStops,
  );
  const locatedPoint = position.status === 'located' ? position.point : null;
  /** Where the address searches prefer results: the map's view, else the user's position. */
  const bias = searchBias(view, locatedPoint);
  const placeSearch = usePlaceSearch(bias);
  const [centeredOn, setCenteredOn] = useState<typeof locatedPoint>(null);
  if (locatedPoint && locatedPoint !== centeredOn) {
    setCenteredOn(locatedPoint);
    centerOn(locatedPoint, LOCATED_ZOOM);
  }

  const calculation = useRouteCalculation(stops);
  // A new list of 500 stops on every render (the day's clock, a typed letter) adds up.
  const plainStops = useMemo(() => toStops(stops), [stops]);
  const route = { title, stops: plainStops, dayPlan: state.dayPlan };
  const language = textLanguage(i18n.resolvedLanguage);
  /** The title a split or an export writes: the typed one, or the automatic one. */
  const shownTitle = titleOrAuto(title, stops, language);
  const legs = calculation.route?.legs;
  // The working day along the route: each stop's times, the finish and the totals.
  const day = useDaySchedule(state.dayPlan, stops, legs);
  const timeFormat = useTimeFormat(state.dayPlan?.timeZone);
  const handOffToWaze = useWazeHandOff();

  const addStop = useCallback(
    (stop: Stop, fit: boolean) => {
      dispatch({ type: 'add', stop: withStopId(stop) });
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

  const nameImportedPoints = useNameImportedPoints(
    useCallback(
      (point: { lat: number; lng: number }, name: string) =>
        dispatch({ type: 'namePoint', ...point, name }),
      [dispatch],
    ),
  );
  const addImportedStops = (imported: Stop[]) => {
    dispatch({ type: 'appendMany', stops: withStopIds(imported) });
    nameImportedPoints(imported);
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

  // Set by the actions (PlannerActions) while a save, a start or the latest version's load runs.
  const [actionsBusy, setActionsBusy] = useState(false);
  const onLatestLoaded = useCallback(
    (latest: Itinerary) => {
      setHighlightedId(null);
      setCalculateMessage('');
      setAnnouncement(t('planner.announceLatestLoaded'));
      if (latest.stops.length > 0) fitTo(latest.stops);
    },
    [fitTo, t],
  );

  // Unsaved edits of a saved route: leaving asks first.
  const leaveGuard = useLeaveGuard(planner.dirty && !actionsBusy);
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
                disabled={actionsBusy}
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

          <Suspense>
            <PlaceSearch onPick={addPlace} onPickPoint={addTypedPoint} bias={bias} />
            <p className="form-hint">{t('planner.hint')}</p>
          </Suspense>

          <Suspense>
            <PlannerDayPanel
              plan={state.dayPlan}
              onChange={(plan) => dispatch({ type: 'setDayPlan', plan })}
              estimated={day.estimated}
              waitingForRoute={state.dayPlan !== null && stops.length > 1 && day.schedule === null}
              bias={bias}
            />
          </Suspense>

          <Suspense>
            <PlannerStops
              stops={stops}
              legs={legs}
              highlightedIndex={highlightedIndex}
              onShow={showStop}
              onMove={moveStop}
              onRemove={removeStop}
              onNoteChange={setStopNote}
              onRename={renameStop}
              times={day.views}
              timeFormat={timeFormat}
              onDayFieldsChange={
                state.dayPlan
                  ? (id, fields) => dispatch({ type: 'setStopDayFields', id, fields })
                  : undefined
              }
              defaultServiceMinutes={state.dayPlan?.defaultServiceMinutes ?? 0}
              clearedCount={planner.clearedCount}
              onClearAll={clearAll}
              onUndoClear={undoClear}
              onImport={addImportedStops}
              announcement={announcement}
            />
          </Suspense>

          <Suspense>
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
              title={shownTitle}
              signedIn={signedIn}
              onWaze={handOffToWaze}
              renderPlaceSearch={placeSearch}
            />
            <PlannerActions
              itineraryId={itineraryId}
              loadedVersion={loadedVersion}
              signedIn={signedIn}
              dirty={planner.dirty}
              route={route}
              exportTitle={shownTitle}
              stops={stops}
              legs={legs}
              times={day.views}
              timeZone={state.dayPlan?.timeZone}
              totals={
                calculation.route
                  ? {
                      distance: calculation.route.totalDistance,
                      duration: calculation.route.totalDuration,
                    }
                  : null
              }
              calculateMessage={calculateMessage}
              onCalculate={calculateRoute}
              loadLatest={loadLatest}
              onLatestLoaded={onLatestLoaded}
              onBusyChange={setActionsBusy}
            />
          </Suspense>
        </fieldset>
      </aside>

      <div className="planner__map">
        <Suspense>
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
        </Suspense>
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
    </div>
  );
}

export default PlannerPage;
