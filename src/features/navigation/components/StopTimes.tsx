import { useTranslation } from 'react-i18next';
import { LATE_AFTER_MS } from '@domain/day-plan/schedule.ts';
import { WarningIcon } from '@/components/day-plan/DayIcons';
import type { TimeFormat } from '@/lib/day-plan';
import type { DriveDay } from '../hooks/use-drive-day';
import '@/components/day-plan/DayTimes.css';

/**
 * A stop's planned time: "Departs 08:00" at the start (with its day when the plan is for another
 * day), "Planned 09:05 · Window 09:00–10:00" elsewhere.
 */
export function PlannedLine({
  index,
  day,
  format,
  className,
}: {
  index: number;
  day: DriveDay;
  format: TimeFormat;
  className: string;
}) {
  const { t } = useTranslation();
  const time = day.planned?.stops[index];
  if (!time) return null;
  if (time.arrival === null) {
    const departure = day.today ? format.time(time.departure) : format.dayAndTime(time.departure);
    return (
      <span className={className} data-testid="planned-times">
        {t('dayPlan.departs', { time: departure })}
      </span>
    );
  }
  const parts = [
    t('dayPlan.plannedArrival', { time: format.time(time.arrival) }),
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
    <span className={className} data-testid="planned-times">
      {parts.join(' · ')}
    </span>
  );
}

/**
 * The running-late flag of a stop still to do: the driver will get there after its window
 * closes (or it has closed already). Words and an icon beside the colour.
 */
export function RunningLate({
  index,
  day,
  now,
  format,
}: {
  index: number;
  day: DriveDay;
  now: number;
  format: TimeFormat;
}) {
  const { t } = useTranslation();
  const lateBy = day.projection?.lateBy[index] ?? 0;
  const closes = day.planned?.stops[index].window?.[1] ?? null;
  if (lateBy <= 0 || closes === null) return null;
  const time = format.time(closes);
  return (
    <p className="day-times-alert drive-stop__late" data-testid="running-late">
      <WarningIcon />{' '}
      {now - closes >= LATE_AFTER_MS
        ? t('dayPlan.windowClosed', { time })
        : t('dayPlan.runningLate', { time })}
    </p>
  );
}
