import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/Dialog';
import { SendToDriverDialog } from '@/components/driver-link/LazySendToDriverDialog';
import { ExportMenu, type ExportMenuProps } from '@/components/export-menu/ExportMenu';
import {
  EditConflict,
  useEditConflict,
  useSaveRoute,
  useStartRoute,
  type ActionFeedback,
  type PlannedRoute,
  type useDaySchedule,
} from '@/features/planner';
import type { Itinerary } from '@/lib/itineraries';

function Feedback({ feedback }: { feedback: ActionFeedback | null }) {
  if (!feedback) return null;
  return (
    <div className="planner__feedback" role="alert">
      <strong>{feedback.message}</strong>
      {feedback.detail ? <span>{feedback.detail}</span> : null}
    </div>
  );
}

export interface PlannerActionsProps {
  itineraryId: string | undefined;
  /** Edit mode: the version the edits on screen were made on. */
  loadedVersion: string | undefined;
  signedIn: boolean;
  /** Edit mode: the route on screen has edits the server does not have. */
  dirty: boolean;
  /** What Save and Start send. */
  route: PlannedRoute;
  /** The route's title as exports name it (the typed one, or the automatic one). */
  exportTitle: string;
  stops: ExportMenuProps['stops'];
  legs: ExportMenuProps['legs'];
  /** Each stop's times on the working day, when the route has one. */
  times: ReturnType<typeof useDaySchedule>['views'];
  timeZone: string | undefined;
  totals: ExportMenuProps['totals'];
  calculateMessage: string;
  onCalculate: () => void;
  loadLatest: () => Promise<Itinerary>;
  /** After "Load the latest version": the page forgets its selection and shows the route. */
  onLatestLoaded: (latest: Itinerary) => void;
  /** Whether a save, a start or the latest version's load is under way (the page's other controls wait). */
  onBusyChange: (busy: boolean) => void;
}

/**
 * The planner's actions below the tools: Calculate, Save (or Sign Up to Save, or Update), Start
 * Route in Waze, Export, and what they answer (an error, the edit conflict, the offer to save
 * unsaved edits before starting). Owns the save and start machinery.
 */
export function PlannerActions({
  itineraryId,
  loadedVersion,
  signedIn,
  dirty,
  route,
  exportTitle,
  stops,
  legs,
  times,
  timeZone,
  totals,
  calculateMessage,
  onCalculate,
  loadLatest,
  onLatestLoaded,
  onBusyChange,
}: PlannerActionsProps) {
  const { t } = useTranslation();
  const isEdit = itineraryId !== undefined;
  const saving = useSaveRoute(itineraryId, loadedVersion);
  const starting = useStartRoute(itineraryId);
  const saveButton = useRef<HTMLButtonElement>(null);
  const busy = saving.saving || starting.starting;
  const conflict = useEditConflict({
    loadLatest,
    clearConflict: saving.clearConflict,
    busy,
    saveButton,
    onLatestLoaded,
  });
  const pageBusy = busy || conflict.latestLoading;
  useLayoutEffect(() => {
    onBusyChange(pageBusy);
    return () => onBusyChange(false);
  }, [onBusyChange, pageBusy]);

  // Unsaved edits of a saved route: starting the route offers to save them first.
  const [offerSaveFirst, setOfferSaveFirst] = useState(false);
  const [sendingToDriver, setSendingToDriver] = useState(false);
  const saveFirstButton = useRef<HTMLButtonElement>(null);
  const startRoute = () => {
    if (isEdit && dirty && signedIn) setOfferSaveFirst(true);
    else void starting.start(route);
  };

  const saveLabel = !signedIn
    ? t('planner.signUpToSave')
    : isEdit
      ? t('planner.updateRoute')
      : t('planner.saveRoute');

  return (
    <div className="planner__actions">
      <button type="button" className="button button--block" onClick={onCalculate}>
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
      {isEdit && signedIn ? (
        <button
          type="button"
          className="button button--block"
          disabled={pageBusy}
          onClick={() => setSendingToDriver(true)}
        >
          {t('driverLink.send')}
        </button>
      ) : null}
      <ExportMenu
        title={exportTitle}
        stops={stops}
        legs={legs}
        times={times?.map((view) => (view ? { ...view.time, window: view.window } : null))}
        timeZone={timeZone}
        totals={totals}
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

      {sendingToDriver && itineraryId !== undefined ? (
        <SendToDriverDialog
          routes={[{ id: itineraryId, title: exportTitle }]}
          onClose={() => setSendingToDriver(false)}
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
