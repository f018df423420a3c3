import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { Stop } from '@domain/stops.ts';
import type { TimeFormat } from '@/lib/day-plan';
import type { DriveDay } from '../hooks/use-drive-day';
import { StopNote } from './StopNote';
import { PlannedLine, RunningLate } from './StopTimes';

export interface CurrentStopProps {
  stop: Stop;
  /** 0-based place of the stop in the route. */
  index: number;
  total: number;
  /** No stop is done or skipped yet: the hand-off reads "Start Route in Waze". */
  first: boolean;
  /** Expected arrival (epoch ms); null for the start, or while the legs are not known. */
  arrival: number | null;
  day: DriveDay;
  now: number;
  format: TimeFormat;
  onHandOff: () => void;
  onDone: () => void;
  onSkip: () => void;
  /** The hand-off button, for the focus after Start over. */
  handOffRef?: Ref<HTMLButtonElement>;
}

/** The stop the driver is on their way to, with its note first and the three actions. */
export function CurrentStop({
  stop,
  index,
  total,
  first,
  arrival,
  day,
  now,
  format,
  onHandOff,
  onDone,
  onSkip,
  handOffRef,
}: CurrentStopProps) {
  const { t } = useTranslation();
  return (
    <div className="drive-current" aria-label={t('navigation.stateCurrent')} role="group">
      <p className="drive-current__name">{stop.name}</p>
      {arrival !== null ? (
        <p className="drive-current__eta">{t('navigation.eta', { time: format.time(arrival) })}</p>
      ) : null}
      <PlannedLine index={index} day={day} format={format} className="drive-current__planned" />
      <RunningLate index={index} day={day} now={now} format={format} />
      <StopNote note={stop.note} className="stop-note--prominent" />
      <div className="drive__actions">
        <button
          ref={handOffRef}
          type="button"
          className="button button--primary button--large"
          onClick={onHandOff}
        >
          {first ? t('waze.start') : t('waze.next', { next: index + 1, total })}
        </button>
        <button type="button" className="button drive__done" onClick={onDone}>
          {t('navigation.markDone')}
        </button>
        <button type="button" className="button" onClick={onSkip}>
          {t('navigation.skip')}
        </button>
      </div>
    </div>
  );
}
