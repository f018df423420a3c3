import { useId, useMemo, useRef, useState, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import type { Stop } from '@domain/stops.ts';
import { ImportPanel } from '@/features/import';
import { StopList, type Removal, type useRouteCalculation } from '@/features/planner';
import { useFormatDistance } from '@/lib/units';

type StopListProps = ComponentProps<typeof StopList>;

export interface PlannerStopsProps extends Pick<
  StopListProps,
  | 'stops'
  | 'highlightedIndex'
  | 'onShow'
  | 'onMove'
  | 'onRemove'
  | 'onNoteChange'
  | 'onRename'
  | 'times'
  | 'timeFormat'
  | 'onDayFieldsChange'
  | 'defaultServiceMinutes'
> {
  /** The calculated route's legs: each stop says how far it is from the one before. */
  legs: NonNullable<ReturnType<typeof useRouteCalculation>['route']>['legs'] | undefined;
  /** While the Undo of Clear all or of a stop's × is offered: what it took away; null otherwise. */
  removal: Removal | null;
  onClearAll: () => void;
  onUndoRemoval: () => void;
  onImport: (stops: Stop[]) => void;
  /** The last change, for screen readers. */
  announcement: string;
}

/**
 * The planner's stops: the heading with the count, Import and Clear all (with its Undo), the
 * import panel, and the list itself.
 */
export function PlannerStops({
  stops,
  legs,
  removal,
  onClearAll,
  onUndoRemoval,
  onImport,
  announcement,
  ...list
}: PlannerStopsProps) {
  const { t } = useTranslation();
  const [importOpen, setImportOpen] = useState(false);
  /** Once opened, the import stays mounted while hidden, so closing it loses no line. */
  const [importUsed, setImportUsed] = useState(false);
  const importToggle = useRef<HTMLButtonElement>(null);
  const importPanelId = useId();
  const formatDistance = useFormatDistance();
  const stopCount = stops.length;
  // Formatted once per calculated route, not on every render (a reorder keeps the legs).
  const legDistances = useMemo(
    () =>
      legs && legs.length === stopCount - 1
        ? [null, ...legs.map((leg) => formatDistance(leg.distance))]
        : undefined,
    [legs, stopCount, formatDistance],
  );

  return (
    <section className="planner__stops" aria-labelledby="planner-stops-heading">
      <div className="planner__stops-header">
        <h2 id="planner-stops-heading" className="form-heading">
          {t('planner.stopsHeading', { count: stopCount })}
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
          {stopCount > 0 ? (
            <button
              type="button"
              className="button button--small button--ghost"
              onClick={onClearAll}
            >
              {t('planner.clearAll')}
            </button>
          ) : null}
        </div>
      </div>
      {removal ? (
        <div className="planner__notice planner__undo" role="status">
          <span>
            {removal.kind === 'all'
              ? t('planner.clearedStops', { count: removal.count })
              : t('planner.removedStop', { name: removal.name })}
          </span>
          <button type="button" className="button button--small" onClick={onUndoRemoval}>
            {t('planner.undo')}
          </button>
        </div>
      ) : null}
      <div id={importPanelId} hidden={!importOpen}>
        {importUsed ? (
          <ImportPanel
            onAdd={onImport}
            onClose={() => {
              setImportOpen(false);
              importToggle.current?.focus();
            }}
          />
        ) : null}
      </div>
      {stopCount === 0 ? (
        <p className="planner__empty-list">{t('planner.emptyList')}</p>
      ) : (
        <StopList stops={stops} legDistances={legDistances} {...list} />
      )}
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
    </section>
  );
}
