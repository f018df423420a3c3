import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import type { Stop } from '@domain/stops.ts';
import { truncateStopName } from '@domain/stops.ts';
import { MIN_STOPS_TO_CALCULATE } from '@domain/limits.ts';
import { FOCUS_ZOOM, LOCATED_ZOOM, type CameraRequest } from '@/components/map';
import { LoadingState } from '@/components/LoadingState';
import { useIdentity } from '@/lib/auth';
import { ExportMenu } from '@/components/export-menu/ExportMenu';
import { PlaceSearch } from '@/features/geocoding';
import type { Place } from '@/lib/geocoding';
import { ImportPanel } from '@/features/import';
import { OptimizeRoute } from '@/features/optimize';
import {
  EditConflict,
  PlannerMap,
  StopList,
  toStops,
  useCurrentPosition,
  usePlannerRoute,
  useRouteCalculation,
  useSaveRoute,
  useStartRoute,
  useStopAtPoint,
  type ActionFeedback,
} from '@/features/planner';
import { titleOrAuto } from '@/lib/route-storage';
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
  const { t } = useTranslation();
  const titleId = useId();
  const { identity } = useIdentity();
  const signedIn = identity.status === 'signed-in';
  const isEdit = itineraryId !== undefined;
  const { state, dispatch, loading, loadFailed, retryLoad, ready, loadedVersion, loadLatest } =
    usePlannerRoute(itineraryId);
  const { stops, title } = state;

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
  const cameraId = useRef(0);
  const [camera, setCamera] = useState<CameraRequest | null>(null);
  const centerOn = useCallback((point: { lat: number; lng: number }, zoom: number) => {
    cameraId.current += 1;
    setCamera({ id: cameraId.current, kind: 'center', point, zoom });
  }, []);
  const fitTo = useCallback((points: readonly { lat: number; lng: number }[]) => {
    cameraId.current += 1;
    setCamera({ id: cameraId.current, kind: 'fit', points });
  }, []);

  // Show the route that was there on arrival (draft or saved route); otherwise find the user.
  const [arrivedWithStops] = useState(() => stops.length > 0);
  const fittedOnLoad = useRef(false);
  if (ready && !fittedOnLoad.current && stops.length > 0) {
    fittedOnLoad.current = true;
    cameraId.current += 1;
    setCamera({ id: cameraId.current, kind: 'fit', points: stops });
  }
  const { state: position, retry: retryPosition } = useCurrentPosition(
    !isEdit && !arrivedWithStops,
  );
  const locatedPoint = position.status === 'located' ? position.point : null;
  const lastLocated = useRef<typeof locatedPoint>(null);
  if (locatedPoint && lastLocated.current !== locatedPoint) {
    lastLocated.current = locatedPoint;
    cameraId.current += 1;
    setCamera({ id: cameraId.current, kind: 'center', point: locatedPoint, zoom: LOCATED_ZOOM });
  }

  const calculation = useRouteCalculation(stops);
  const saving = useSaveRoute(itineraryId, loadedVersion);
  const starting = useStartRoute(itineraryId);
  const route = { title, stops: toStops(stops) };

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
  const addPlace = (place: Place) =>
    addStop({ name: truncateStopName(place.display_name), lat: place.lat, lng: place.lng }, true);

  const addImportedStops = (imported: Stop[]) => {
    dispatch({ type: 'appendMany', stops: imported });
    setCalculateMessage('');
    setAnnouncement(t('importStops.added', { count: imported.length }));
    fitTo([...stops, ...imported]);
  };

  const removeStop = (index: number) => {
    const removed = stops[index];
    if (!removed) return;
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
  const showStop = (index: number) => {
    dispatch({ type: 'focus', index });
    setHighlightedId(stops[index].id);
    centerOn(stops[index], FOCUS_ZOOM);
  };
  const clearAll = () => {
    dispatch({ type: 'clear' });
    setAnnouncement(t('planner.announceCleared'));
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
  const [latestLoading, setLatestLoading] = useState(false);
  const [latestFailed, setLatestFailed] = useState(false);
  const saveMineAnyway = () => {
    setLatestFailed(false);
    void saving.saveAnyway(route);
  };
  const loadLatestVersion = async () => {
    setLatestLoading(true);
    setLatestFailed(false);
    try {
      const latest = await loadLatest();
      saving.clearConflict();
      setHighlightedId(null);
      setCalculateMessage('');
      setAnnouncement(t('planner.announceLatestLoaded'));
      if (latest.stops.length > 0) fitTo(latest.stops);
      focusSaveWhenEnabled.current = true;
    } catch (error) {
      console.error('Loading the latest version of the route failed', error);
      setLatestFailed(true);
    } finally {
      setLatestLoading(false);
    }
  };

  const busy = saving.saving || starting.starting || latestLoading;
  // The conflict message (which had the focus) is gone: the focus goes on to the save button.
  const focusSaveWhenEnabled = useRef(false);
  useEffect(() => {
    if (busy || !focusSaveWhenEnabled.current) return;
    focusSaveWhenEnabled.current = false;
    saveButton.current?.focus();
  }, [busy]);
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

        <PlaceSearch onPick={addPlace} />
        <p className="form-hint">{t('planner.hint')}</p>

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
            />
          )}
          <p className="visually-hidden" role="status" aria-live="polite">
            {announcement}
          </p>
        </section>

        <OptimizeRoute
          stops={stops}
          onApply={(reordered) => {
            dispatch({ type: 'reorder', ids: reordered.map((stop) => stop.id) });
            setAnnouncement(t('planner.announceOptimized'));
          }}
          onUndo={(previous) => dispatch({ type: 'reorder', ids: previous.map((stop) => stop.id) })}
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
            disabled={busy}
            onClick={() => {
              setLatestFailed(false);
              void saving.save(route);
            }}
          >
            {saving.saving ? t('planner.saving') : saveLabel}
          </button>
          <button
            type="button"
            className="button button--block planner__waze"
            disabled={busy}
            onClick={() => void starting.start(route)}
          >
            {t('planner.startWaze')}
          </button>
          <ExportMenu
            title={titleOrAuto(title, stops)}
            stops={stops}
            legs={calculation.route?.legs}
          />
          {saving.conflict ? (
            <EditConflict
              busy={busy}
              loadFailed={latestFailed}
              onSaveMine={saveMineAnyway}
              onLoadLatest={() => void loadLatestVersion()}
            />
          ) : (
            <Feedback feedback={saving.feedback ?? starting.feedback} />
          )}
          {!signedIn ? <p className="planner__note">{t('planner.anonymousNote')}</p> : null}
        </div>
      </aside>

      <div className="planner__map">
        <PlannerMap
          stops={stops}
          highlightedIndex={highlightedIndex}
          legs={calculation.route?.legs ?? []}
          totals={calculation.route}
          calculating={calculation.calculating}
          estimated={calculation.estimated}
          camera={camera}
          position={position}
          onRetryPosition={retryPosition}
          onMapClick={addClickedStop}
          onRemoveStop={removeStop}
        />
      </div>
    </div>
  );
}

export default PlannerPage;
