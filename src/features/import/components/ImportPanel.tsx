import { memo, useDeferredValue, useId, useMemo, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Stop } from '@domain/stops.ts';
import { useImportRun } from '../hooks/use-import-run';
import { decodeImportBytes } from '../model/decode-text';
import { countReview, readyStops, type ImportEntry } from '../model/import-review';
import {
  SERVICE_MINUTES_MAX,
  STOP_LOAD_MAX,
  type StopDayFields,
} from '@domain/day-plan/day-plan.ts';
import { parseImport, type DayValueIssue, type ImportRow } from '../model/parse-import';
import { ProgressBar } from '@/components/ProgressBar';
import { formatMinutes } from '@/lib/format';
import '@/components/forms.css';
import './ImportPanel.css';

export interface ImportPanelProps {
  /** The found stops, in the order of their lines; called once per "Add". */
  onAdd: (stops: Stop[]) => void;
  onClose: () => void;
}

const rowText = (row: ImportRow): string =>
  row.kind === 'address' ? row.query : row.kind === 'point' ? row.name : row.text;

/** "Window 09:00–12:00 · 10 min at the stop · Load 3": what a line says of the working day. */
function DayRead({ day }: { day: StopDayFields | undefined }) {
  const { t, i18n } = useTranslation();
  if (!day) return null;
  const parts = [
    ...(day.window ? [t('dayPlan.windowShown', { ...day.window })] : []),
    ...(day.serviceMinutes !== undefined
      ? [t('dayPlan.atStopFor', { span: formatMinutes(day.serviceMinutes, i18n.resolvedLanguage) })]
      : []),
    ...(day.load !== undefined ? [t('dayPlan.loadShown', { count: day.load })] : []),
  ];
  return parts.length > 0 ? (
    <span className="import-panel__day" data-testid="import-day">
      {parts.join(' · ')}
    </span>
  ) : null;
}

const PreviewRow = memo(function PreviewRow({ row }: { row: ImportRow }) {
  const { t } = useTranslation();
  return (
    <li className={`import-panel__row import-panel__row--${row.kind}`}>
      <span className="import-panel__line">{t('importStops.line', { line: row.line })}</span>
      <span className="import-panel__text">{rowText(row)}</span>
      <span className="import-panel__kind">{t(`importStops.kind.${row.kind}`)}</span>
      {row.kind !== 'unreadable' ? <DayRead day={row.day} /> : null}
    </li>
  );
});

/** The message of a value of the day the import could not read, naming the line and the value. */
function useDayIssueText() {
  const { t } = useTranslation();
  return (line: number, issue: DayValueIssue): string => {
    const values = { line, value: issue.value, max: SERVICE_MINUTES_MAX };
    if (issue.field === 'load')
      return issue.problem === 'tooLarge'
        ? t('importStops.dayIssue.loadTooLarge', { ...values, max: STOP_LOAD_MAX })
        : t('importStops.dayIssue.loadUnreadable', values);
    if (issue.field === 'window')
      return issue.problem === 'endBeforeStart'
        ? t('importStops.dayIssue.windowEndBeforeStart', values)
        : t('importStops.dayIssue.windowUnreadable', values);
    return issue.problem === 'tooLong'
      ? t('importStops.dayIssue.serviceTooLong', values)
      : t('importStops.dayIssue.serviceUnreadable', values);
  };
}

/**
 * The lines whose time window, time at the stop or load could not be read: each says its line,
 * the value and how to write it; the stop itself is imported without that value.
 */
const DayIssues = memo(function DayIssues({
  lines,
}: {
  lines: readonly { line: number; dayIssues?: readonly DayValueIssue[] }[];
}) {
  const { t } = useTranslation();
  const text = useDayIssueText();
  const issues = lines.flatMap(({ line, dayIssues }) =>
    (dayIssues ?? []).map((issue) => ({ line, issue })),
  );
  if (issues.length === 0) return null;
  return (
    <div className="import-panel__group import-panel__day-issues" data-testid="import-day-issues">
      <h4 className="import-panel__title">{t('importStops.dayIssuesHeading')}</h4>
      <ul className="import-panel__day-issue-list">
        {issues.map(({ line, issue }) => (
          <li key={`${line}:${issue.field}`}>{text(line, issue)}</li>
        ))}
      </ul>
    </div>
  );
});

const ReadyRow = memo(function ReadyRow({ entry }: { entry: ImportEntry }) {
  const { t } = useTranslation();
  return (
    <li className="import-panel__row">
      <span className="import-panel__line">{t('importStops.line', { line: entry.line })}</span>
      <span className="import-panel__text">{entry.stop?.name}</span>
      <DayRead day={entry.day} />
    </li>
  );
});

function statusMessage(entry: ImportEntry) {
  if (entry.status === 'invalid' || entry.status === 'unreadable')
    return `importStops.status.${entry.problem ?? 'noAddress'}` as const;
  if (entry.status === 'ready') return 'importStops.readyHeading' as const;
  return `importStops.status.${entry.status}` as const;
}

interface AttentionRowProps {
  entry: ImportEntry;
  busy: boolean;
  onRetry: (line: number, text: string) => void;
  onPick: (line: number, candidate: number) => void;
  onDiscard: (line: number) => void;
}

const AttentionRow = memo(function AttentionRow({
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

/**
 * Import a day's stops: paste or drop a list, see what was read, look the addresses up
 * (progress, cancel, rate-limit waits), fix or pick what did not match, then add.
 */
export function ImportPanel({ onAdd, onClose }: ImportPanelProps) {
  const { t } = useTranslation();
  const textId = useId();
  const fileId = useId();
  const headingId = useId();
  const [text, setText] = useState('');
  // The preview reads the text a render behind the field (React renders each key first, then
  // the preview, which a newer key interrupts): reading a pasted list of 1,500 lines again costs
  // tens of milliseconds per key on a phone.
  const previewed = useDeferredValue(text);
  const [fileMessage, setFileMessage] = useState('');
  const [dragging, setDragging] = useState(false);
  const parsed = useMemo(() => parseImport(previewed), [previewed]);
  const previewRows = useMemo(
    () => parsed.rows.map((row) => <PreviewRow key={row.line} row={row} />),
    [parsed],
  );
  const run = useImportRun();
  const { review, phase, progress } = run;
  const counts = countReview(review);
  const running = phase === 'running';
  const reviewing = running || review.entries.length > 0;

  const readFile = async (file: File | undefined) => {
    if (!file) return;
    try {
      setText(decodeImportBytes(await file.arrayBuffer()));
      setFileMessage(t('importStops.fileLoaded', { file: file.name }));
    } catch {
      setFileMessage(t('importStops.fileFailed'));
    }
  };

  const onDrop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setDragging(false);
    void readFile(event.dataTransfer.files[0]);
  };

  const add = () => {
    const stops = readyStops(review);
    if (stops.length === 0) return;
    onAdd(stops);
    run.dispatch({ type: 'added' });
    if (counts.attention + counts.waiting === 0) {
      setText('');
      setFileMessage('');
    }
  };

  const kinds = useMemo(() => {
    const count = { address: 0, point: 0, unreadable: 0 };
    for (const row of parsed.rows) count[row.kind] += 1;
    return count;
  }, [parsed]);
  // Import right after a key: the list as it is now, not as the preview last read it.
  const start = () => run.start(text === previewed ? parsed.rows : parseImport(text).rows);
  // Lines still waiting are listed too once lookups stop (after a cancel), so each one can be seen.
  const attention = review.entries.filter(
    (entry) => entry.status !== 'ready' && (entry.status !== 'waiting' || !running),
  );
  const ready = review.entries.filter((entry) => entry.status === 'ready');

  return (
    <section
      className={`import-panel${dragging ? ' import-panel--dragging' : ''}`}
      aria-labelledby={headingId}
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={(event) => {
        // Moving over a child also fires dragleave on the panel: only leaving the panel counts.
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
      }}
      onDrop={onDrop}
    >
      <div className="import-panel__header">
        <h3 id={headingId} className="form-heading">
          {t('importStops.heading')}
        </h3>
        <button type="button" className="button button--small button--ghost" onClick={onClose}>
          {t('importStops.close')}
        </button>
      </div>

      {!reviewing ? (
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
              value={text}
              onChange={(event) => setText(event.target.value)}
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
                void readFile(event.target.files?.[0]);
                event.target.value = '';
              }}
            />
            <span className="form-hint">{t('importStops.dropHint')}</span>
          </div>
          <p className="form-hint" role="status">
            {fileMessage}
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
              <button
                type="button"
                className="button button--primary button--block"
                onClick={start}
              >
                {t('importStops.start')}
              </button>
            </div>
          )}
        </>
      ) : (
        <>
          {progress.total > 0 ? (
            <div className="import-panel__progress">
              <ProgressBar
                className="import-panel__bar"
                label={t('importStops.progressLabel')}
                value={progress.done}
                max={progress.total}
                valueText={t('importStops.progressText', {
                  done: progress.done,
                  total: progress.total,
                })}
              />
              <span className="import-panel__count">
                {t('importStops.progressText', { done: progress.done, total: progress.total })}
              </span>
              {running ? (
                <button type="button" className="button button--small" onClick={run.cancel}>
                  {t('importStops.cancel')}
                </button>
              ) : null}
            </div>
          ) : null}
          <p className="form-hint" role="status">
            {run.waitSeconds !== null
              ? t('importStops.rateLimited', { seconds: run.waitSeconds })
              : phase === 'cancelled'
                ? t('importStops.cancelled')
                : phase === 'finished'
                  ? t('importStops.finished')
                  : ''}
          </p>
          <p className="import-panel__summary" data-testid="import-summary">
            {t('importStops.reviewSummary', {
              ready: counts.ready,
              attention: counts.attention,
              waiting: counts.waiting,
            })}
          </p>
          <div className="import-panel__actions">
            {counts.ready > 0 ? (
              <button type="button" className="button button--primary" onClick={add}>
                {t('importStops.add', { count: counts.ready })}
              </button>
            ) : null}
            {!running && counts.waiting > 0 ? (
              <button type="button" className="button button--small" onClick={run.resume}>
                {t('importStops.resume')}
              </button>
            ) : null}
            {!running ? (
              <button
                type="button"
                className="button button--small button--ghost"
                onClick={() => {
                  run.reset();
                }}
              >
                {t('importStops.startOver')}
              </button>
            ) : null}
          </div>
          {review.entries.some((entry) => entry.day) ? (
            <p className="form-hint">{t('importStops.dayFieldsHint')}</p>
          ) : null}
          <DayIssues lines={review.entries} />
          {attention.length > 0 ? (
            <div className="import-panel__group">
              <h4 className="import-panel__title">{t('importStops.attentionHeading')}</h4>
              <ul className="import-panel__attention-list">
                {attention.map((entry) => (
                  <AttentionRow
                    key={`${entry.line}:${entry.status}:${entry.text}`}
                    entry={entry}
                    busy={running}
                    onRetry={run.retry}
                    onPick={run.pick}
                    onDiscard={run.discard}
                  />
                ))}
              </ul>
            </div>
          ) : null}
          {ready.length > 0 ? (
            <details className="import-panel__group">
              <summary className="import-panel__title">{t('importStops.readyHeading')}</summary>
              <ol className="import-panel__rows">
                {ready.map((entry) => (
                  <ReadyRow key={entry.line} entry={entry} />
                ))}
              </ol>
            </details>
          ) : null}
        </>
      )}
    </section>
  );
}
