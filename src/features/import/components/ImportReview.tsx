import { useTranslation } from 'react-i18next';
import { ProgressBar } from '@/components/ProgressBar';
import type { useImportRun } from '../hooks/use-import-run';
import { countReview } from '../model/import-review';
import { needingAttention, readyEntries } from '../model/review-lists';
import { AttentionRow } from './AttentionRow';
import { DayIssues } from './DayIssues';
import { ReadyRow } from './ImportRows';

export interface ImportReviewProps {
  run: ReturnType<typeof useImportRun>;
  /** Adds the lines found to the route. */
  onAdd: () => void;
}

/**
 * The import's second step: the lookups' progress (cancel, resume, a rate limit's wait), the
 * lines to fix or pick a place for, the lines found, and Add.
 */
export function ImportReview({ run, onAdd }: ImportReviewProps) {
  const { t } = useTranslation();
  const { review, phase, progress } = run;
  const counts = countReview(review);
  const running = phase === 'running';
  const attention = needingAttention(review, running);
  const ready = readyEntries(review);

  return (
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
          <button type="button" className="button button--primary" onClick={onAdd}>
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
  );
}
