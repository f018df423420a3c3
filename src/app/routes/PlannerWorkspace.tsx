import { Suspense, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { PlaceSearch } from '@/features/geocoding';
import { DaySummaryRows, PlannerMap } from '@/features/planner';
import { PlannerDayPanel } from './PlannerDayPanel';
import { PlannerNotices } from './PlannerNotices';
import { PlannerStops } from './PlannerStops';
import { PlannerTools } from './PlannerTools';
import { usePlannerWorkspace } from './use-planner-workspace';

/**
 * The planner of one route, new (`itineraryId` undefined) or saved: the sidebar (the title, the
 * address search, the working day, the stops, the tools and actions) beside the map. Each part
 * that loads lazily or costs time to render is a Suspense boundary of its own, hydrated apart.
 */
export function PlannerWorkspace({ itineraryId }: { itineraryId: string | undefined }) {
  const { t } = useTranslation();
  const titleId = useId();
  const workspace = usePlannerWorkspace(itineraryId);
  const { planner, edits, day, calculation, timeFormat } = workspace;
  const { state, dispatch } = planner;
  const { stops, dayPlan } = state;

  return (
    <div className="planner">
      <aside className="planner__sidebar" aria-label={t('planner.sidebarRegion')}>
        <h1 className="planner__heading">
          {workspace.isEdit ? t('planner.editTitle') : t('planner.newTitle')}
        </h1>
        <PlannerNotices
          planner={planner}
          busy={workspace.actionsBusy}
          onDiscardRestored={() => void workspace.discardRestored()}
        />

        <fieldset
          className="planner__form"
          disabled={workspace.locked}
          aria-busy={workspace.locked}
        >
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
              value={state.title}
              onChange={(event) => dispatch({ type: 'renameTitle', title: event.target.value })}
            />
          </div>

          <Suspense>
            <PlaceSearch
              onPick={edits.addPlace}
              onPickPoint={edits.addTypedPoint}
              bias={workspace.bias}
            />
            <p className="form-hint">{t('planner.hint')}</p>
          </Suspense>

          <Suspense>
            <PlannerDayPanel
              plan={dayPlan}
              onChange={(plan) => dispatch({ type: 'setDayPlan', plan })}
              estimated={day.estimated}
              waitingForRoute={dayPlan !== null && stops.length > 1 && day.schedule === null}
              bias={workspace.bias}
            />
          </Suspense>

          <Suspense>
            <PlannerStops
              stops={stops}
              legs={workspace.legs}
              highlightedIndex={workspace.highlightedIndex}
              onShow={edits.show}
              onMove={edits.move}
              onRemove={edits.remove}
              onNoteChange={edits.setNote}
              onRename={edits.rename}
              times={day.views}
              timeFormat={timeFormat}
              onDayFieldsChange={
                dayPlan
                  ? (id, fields) => dispatch({ type: 'setStopDayFields', id, fields })
                  : undefined
              }
              defaultServiceMinutes={dayPlan?.defaultServiceMinutes ?? 0}
              removal={planner.removal}
              onClearAll={edits.clearAll}
              onUndoRemoval={edits.undoRemoval}
              onImport={edits.addImported}
              announcement={workspace.announcement}
            />
          </Suspense>

          <Suspense>
            <PlannerTools itineraryId={itineraryId} workspace={workspace} />
          </Suspense>
        </fieldset>
      </aside>

      <div className="planner__map">
        <Suspense>
          <PlannerMap
            stops={stops}
            highlightedIndex={workspace.highlightedIndex}
            legs={workspace.legs ?? []}
            totals={calculation.route}
            calculating={calculation.calculating}
            estimated={calculation.estimated}
            camera={workspace.camera}
            position={workspace.position.state}
            onRetryPosition={workspace.position.retry}
            onMapClick={edits.addClickedStop}
            onRemoveStop={edits.remove}
            onViewportChange={workspace.setView}
            summaryExtra={
              day.schedule ? <DaySummaryRows schedule={day.schedule} format={timeFormat} /> : null
            }
          />
        </Suspense>
      </div>

      {workspace.leaveGuard.pending !== null ? (
        <ConfirmDialog
          title={t('planner.leaveTitle')}
          message={t('planner.leaveMessage')}
          confirmLabel={t('planner.leaveConfirm')}
          onConfirm={workspace.leaveGuard.leave}
          onCancel={workspace.leaveGuard.stay}
        />
      ) : null}
    </div>
  );
}
