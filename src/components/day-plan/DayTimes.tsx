import { useTranslation } from 'react-i18next';
import {
  stopTimeMinutes,
  type TimeFormat,
  type PlannedDay,
  type PlannedStop,
} from '@/lib/day-plan';
import { WarningIcon } from './DayIcons';
import './DayTimes.css';

/**
 * One stop's planned times on a saved route: "Arrive 09:05 · wait 5 min · Leave 09:20 · Window
 * 09:00–10:00"; the start says when the driver leaves it (with its day when `withDay`). A stop
 * the plan reaches after its window closed says so in colour, words and an icon.
 */
export function PlannedStopTimes({
  time,
  format,
  withDay = false,
}: {
  time: PlannedStop;
  format: TimeFormat;
  withDay?: boolean;
}) {
  const { t } = useTranslation();
  if (time.arrival === null) {
    const leave = withDay ? format.dayAndTime(time.departure) : format.time(time.departure);
    return (
      <span className="day-times" data-testid="planned-times">
        {t('dayPlan.leaveAt', { time: leave })}
      </span>
    );
  }
  const minutes = stopTimeMinutes(time);
  const late = time.late > 0;
  const parts = [
    t('dayPlan.arriveAt', { time: format.time(time.arrival) }),
    ...(time.wait > 0 ? [t('dayPlan.waitFor', { span: format.minutes(minutes.wait) })] : []),
    t('dayPlan.leaveAt', { time: format.time(time.departure) }),
    ...(time.window
      ? [
          t('dayPlan.windowShown', {
            start: format.time(time.window[0]),
            end: format.time(time.window[1]),
          }),
        ]
      : []),
  ];
  return (
    <span className={late ? 'day-times day-times--late' : 'day-times'} data-testid="planned-times">
      {late ? (
        <strong className="day-times__late">
          <WarningIcon /> {t('dayPlan.late', { span: format.minutes(minutes.late) })}
          {'. '}
        </strong>
      ) : null}
      {parts.join(' · ')}
    </span>
  );
}

/**
 * The day's lines of a saved route's Trip Summary: departure (with its day), finish (once the
 * leg to the end is known), and the totals of time at stops and waiting (the summary's Duration
 * is the driving); late stops counted in words and an icon.
 */
export function PlannedDayRows({ day, format }: { day: PlannedDay; format: TimeFormat }) {
  const { t } = useTranslation();
  const { schedule } = day;
  const late = schedule.lateStops.length;
  return (
    <>
      <div>
        <dt>{t('dayPlan.departureTime')}</dt>
        <dd data-testid="summary-departure">{format.dayAndTime(day.departure)}</dd>
      </div>
      <div>
        <dt>{t('dayPlan.finish')}</dt>
        <dd data-testid="summary-finish">{day.finish === null ? '--' : format.time(day.finish)}</dd>
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
        <div className="day-times-summary__late">
          <dt>
            <WarningIcon /> {t('dayPlan.lateStopsLabel')}
          </dt>
          <dd data-testid="summary-late">{late}</dd>
        </div>
      ) : null}
    </>
  );
}
