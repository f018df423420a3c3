import { memo, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImportEntry } from '../model/import-review';

/** What the line says of its lookup: its problem, or its status. */
function statusMessage(entry: ImportEntry) {
  if (entry.status === 'invalid' || entry.status === 'unreadable')
    return `importStops.status.${entry.problem ?? 'noAddress'}` as const;
  if (entry.status === 'ready') return 'importStops.readyHeading' as const;
  return `importStops.status.${entry.status}` as const;
}

export interface AttentionRowProps {
  entry: ImportEntry;
  busy: boolean;
  onRetry: (line: number, text: string) => void;
  onPick: (line: number, candidate: number) => void;
  onDiscard: (line: number) => void;
}

/**
 * A line that needs the user: why, the places to choose from when the address matched several,
 * its text to correct and look up again, and Discard.
 */
export const AttentionRow = memo(function AttentionRow({
  entry,
  busy,
  onRetry,
  onPick,
  onDiscard,
}: AttentionRowProps) {
  const { t } = useTranslation();
  const inputId = useId();
  const [text, setText] = useState(entry.text);
  return (
    <li className="import-panel__attention" data-line={entry.line}>
      <p className="import-panel__problem">
        <strong>{t('importStops.line', { line: entry.line })}</strong> {t(statusMessage(entry))}
      </p>
      {entry.status === 'ambiguous' && entry.candidates ? (
        <ul
          className="import-panel__candidates"
          aria-label={t('importStops.candidatesLabel', { line: entry.line })}
        >
          {entry.candidates.map((place, index) => (
            <li key={`${place.lat},${place.lng},${index}`}>
              <button
                type="button"
                className="button button--small import-panel__candidate"
                disabled={busy}
                onClick={() => onPick(entry.line, index)}
              >
                {place.display_name}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <form
        className="import-panel__fix"
        onSubmit={(event) => {
          event.preventDefault();
          onRetry(entry.line, text);
        }}
      >
        <label htmlFor={inputId} className="visually-hidden">
          {t('importStops.fixLabel', { line: entry.line })}
        </label>
        <input
          id={inputId}
          className="form-input"
          type="text"
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
        <div className="import-panel__fix-actions">
          <button type="submit" className="button button--small" disabled={busy}>
            {t('importStops.retry')}
          </button>
          <button
            type="button"
            className="button button--small button--ghost"
            onClick={() => onDiscard(entry.line)}
          >
            {t('importStops.discard', { line: entry.line })}
          </button>
        </div>
      </form>
    </li>
  );
});
