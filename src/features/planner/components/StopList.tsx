import { useId, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { StopDayFields } from '@domain/day-plan/day-plan.ts';
import { useSortableList } from '@/components/hooks/use-sortable-list';
import type { TimeFormat } from '@/lib/day-plan';
import { useStopListActions } from '../hooks/use-stop-list-actions';
import { rowLabels } from '../model/row-labels';
import type { PlannedStop } from '../model/stop-list';
import type { StopTimeView } from './day/StopTimeLine';
import { StopRow } from './stop-list/StopRow';
import './StopList.css';

export interface StopListProps {
  stops: readonly PlannedStop[];
  /** The stop chosen last, shown highlighted; -1 for none. */
  highlightedIndex: number;
  onShow: (index: number) => void;
  onMove: (from: number, to: number) => void;
  onRemove: (index: number) => void;
  /** Sets a stop's note; without it the list offers no note editing. */
  onNoteChange?: (id: string, note: string) => void;
  /** Renames a stop (the edit panel then has a name field too). */
  onRename?: (id: string, name: string) => void;
  /** Per stop, the driving distance from the stop before it, formatted; null where unknown. */
  legDistances?: readonly (string | null)[];
  /** The working day: each stop's arrival, wait and departure (null where unknown). */
  times?: readonly (StopTimeView | null)[];
  /** How the times read (the interface language, the route's time zone). */
  timeFormat?: TimeFormat;
  /** Sets a stop's time at stop, window and lock (the edit panel then has those fields). */
  onDayFieldsChange?: (id: string, fields: StopDayFields) => void;
  /** The route's default time at a stop, in minutes. */
  defaultServiceMinutes?: number;
}

/** Longer lists render only the rows in and near view, in a scrolling box of their own. */
export const VIRTUAL_LIST_ABOVE = 50;
const ESTIMATED_ROW_PX = 58;
/** Matches the CSS gap between rows of the virtual list (StopList.css). */
const ROW_GAP_PX = 6;

/**
 * The stops in route order. Drag by the handle (mouse or touch), or focus a
 * stop and press Alt+Arrow Up / Alt+Arrow Down, or use the move buttons.
 * Each stop can carry a note (door code, phone number), edited in place.
 *
 * Long lists (more than VIRTUAL_LIST_ABOVE stops) are virtualised: only the rows in and near
 * the view are in the page, so a change to a 500-stop route renders a few dozen rows. Dragging
 * works among the rendered rows (the list does not scroll while dragging); moves further away
 * are done with the keyboard or the move buttons.
 */
export function StopList({
  highlightedIndex,
  legDistances,
  times,
  timeFormat,
  defaultServiceMinutes = 0,
  ...callbacks
}: StopListProps) {
  const { stops, onNoteChange, onRename, onDayFieldsChange } = callbacks;
  const listRef = useRef<HTMLOListElement>(null);
  const viewportRef = useRef<HTMLDivElement>(null);
  const virtual = stops.length > VIRTUAL_LIST_ABOVE;
  const { t } = useTranslation();
  const label = useMemo(() => rowLabels(t), [t]);
  const helpId = useId();

  // TanStack Virtual hands back functions that change with the scroll position; this
  // component is not compiled by the React Compiler, so its memoisation does not apply.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: virtual ? stops.length : 0,
    getScrollElement: () => viewportRef.current,
    estimateSize: () => ESTIMATED_ROW_PX,
    gap: ROW_GAP_PX,
    overscan: 6,
    // Rows are keyed by place (see the list below), so the virtualizer keys its sizes and rows by
    // place too: the row at a place and its measured size stay together when the stops move,
    // and its ResizeObserver reports the size of whichever stop the row shows.
  });
  const items = virtual ? virtualizer.getVirtualItems() : [];
  /** Index of the first rendered row: Sortable reports positions among the rendered rows. */
  const firstRendered = virtual ? (items[0]?.index ?? 0) : 0;
  const { actions, openNoteId, openMenuId, sortMove } = useStopListActions(
    callbacks,
    listRef,
    firstRendered,
    virtual ? (index) => virtualizer.scrollToIndex(index, { align: 'auto' }) : null,
  );

  useSortableList(listRef, {
    handle: '.stop-item__handle',
    ghostClass: 'stop-item--ghost',
    chosenClass: 'stop-item--chosen',
    // A virtual list must not scroll under a drag: the rows would change while Sortable moves them.
    scroll: !virtual,
    onMove: sortMove,
  });

  const row = (
    stop: PlannedStop,
    index: number,
    key: string | number,
    measureRef?: (element: HTMLLIElement | null) => void,
  ) => (
    <StopRow
      key={key}
      stop={stop}
      index={index}
      isLast={index === stops.length - 1}
      highlighted={index === highlightedIndex}
      noteOpen={openNoteId === stop.id}
      menuOpen={openMenuId === stop.id}
      notesEnabled={
        onNoteChange !== undefined || onRename !== undefined || onDayFieldsChange !== undefined
      }
      renameEnabled={onRename !== undefined}
      legDistance={legDistances?.[index] ?? null}
      time={times?.[index] ?? null}
      timeFormat={timeFormat}
      dayEnabled={onDayFieldsChange !== undefined}
      defaultServiceMinutes={defaultServiceMinutes}
      actions={actions}
      helpId={helpId}
      setSize={virtual ? stops.length : undefined}
      measureRef={measureRef}
      t={t}
      label={label}
    />
  );

  const help = (
    <p id={helpId} className="visually-hidden">
      {t('planner.reorderHelp')}
    </p>
  );

  if (!virtual) {
    return (
      <>
        {help}
        <ol className="stop-list" ref={listRef}>
          {stops.map((stop, index) => row(stop, index, stop.id))}
        </ol>
      </>
    );
  }

  const total = virtualizer.getTotalSize();
  const last = items[items.length - 1];
  return (
    <div className="stop-list-viewport" ref={viewportRef} data-testid="stop-list-viewport">
      {help}
      <ol
        className="stop-list stop-list--virtual"
        ref={listRef}
        style={{
          paddingTop: items[0]?.start ?? 0,
          paddingBottom: last ? Math.max(0, total - last.end) : total,
        }}
      >
        {/* Keyed by place, not by stop: after a reorder (an optimisation) the rows in view
            each show another stop, and patching them costs far less than mounting new ones
            with a layout forced to measure each (200 stops: some 20 ms of the click). A row
            whose size changed is measured by the virtualizer's ResizeObserver before the frame
            is painted. */}
        {items.map((item) =>
          row(stops[item.index], item.index, item.index, virtualizer.measureElement),
        )}
      </ol>
    </div>
  );
}
