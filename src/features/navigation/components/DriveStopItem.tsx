import { useTranslation } from 'react-i18next';
import type { Stop, StopStatus } from '@domain/stops.ts';
import type { TimeFormat } from '@/lib/day-plan';
import { formatLatLng } from '@/lib/format';
import type { DriveDay } from '../hooks/use-drive-day';
import { StopNote } from './StopNote';
import { StopNoteForm } from './StopNoteForm';
import { PlannedLine, RunningLate } from './StopTimes';

/** Coordinates on the navigation page have 6 decimals. */
const COORDINATE_DECIMALS = 6;

export interface DriveStopItemProps {
  stop: Stop;
  /** 0-based place of the stop in the route. */
  index: number;
  isCurrent: boolean;
  /** Expected arrival (epoch ms); null for the start, a stop settled, or unknown legs. */
  arrival: number | null;
  day: DriveDay;
  now: number;
  format: TimeFormat;
  /** The note's form is open on this stop. */
  editingNote: boolean;
  onHandOff: () => void;
  /** Done, skipped, or back to do (null). */
  onStatus: (status: StopStatus | null) => void;
  onEditNote: () => void;
  onSaveNote: (note: string) => void;
  onCancelNote: () => void;
}

const classes = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ');

/** One stop of the route being driven: tapped, it goes to Waze; its status and note beneath. */
export function DriveStopItem({
  stop,
  index,
  isCurrent,
  arrival,
  day,
  now,
  format,
  editingNote,
  onHandOff,
  onStatus,
  onEditNote,
  onSaveNote,
  onCancelNote,
}: DriveStopItemProps) {
  const { t } = useTranslation();
  const number = index + 1;
  const labels = { number, name: stop.name };
  const state =
    stop.status === 'done'
      ? t('navigation.stateDone')
      : stop.status === 'skipped'
        ? t('navigation.stateSkipped')
        : isCurrent
          ? t('navigation.stateCurrent')
          : null;
  return (
    <li className={classes('drive-stop', stop.status && `drive-stop--${stop.status}`)}>
      <button
        type="button"
        className={classes(
          'drive-point',
          isCurrent && 'drive-point--current',
          stop.status && `drive-point--${stop.status}`,
        )}
        aria-current={isCurrent ? 'step' : undefined}
        onClick={onHandOff}
      >
        <span className="drive-point__number" aria-hidden="true">
          {stop.status === 'done' ? '✓' : stop.status === 'skipped' ? '↷' : number}
        </span>
        <span className="drive-point__body">
          <span className="visually-hidden">{t('navigation.stopNumber', { number })} </span>
          <span className="drive-point__name">{stop.name}</span>
          <span className="drive-point__coords">{formatLatLng(stop, COORDINATE_DECIMALS)}</span>
          {arrival !== null ? (
            <span className="drive-point__eta">
              {t('navigation.eta', { time: format.time(arrival) })}
            </span>
          ) : null}
          <PlannedLine index={index} day={day} format={format} className="drive-point__planned" />
        </span>
        {state ? <span className="drive-point__state">{state}</span> : null}
      </button>
      {isCurrent ? null : <RunningLate index={index} day={day} now={now} format={format} />}
      {editingNote ? (
        <StopNoteForm
          number={number}
          note={stop.note}
          onSave={onSaveNote}
          onCancel={onCancelNote}
        />
      ) : (
        <StopNote note={stop.note} className="drive-stop__note" />
      )}
      <div className="drive-stop__actions">
        {editingNote ? null : (
          <button
            type="button"
            className="button button--small button--ghost"
            aria-label={t(
              stop.note ? 'navigation.editNoteLabel' : 'navigation.addNoteLabel',
              labels,
            )}
            onClick={onEditNote}
          >
            {stop.note ? t('navigation.editNote') : t('navigation.addNote')}
          </button>
        )}
        {stop.status ? (
          <button
            type="button"
            className="button button--small"
            aria-label={t('navigation.undoLabel', labels)}
            onClick={() => onStatus(null)}
          >
            {t('navigation.undo')}
          </button>
        ) : (
          <>
            <button
              type="button"
              className="button button--small"
              aria-label={t('navigation.markDoneLabel', labels)}
              onClick={() => onStatus('done')}
            >
              {t('navigation.markDone')}
            </button>
            <button
              type="button"
              className="button button--small button--ghost"
              aria-label={t('navigation.skipLabel', labels)}
              onClick={() => onStatus('skipped')}
            >
              {t('navigation.skip')}
            </button>
          </>
        )}
      </div>
    </li>
  );
}
