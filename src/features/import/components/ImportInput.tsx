import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImportText } from '../hooks/use-import-text';
import { countKinds } from '../model/review-lists';
import { DayIssues } from './DayIssues';
import { PreviewRow } from './ImportRows';

export interface ImportInputProps {
  input: ImportText;
  onStart: () => void;
}

/** The import's first step: paste or choose a list, see how each line reads, start the lookups. */
export function ImportInput({ input, onStart }: ImportInputProps) {
  const { t } = useTranslation();
  const textId = useId();
  const fileId = useId();
  const { parsed } = input;
  const previewRows = useMemo(
    () => parsed.rows.map((row) => <PreviewRow key={row.line} row={row} />),
    [parsed],
  );
  const kinds = useMemo(() => countKinds(parsed.rows), [parsed]);

  return (
    <>
      <p className="form-hint">{t('importStops.intro')}</p>
      <div className="form-field">
        <label htmlFor={textId} className="form-label">
          {t('importStops.pasteLabel')}
        </label>
        <textarea
          id={textId}
          className="form-input import-panel__textarea"
          rows={6}
          spellCheck={false}
          value={input.text}
          onChange={(event) => input.setText(event.target.value)}
        />
      </div>
      <div className="import-panel__file">
        <label htmlFor={fileId} className="button button--small">
          {t('importStops.fileLabel')}
        </label>
        <input
          id={fileId}
          className="visually-hidden"
          type="file"
          accept=".csv,.txt,.tsv,text/csv,text/plain,text/tab-separated-values"
          onChange={(event) => {
            void input.readFile(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
        <span className="form-hint">{t('importStops.dropHint')}</span>
      </div>
      <p className="form-hint" role="status">
        {input.fileMessage}
      </p>
      {parsed.rows.length === 0 ? (
        <p className="form-hint">{t('importStops.nothingRead')}</p>
      ) : (
        <div className="import-panel__preview">
          <h4 className="import-panel__title">
            {t('importStops.previewHeading', { count: parsed.rows.length })}
          </h4>
          <p className="form-hint">
            {t('importStops.previewSummary', {
              addresses: kinds.address,
              points: kinds.point,
              unreadable: kinds.unreadable,
            })}
          </p>
          <ol className="import-panel__rows">{previewRows}</ol>
          <DayIssues lines={parsed.rows} />
          <button type="button" className="button button--primary button--block" onClick={onStart}>
            {t('importStops.start')}
          </button>
        </div>
      )}
    </>
  );
}
