import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { TimeFormat } from '@/lib/day-plan';
import type { DaySummary } from '../model/day-summary';

/**
 * After the last stop: the stops done and skipped, and the time the route took on this device
 * against what the plan gave (model/day-summary.ts).
 */
export function DriveDaySummary({ summary, format }: { summary: DaySummary; format: TimeFormat }) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <section className="drive-summary" aria-labelledby={titleId} data-testid="day-summary">
      <h2 id={titleId} className="drive-summary__title">
        {t('navigation.summaryTitle')}
      </h2>
      <dl className="drive-summary__list">
        <div>
          <dt>{t('navigation.summaryDone')}</dt>
          <dd data-testid="summary-done">{summary.done}</dd>
        </div>
        <div>
          <dt>{t('navigation.summarySkipped')}</dt>
          <dd data-testid="summary-skipped">{summary.skipped}</dd>
        </div>
        {summary.took !== null ? (
          <div>
            <dt>{t('navigation.summaryTook')}</dt>
            <dd data-testid="summary-took">{format.span(summary.took)}</dd>
          </div>
        ) : null}
        {summary.planned !== null ? (
          <div>
            <dt>{t('navigation.summaryPlanned')}</dt>
            <dd data-testid="summary-planned">{format.span(summary.planned)}</dd>
          </div>
        ) : null}
      </dl>
    </section>
  );
}
