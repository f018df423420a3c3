import { useTranslation } from 'react-i18next';
import { ProgressLine } from '@/components/route-progress/ProgressLine';
import type { TimeFormat } from '@/lib/day-plan';
import type { ProgressFacts } from '@/lib/driver-reports';

/** One driver on the board: the counts, the last report's time and the predicted finish. */
export function DriverSummary({
  title,
  facts,
  format,
}: {
  title: string;
  facts: ProgressFacts;
  format: TimeFormat;
}) {
  const { t } = useTranslation();
  return (
    <article className="board-driver" aria-label={title}>
      <h3 className="board-driver__title">{title}</h3>
      <ProgressLine facts={facts} />
      <dl className="board-driver__facts">
        <div>
          <dt>{t('board.status.delivered')}</dt>
          <dd data-testid="driver-delivered">{facts.delivered}</dd>
        </div>
        <div>
          <dt>{t('board.status.failed')}</dt>
          <dd data-testid="driver-failed">{facts.failed}</dd>
        </div>
        <div>
          <dt>{t('board.status.skipped')}</dt>
          <dd data-testid="driver-skipped">{facts.skipped}</dd>
        </div>
        <div>
          <dt>{t('board.status.todo')}</dt>
          <dd data-testid="driver-todo">{facts.todo}</dd>
        </div>
        <div>
          <dt>{t('board.lastReport')}</dt>
          <dd>{facts.lastReportAt === null ? '–' : format.time(facts.lastReportAt)}</dd>
        </div>
        <div>
          <dt>{t('board.predictedFinish')}</dt>
          <dd data-testid="driver-finish">
            {facts.predictedFinish === null ? '–' : format.time(facts.predictedFinish)}
          </dd>
        </div>
      </dl>
    </article>
  );
}
