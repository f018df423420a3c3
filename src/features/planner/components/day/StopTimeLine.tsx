import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { StopDayFields, StopLock } from '@domain/day-plan/day-plan.ts';
import type { StopTime } from '@domain/day-plan/schedule.ts';
import { formatClockText, stopTimeMinutes, type TimeFormat } from '@/lib/day-plan';
import { PinIcon, WarningIcon } from '@/components/day-plan/DayIcons';
import './DayPlan.css';

export interface StopTimeView {
  time: StopTime;
  /** The stop's window as moments, when it has one. */
  window: readonly [number, number] | null;
  /** The first stop, where the day starts. */
  isStart: boolean;
  /**
   * At the start: when the driver could leave (the departure set), when the day leaves later
   * not to wait at its first window.
   */
  ready?: number;
}

/**
 * One stop's times in the list: "Arrive 08:20 · wait 10 min · leave 08:35", and for a stop
 * reached after its window closed a warning in colour, words and an icon, so colour is never
 * the only sign.
 */
export const StopTimeLine = memo(function StopTimeLine({
  view,
  format,
  id,
}: {
  view: StopTimeView;
  format: TimeFormat;
  id?: string;
}) {
  const { t } = useTranslation();
  const { time, window, isStart } = view;
  const late = time.late > 0;
  if (isStart || time.arrival === null) {
    const later = view.ready !== undefined && view.ready < time.departure;
    return (
      <p className="stop-times" id={id} data-testid="stop-times">
        {t('dayPlan.leaveAt', { time: format.time(time.departure) })}
        {later ? (
          <span className="stop-times__window">
            {' · '}
            {t('dayPlan.leaveLater', { time: format.time(view.ready!) })}
          </span>
        ) : null}
      </p>
    );
  }
  const minutes = stopTimeMinutes(time);
  // Parts joined by a middle dot, so the line reads (and is read aloud) as separate phrases.
  const parts = [
    t('dayPlan.arriveAt', { time: format.time(time.arrival) }),
    ...(time.wait > 0 ? [t('dayPlan.waitFor', { span: format.minutes(minutes.wait) })] : []),
    t('dayPlan.leaveAt', { time: format.time(time.departure) }),
  ];
  return (
    <p
      className={late ? 'stop-times stop-times--late' : 'stop-times'}
      id={id}
      data-testid="stop-times"
    >
      {late ? (
        <strong className="stop-times__late">
          <WarningIcon /> {t('dayPlan.late', { span: format.minutes(minutes.late) })}
          {'. '}
        </strong>
      ) : null}
      <span>{parts.join(' · ')}</span>
      {window ? (
        <span className="stop-times__window">
          {' · '}
          {t('dayPlan.windowShown', {
            start: format.time(window[0]),
            end: format.time(window[1]),
          })}
        </span>
      ) : null}
    </p>
  );
});

/**
 * A stop's own window and time at the stop, while the route has no times of the day to show (no
 * departure, or not calculated yet): "Window 9:00 AM–12:00 PM · 10m at the stop". Nothing for a
 * stop without either. `t` is the list's (see StopRow).
 */
export function StopDayFieldsLine({
  stop,
  format,
  t,
}: {
  stop: StopDayFields;
  format: TimeFormat;
  t: TFunction;
}) {
  const parts = [
    ...(stop.window
      ? [
          t('dayPlan.windowShown', {
            start: formatClockText(stop.window.start, format.locale),
            end: formatClockText(stop.window.end, format.locale),
          }),
        ]
      : []),
    ...(stop.serviceMinutes !== undefined
      ? [t('dayPlan.atStopFor', { span: format.minutes(stop.serviceMinutes) })]
      : []),
  ];
  if (parts.length === 0) return null;
  return (
    <p className="stop-times" data-testid="stop-day-fields">
      {parts.join(' · ')}
    </p>
  );
}

/** "Kept first" / "Kept last": the stop's lock, in words (the optimiser keeps it there). */
export function StopLockBadge({ lock }: { lock: StopLock }) {
  const { t } = useTranslation();
  return (
    <p className="stop-lock" data-testid="stop-lock">
      <PinIcon /> {lock === 'first' ? t('dayPlan.lockedFirst') : t('dayPlan.lockedLast')}
    </p>
  );
}
