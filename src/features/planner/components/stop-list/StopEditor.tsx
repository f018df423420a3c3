import { useState, type RefObject } from 'react';
import type { TFunction } from 'i18next';
import { STOP_NAME_MAX_CHARS, STOP_NOTE_MAX_CHARS } from '@domain/limits.ts';
import type { PlannedStop } from '../../model/stop-list';
import type { RowActions } from '../../hooks/use-stop-list-actions';
import { LazyPart, retryableLazy } from '@/components/lazy-part';
import type { StopDayEditorProps } from '../day/StopDayEditor';

// A stop's time at the stop, window, load and lock load with the first stop edited on a route
// that has a working day: about 1.5 KB gzipped that the planner's first load does without.
const stopDayEditor = retryableLazy<StopDayEditorProps>(
  async () => (await import('../day/StopDayEditor')).StopDayEditor,
);

export interface StopEditorProps {
  stop: PlannedStop;
  /** 1-based place of the stop. */
  number: number;
  /** The panel's id (the edit button controls it). */
  id: string;
  /** The panel has a name field. */
  renameEnabled: boolean;
  /** The panel has the stop's time at stop, window and lock. */
  dayEnabled: boolean;
  defaultServiceMinutes: number;
  actions: RowActions;
  nameRef: RefObject<HTMLInputElement | null>;
  textareaRef: RefObject<HTMLTextAreaElement | null>;
  /** Closing the panel gives the focus back to the button that opened it. */
  onClose: () => void;
  t: TFunction;
}

/**
 * A stop's edit panel, open under its row: its name, its note for the driver (door code, phone
 * number) with the characters left, and its times of the day when the route has a departure.
 */
export function StopEditor({
  stop,
  number,
  id,
  renameEnabled,
  dayEnabled,
  defaultServiceMinutes,
  actions,
  nameRef,
  textareaRef,
  onClose,
  t,
}: StopEditorProps) {
  const note = stop.note ?? '';
  // The name as typed, for the stop it was typed for: a blank name is not a name, so the stop
  // keeps its last one meanwhile.
  const [nameDraft, setNameDraft] = useState<{ id: string; value: string } | null>(null);
  const nameValue = nameDraft?.id === stop.id ? nameDraft.value : stop.name;
  return (
    <div className="stop-item__note-editor" id={id}>
      {renameEnabled ? (
        <>
          <label className="stop-item__note-label" htmlFor={`${id}-name`}>
            {t('planner.nameLabel', { number })}
          </label>
          <input
            id={`${id}-name`}
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
                onClose();
              }
            }}
          />
        </>
      ) : null}
      <label className="stop-item__note-label" htmlFor={`${id}-text`}>
        {t('planner.noteLabel', { number })}
      </label>
      <textarea
        id={`${id}-text`}
        ref={textareaRef}
        className="stop-item__note-input"
        rows={2}
        maxLength={STOP_NOTE_MAX_CHARS}
        placeholder={t('planner.notePlaceholder')}
        value={note}
        aria-describedby={`${id}-count`}
        onChange={(event) => actions.setNote(stop.id, event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.preventDefault();
            onClose();
          }
        }}
      />
      {dayEnabled ? (
        <LazyPart
          part={stopDayEditor}
          props={{
            fields: stop,
            number,
            defaultMinutes: defaultServiceMinutes,
            isStart: number === 1,
            onChange: (fields) => actions.setDayFields(stop.id, fields),
          }}
        />
      ) : null}
      <div className="stop-item__note-footer">
        <span id={`${id}-count`} className="stop-item__note-count">
          {t('planner.noteCount', { count: note.length, max: STOP_NOTE_MAX_CHARS })}
        </span>
        <button type="button" className="button button--small" onClick={onClose}>
          {t('planner.noteDone')}
        </button>
      </div>
    </div>
  );
}
