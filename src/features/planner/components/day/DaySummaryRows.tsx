import { useTranslation } from 'react-i18next';
import type { DaySchedule } from '@domain/day-plan/schedule.ts';
import type { TimeFormat } from '@/lib/day-plan';
import { WarningIcon } from '@/components/day-plan/DayIcons';

/**
 * The day's lines of the Trip Summary: when it finishes, and the totals of driving, time at
 * stops and waiting; late stops counted in words and an icon.
 */
export function DaySummaryRows({
  schedule,
  format,
}: {
  schedule: DaySchedule;
  format: TimeFormat;
}) {
  const { t } = useTranslation();
  const late = schedule.lateStops.length;
  return (
    <>
      <div>
        <dt>{t('dayPlan.finish')}</dt>
        <dd data-testid="summary-finish">{format.time(schedule.finish)}</dd>
      </div>
      <div>
        <dt>{t('dayPlan.totalDriving')}</dt>
        <dd data-testid="summary-driving">{format.span(schedule.driving)}</dd>
      </div>
      <div>
        <dt>{t('dayPlan.totalAtStops')}</dt>
        <dd data-testid="summary-at-stops">{format.span(schedule.atStops)}</dd>
      </div>
      <div>
        <dt>{t('dayPlan.totalWaiting')}</dt>
        <dd data-testid="summary-waiting">{format.span(schedule.waiting)}</dd>
      </div>
      {late > 0 ? (
        <div className="trip-summary__late">
          <dt>
            <WarningIcon /> {t('dayPlan.lateStopsLabel')}
          </dt>
          <dd data-testid="summary-late">{late}</dd>
        </div>
      ) : null}
    </>
  );
}
