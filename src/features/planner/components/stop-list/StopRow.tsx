import { memo } from 'react';
import type { TFunction } from 'i18next';
import { formatLatLng } from '@/lib/format';
import type { TimeFormat } from '@/lib/day-plan';
import type { PlannedStop } from '../../model/stop-list';
import { editLabelKey, rowDescribedBy, type RowLabel } from '../../model/row-labels';
import type { RowActions } from '../../hooks/use-stop-list-actions';
import { useEditorFocus } from '../../hooks/use-editor-focus';
import {
  StopDayFieldsLine,
  StopLockBadge,
  StopTimeLine,
  type StopTimeView,
} from '../day/StopTimeLine';
import { StopEditor } from './StopEditor';
import { StopRowTools } from './StopRowTools';

export interface StopRowProps {
  stop: PlannedStop;
  index: number;
  isLast: boolean;
  highlighted: boolean;
  noteOpen: boolean;
  menuOpen: boolean;
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

/**
 * One stop of the planner's list: its handle and number, its name (up to two lines; a tap shows
 * it on the map) with its distance from the stop before, its buttons, its note, its times of the
 * day (or its window and time at the stop until the route has them), and its edit panel.
 */
export const StopRow = memo(function StopRow({
  stop,
  index,
  isLast,
  highlighted,
  noteOpen,
  menuOpen,
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
  const { nameRef, textareaRef, openerRef, focusOpener } = useEditorFocus(stop.id, noteOpen);
  const note = stop.note ?? '';
  const editLabel = label(editLabelKey(renameEnabled, note !== ''), { number });
  // The button's label (the stop's number and name) replaces its content for a screen reader:
  // the leg's distance, once known, and the note are read as its description.
  const describedBy = rowDescribedBy(
    { help: helpId, leg: legId, note: noteId },
    { index, hasLeg: Boolean(legDistance), hasNote: note !== '', noteOpen },
  );

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
        <span className="stop-item__meta">
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
        </span>
      </button>
      <StopRowTools
        stop={stop}
        index={index}
        isLast={isLast}
        notesEnabled={notesEnabled}
        editLabel={editLabel}
        noteOpen={noteOpen}
        editorId={editorId}
        menuOpen={menuOpen}
        actions={actions}
        noteButtonRef={openerRef}
        label={label}
      />
      {note && !noteOpen ? (
        <p className="stop-item__note" id={noteId}>
          {note}
        </p>
      ) : null}
      {stop.lock ? <StopLockBadge lock={stop.lock} /> : null}
      {timeFormat && time ? <StopTimeLine view={time} format={timeFormat} /> : null}
      {timeFormat && !time && (stop.window || stop.serviceMinutes !== undefined) ? (
        <StopDayFieldsLine stop={stop} format={timeFormat} t={t} />
      ) : null}
      {noteOpen ? (
        <StopEditor
          stop={stop}
          number={number}
          id={editorId}
          renameEnabled={renameEnabled}
          dayEnabled={dayEnabled}
          defaultServiceMinutes={defaultServiceMinutes}
          actions={actions}
          nameRef={nameRef}
          textareaRef={textareaRef}
          onClose={() => {
            actions.toggleNote(stop.id);
            focusOpener();
          }}
          t={t}
        />
      ) : null}
    </li>
  );
});
