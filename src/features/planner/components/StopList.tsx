import { useCallback, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StopDayFields } from '@domain/day-plan/day-plan.ts';
import { useSortableList } from '@/components/hooks/use-sortable-list';
import { LazyPart, retryableLazy } from '@/components/lazy-part';
import type { TimeFormat } from '@/lib/day-plan';
import { useStopListActions, type VirtualPlace } from '../hooks/use-stop-list-actions';
import { rowLabels } from '../model/row-labels';
import type { PlannedStop } from '../model/stop-list';
import type { StopTimeView } from './day/StopTimeLine';
import { StopRow } from './stop-list/StopRow';
import type { VirtualRowsProps } from './stop-list/VirtualRows';
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

/**
 * TanStack Virtual comes with the first list longer than VIRTUAL_LIST_ABOVE, not with the page
 * (about 3 KB gzipped of the planner's 230 KB): a short list renders every row plainly.
 */
const virtualRows = retryableLazy<VirtualRowsProps>(
  async () => (await import('./stop-list/VirtualRows')).default,
);

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
  const listRef = useRef<HTMLOListElement | null>(null);
  const [listElement, setListElement] = useState<HTMLOListElement | null>(null);
  const setList = useCallback((element: HTMLOListElement | null) => {
    listRef.current = element;
    setListElement(element);
  }, []);
  const viewportRef = useRef<HTMLDivElement>(null);
  const place = useRef<VirtualPlace>({ firstRendered: 0, scrollTo: null });
  const virtual = stops.length > VIRTUAL_LIST_ABOVE;
  const { t } = useTranslation();
  const label = useMemo(() => rowLabels(t), [t]);
  const helpId = useId();

  const { actions, openNoteId, openMenuId, sortMove, settleFocus } = useStopListActions(
    callbacks,
    listRef,
    place,
  );

  useSortableList(listElement, {
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
        <ol className="stop-list" ref={setList}>
          {stops.map((stop, index) => row(stop, index, stop.id))}
        </ol>
      </>
    );
  }

  return (
    <div className="stop-list-viewport" ref={viewportRef} data-testid="stop-list-viewport">
      {help}
      {/* While its code arrives, the first rows as the virtual list starts; Retry if it cannot. */}
      <LazyPart
        part={virtualRows}
        props={{
          count: stops.length,
          row: (index, measureRef) => row(stops[index], index, index, measureRef),
          listRef: setList,
          viewport: viewportRef,
          place,
          settleFocus,
        }}
        fallback={
          <ol className="stop-list stop-list--virtual">
            {stops.slice(0, FIRST_ROWS).map((stop, index) => row(stop, index, index))}
          </ol>
        }
      />
    </div>
  );
}

/** The rows a virtual list shows while its code arrives (about a phone's screen of them). */
const FIRST_ROWS = 12;
