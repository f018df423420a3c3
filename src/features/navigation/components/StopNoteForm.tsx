import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { STOP_NOTE_MAX_CHARS } from '@domain/limits.ts';

/** Writing a stop's note on the road (left with a neighbour, a new door code...). */
export function StopNoteForm({
  number,
  note,
  onSave,
  onCancel,
}: {
  number: number;
  note: string | undefined;
  onSave: (note: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState(note ?? '');
  const field = useRef<HTMLTextAreaElement>(null);
  // The form opens when the driver asks to write: the caret goes where they will type.
  useEffect(() => field.current?.focus(), []);
  return (
    <form
      className="stop-note-form"
      onSubmit={(event) => {
        event.preventDefault();
        onSave(text);
      }}
    >
      <label htmlFor={id} className="stop-note-form__label">
        {t('navigation.noteFor', { number })}
      </label>
      <textarea
        ref={field}
        id={id}
        value={text}
        maxLength={STOP_NOTE_MAX_CHARS}
        rows={3}
        onChange={(event) => setText(event.target.value)}
      />
      <div className="stop-note-form__actions">
        <button type="submit" className="button button--small button--primary">
          {t('navigation.saveNote')}
        </button>
        <button type="button" className="button button--small button--ghost" onClick={onCancel}>
          {t('common.cancel')}
        </button>
      </div>
    </form>
  );
}
