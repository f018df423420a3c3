import {
  memo,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
} from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { useVirtualizer } from '@tanstack/react-virtual';
import { STOP_NAME_MAX_CHARS, STOP_NOTE_MAX_CHARS } from '@domain/limits.ts';
import type { StopDayFields } from '@domain/day-plan/day-plan.ts';
import { useSortableList } from '@/components/hooks/useSortableList';
import { formatLatLng } from '@/lib/format';
import type { TimeFormat } from '@/lib/day-plan';
import type { PlannedStop } from '../model/stop-list';
import { StopDayEditor } from './day/StopDayEditor';
import { StopLockBadge, StopTimeLine, type StopTimeView } from './day/StopTimeLine';
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

type RowLabelKey =
  | 'planner.editStop'
  | 'planner.editNote'
  | 'planner.addNote'
  | 'planner.dragStop'
  | 'planner.showStop'
  | 'planner.legFrom'
  | 'planner.moveUp'
  | 'planner.moveDown'
  | 'planner.removeStop';
interface RowLabelValues {
  number: number;
  name?: string;
  distance?: string;
}
/** The texts every row shows (its buttons' labels), by key and values. */
type RowLabel = (key: RowLabelKey, values: RowLabelValues) => string;

/** Labels remembered at most (a few per stop); then the memory starts again. */
const ROW_LABELS_KEPT = 5000;

/**
 * `t` for the rows' labels, each text made once per language and values: a row's labels mostly
 * depend on its number alone, so after a reorder (an optimisation) the rows in view show the
 * same ones again, and i18next's translate is slow enough on 200 stops' click to count (it
 * resolves the key and interpolates every time). A new `t` (another language) makes a new one.
 */
function rowLabels(t: TFunction): RowLabel {
  const labels = new Map<string, string>();
  return (key, values) => {
    const id = `${key}\u0000${values.number}\u0000${values.name ?? '\u0001'}\u0000${values.distance ?? '\u0001'}`;
    let label = labels.get(id);
    if (label === undefined) {
      if (labels.size >= ROW_LABELS_KEPT) labels.clear();
      label = t(key, { ...values });
      labels.set(id, label);
    }
    return label;
  };
}

/** The row actions, stable for the list's life, so a memoised row re-renders only when its stop or place changes. */
interface RowActions {
  show(index: number): void;
  move(index: number, to: number): void;
  remove(index: number): void;
  setNote(id: string, note: string): void;
  rename(id: string, name: string): void;
  toggleNote(id: string): void;
  setDayFields(id: string, fields: StopDayFields): void;
  keyDown(event: KeyboardEvent, index: number): void;
}

interface StopRowProps {
  stop: PlannedStop;
  index: number;
  isLast: boolean;
  highlighted: boolean;
  noteOpen: boolean;
  notesEnabled: boolean;
  renameEnabled: boolean;
  /** The distance from the stop before, formatted, when the route is calculated. */
  legDistance: string | null;
  /** The stop's times of the day, when the route has a departure and is calculated. */
  time: StopTimeView | null;
  timeFormat: TimeFormat | undefined;
  /** The edit panel has the stop's time fields. */
  dayEnabled: boolean;
  defaultServiceMinutes: number;
  actions: RowActions;
  /** The id of the list's hidden help (how to move a stop with the keyboard). */
  helpId: string;
  /** Virtual list only: the total, for screen readers (only some rows are in the page). */
  setSize?: number;
  measureRef?: (element: HTMLLIElement | null) => void;
  /**
   * The list's translate function: a row of its own would subscribe to the language, and set
   * up i18next's wrapper, each time it mounts (a reordered long list mounts every row in view).
   */
  t: TFunction;
  /** The list's `rowLabels(t)`, for the labels every row shows. */
  label: RowLabel;
}

const StopRow = memo(function StopRow({
  stop,
  index,
  isLast,
  highlighted,
  noteOpen,
  notesEnabled,
  renameEnabled,
  legDistance,
  time,
  timeFormat,
  dayEnabled,
  defaultServiceMinutes,
  actions,
  helpId,
  setSize,
  measureRef,
  t,
  label,
}: StopRowProps) {
  const number = index + 1;
  const noteId = `stop-note-${stop.id}`;
  const legId = `stop-leg-${stop.id}`;
  const editorId = `stop-note-editor-${stop.id}`;
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const noteButtonRef = useRef<HTMLButtonElement>(null);
  // A row of the virtual list stays in its place and shows whichever stop is there (see
  // StopList): the editor takes the focus when it opens for the stop the row shows, never
  // because the row now shows another stop whose editor was open.
  const wasOpen = useRef({ id: stop.id, open: noteOpen });
  useEffect(() => {
    const was = wasOpen.current;
    if (noteOpen && !was.open && was.id === stop.id) {
      (nameRef.current ?? textareaRef.current)?.focus();
    }
    wasOpen.current = { id: stop.id, open: noteOpen };
  }, [noteOpen, stop.id]);
  const note = stop.note ?? '';
  // The name as typed, for the stop it was typed for: a blank name is not a name, so the stop
  // keeps its last one meanwhile.
  const [nameDraft, setNameDraft] = useState<{ id: string; value: string } | null>(null);
  const nameValue = nameDraft?.id === stop.id ? nameDraft.value : stop.name;
  const editLabel = renameEnabled
    ? label('planner.editStop', { number })
    : note
      ? label('planner.editNote', { number })
      : label('planner.addNote', { number });

  // The button's label (the stop's number and name) replaces its content for a screen reader:
  // the leg's distance, once known, and the note are read as its description.
  const describedBy = [
    helpId,
    index > 0 && legDistance ? legId : null,
    note && !noteOpen ? noteId : null,
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <li
      ref={measureRef}
      data-index={index}
      aria-setsize={setSize}
      aria-posinset={setSize === undefined ? undefined : number}
      className={highlighted ? 'stop-item stop-item--current' : 'stop-item'}
    >
      <span
        className="stop-item__handle"
        title={label('planner.dragStop', { number })}
        aria-hidden="true"
      >
        ⠿
      </span>
      <span className="stop-item__number" aria-hidden="true">
        {number}
      </span>
      <button
        type="button"
        className="stop-item__show"
        data-stop-id={stop.id}
        aria-label={label('planner.showStop', { number, name: stop.name })}
        aria-describedby={describedBy}
        onClick={() => actions.show(index)}
        onKeyDown={(event) => actions.keyDown(event, index)}
      >
        <span className="stop-item__name">{stop.name}</span>
        <span className="stop-item__coords">{formatLatLng(stop)}</span>
        {index > 0 ? (
          // Its line is there before the route is calculated: the distance arriving must not
          // push the buttons below down under a finger (or a pointer) about to press Save.
          <span className="stop-item__leg" id={legId}>
            {legDistance
              ? label('planner.legFrom', { distance: legDistance, number: number - 1 })
              : '\u00a0'}
          </span>
        ) : null}
      </button>
      <span className="stop-item__tools">
        {notesEnabled ? (
          <button
            type="button"
            ref={noteButtonRef}
            className={
              note
                ? 'stop-item__icon stop-item__note-button stop-item__note-button--filled'
                : 'stop-item__icon stop-item__note-button'
            }
            aria-label={editLabel}
            title={editLabel}
            aria-expanded={noteOpen}
            aria-controls={noteOpen ? editorId : undefined}
            onClick={() => actions.toggleNote(stop.id)}
          >
            ✎
          </button>
        ) : null}
        <button
          type="button"
          className="stop-item__icon"
          aria-label={label('planner.moveUp', { number })}
          disabled={index === 0}
          onClick={() => actions.move(index, index - 1)}
          onKeyDown={(event) => actions.keyDown(event, index)}
        >
          ↑
        </button>
        <button
          type="button"
          className="stop-item__icon"
          aria-label={label('planner.moveDown', { number })}
          disabled={isLast}
          onClick={() => actions.move(index, index + 1)}
          onKeyDown={(event) => actions.keyDown(event, index)}
        >
          ↓
        </button>
        <button
          type="button"
          className="stop-item__icon stop-item__remove"
          aria-label={label('planner.removeStop', { number, name: stop.name })}
          onClick={() => actions.remove(index)}
        >
          ×
        </button>
      </span>
      {note && !noteOpen ? (
        <p className="stop-item__note" id={noteId}>
          {note}
        </p>
      ) : null}
      {stop.lock ? <StopLockBadge lock={stop.lock} /> : null}
      {time && timeFormat ? <StopTimeLine view={time} format={timeFormat} /> : null}
      {noteOpen ? (
        <div className="stop-item__note-editor" id={editorId}>
          {renameEnabled ? (
            <>
              <label className="stop-item__note-label" htmlFor={`${editorId}-name`}>
                {t('planner.nameLabel', { number })}
              </label>
              <input
                id={`${editorId}-name`}
                ref={nameRef}
                className="stop-item__name-input"
                type="text"
                maxLength={STOP_NAME_MAX_CHARS}
                value={nameValue}
                onChange={(event) => {
                  setNameDraft({ id: stop.id, value: event.target.value });
                  const name = event.target.value.trim();
                  if (name !== '') actions.rename(stop.id, name);
                }}
                onBlur={() => setNameDraft(null)}
                onKeyDown={(event) => {
                  if (event.key === 'Enter') {
                    event.preventDefault();
                    textareaRef.current?.focus();
                  } else if (event.key === 'Escape') {
                    event.preventDefault();
                    setNameDraft(null);
                    actions.toggleNote(stop.id);
                    noteButtonRef.current?.focus();
                  }
                }}
              />
            </>
          ) : null}
          <label className="stop-item__note-label" htmlFor={`${editorId}-text`}>
            {t('planner.noteLabel', { number })}
          </label>
          <textarea
            id={`${editorId}-text`}
            ref={textareaRef}
            className="stop-item__note-input"
            rows={2}
            maxLength={STOP_NOTE_MAX_CHARS}
            placeholder={t('planner.notePlaceholder')}
            value={note}
            aria-describedby={`${editorId}-count`}
            onChange={(event) => actions.setNote(stop.id, event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Escape') {
                event.preventDefault();
                actions.toggleNote(stop.id);
                noteButtonRef.current?.focus();
              }
            }}
          />
          {dayEnabled ? (
            <StopDayEditor
              fields={stop}
              number={number}
              defaultMinutes={defaultServiceMinutes}
              isStart={index === 0}
              onChange={(fields) => actions.setDayFields(stop.id, fields)}
            />
          ) : null}
          <div className="stop-item__note-footer">
            <span id={`${editorId}-count`} className="stop-item__note-count">
              {t('planner.noteCount', { count: note.length, max: STOP_NOTE_MAX_CHARS })}
            </span>
            <button
              type="button"
              className="button button--small"
              onClick={() => {
                actions.toggleNote(stop.id);
                noteButtonRef.current?.focus();
              }}
            >
              {t('planner.noteDone')}
            </button>
          </div>
        </div>
      ) : null}
    </li>
  );
});

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
  stops,
  highlightedIndex,
  onShow,
  onMove,
  onRemove,
  onNoteChange,
  onRename,
  legDistances,
  times,
  timeFormat,
  onDayFieldsChange,
  defaultServiceMinutes = 0,
}: StopListProps) {
  const listRef = useRef<HTMLOListElement>(null);
  const viewportRef = useRef<HTMLDivElement>(null);
  const virtual = stops.length > VIRTUAL_LIST_ABOVE;
  const [openNoteId, setOpenNoteId] = useState<string | null>(null);
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

  const latest = useRef({
    stops,
    onShow,
    onMove,
    onRemove,
    onNoteChange,
    onRename,
    onDayFieldsChange,
    firstRendered,
  });
  useLayoutEffect(() => {
    latest.current = {
      stops,
      onShow,
      onMove,
      onRemove,
      onNoteChange,
      onRename,
      onDayFieldsChange,
      firstRendered,
    };
  });

  useSortableList(listRef, {
    handle: '.stop-item__handle',
    ghostClass: 'stop-item--ghost',
    chosenClass: 'stop-item--chosen',
    // A virtual list must not scroll under a drag: the rows would change while Sortable moves them.
    scroll: !virtual,
    onMove: (from, to) =>
      latest.current.onMove(latest.current.firstRendered + from, latest.current.firstRendered + to),
  });

  /**
   * After a keyboard move, the focus follows the moved stop to its new place: the stop, and the
   * list it moved in (a render before the move's own, e.g. the virtualizer's after a resize,
   * must not take the stop's old row for its new one).
   */
  const focusAfterMove = useRef<{
    id: string;
    from: number;
    movedIn: readonly PlannedStop[];
  } | null>(null);

  const actions = useMemo<RowActions>(() => {
    const move = (index: number, to: number) => {
      const current = latest.current.stops;
      if (to < 0 || to >= current.length) return;
      focusAfterMove.current = { id: current[index].id, from: index, movedIn: current };
      latest.current.onMove(index, to);
    };
    return {
      show: (index) => latest.current.onShow(index),
      move,
      remove: (index) => latest.current.onRemove(index),
      setNote: (id, note) => latest.current.onNoteChange?.(id, note),
      rename: (id, name) => latest.current.onRename?.(id, name),
      toggleNote: (id) => setOpenNoteId((current) => (current === id ? null : id)),
      setDayFields: (id, fields) => latest.current.onDayFieldsChange?.(id, fields),
      keyDown: (event, index) => {
        if (!event.altKey) return;
        if (event.key === 'ArrowUp') {
          event.preventDefault();
          move(index, index - 1);
        } else if (event.key === 'ArrowDown') {
          event.preventDefault();
          move(index, index + 1);
        }
      },
    };
  }, []);

  // Runs after every render: in a virtual list the moved row may first need scrolling into the page.
  useEffect(() => {
    const pending = focusAfterMove.current;
    if (pending === null || stops === pending.movedIn) return;
    const { id } = pending;
    const index = stops.findIndex((stop) => stop.id === id);
    const focus = document.activeElement;
    // The stops changed but this one did not move (the move was refused), or the user has gone
    // elsewhere meanwhile (the focus left the list, not for a row taken out of the page): the
    // focus stays where it is.
    const focusInList = !focus || focus === document.body || listRef.current?.contains(focus);
    if (index === -1 || index === pending.from || !focusInList) {
      focusAfterMove.current = null;
      return;
    }
    // Found by the stop it shows now: the virtual list's rows are keyed by place, so a row's
    // button shows another stop after a move; the rendered buttons say which stop they show.
    const button = [
      ...(listRef.current?.querySelectorAll<HTMLButtonElement>('.stop-item__show') ?? []),
    ].find((candidate) => candidate.dataset.stopId === id);
    if (button) {
      focusAfterMove.current = null;
      button.focus();
      return;
    }
    if (!virtual) focusAfterMove.current = null;
    else virtualizer.scrollToIndex(index, { align: 'auto' });
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
