import { useTranslation } from 'react-i18next';
import type { DayPlan } from '@domain/day-plan/day-plan.ts';
import type { Stop } from '@domain/stops.ts';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { ExportMenu } from '@/components/export-menu/ExportMenu';
import { ProgressBar } from '@/components/ProgressBar';
import { useTimeFormat } from '@/lib/day-plan';
import { useFormatDistance } from '@/lib/units';
import { useDrive } from '../hooks/use-drive';
import { useDriveLog } from '../hooks/use-drive-log';
import { useRoadActions } from '../hooks/use-road-actions';
import { useStartOver } from '../hooks/use-start-over';
import { daySummary } from '../model/day-summary';
import { CurrentStop } from './CurrentStop';
import { DriveDaySummary } from './DriveDaySummary';
import { DriveStopItem } from './DriveStopItem';

export interface DriveRouteProps {
  ownerId: string;
  itineraryId: string;
  title: string;
  stops: readonly Stop[];
  /** The route's working day, when it has one: planned arrivals and the running-late flag. */
  dayPlan: DayPlan | null;
  onChange: (stops: Stop[]) => void;
}

/**
 * A route being driven: the progress with the current stop (or, after the last one, the day's
 * summary), every stop to hand to Waze, mark done or skipped and write a note on, the export.
 */
export function DriveRoute({
  ownerId,
  itineraryId,
  title,
  stops,
  dayPlan,
  onChange,
}: DriveRouteProps) {
  const { t } = useTranslation();
  const format = useTimeFormat();
  const formatDistance = useFormatDistance();
  const drive = useDrive(ownerId, itineraryId, stops, dayPlan);
  const driveLog = useDriveLog(ownerId, itineraryId);
  const actions = useRoadActions(stops, onChange, driveLog.record);
  const startOver = useStartOver(actions.startOver);
  const { view, day, arrivals, now } = drive;
  const current = view.currentIndex;

  return (
    <>
      <div className="drive__progress">
        <p className="drive__progress-text" aria-live="polite">
          {current === null
            ? t('navigation.allSettled')
            : t('navigation.currentStop', { current: current + 1, total: view.total })}
        </p>
        <ProgressBar
          label={t('navigation.progressLabel')}
          value={view.settled}
          max={view.total}
          valueText={t('navigation.settledCount', { settled: view.settled, total: view.total })}
        />
        {current !== null && drive.remaining.lastArrival !== null ? (
          <p className="drive__remaining" data-testid="drive-remaining">
            {t('navigation.remaining', {
              distance: formatDistance(drive.remaining.distance),
              time: format.time(drive.remaining.lastArrival),
            })}
          </p>
        ) : null}
        {current !== null ? (
          <CurrentStop
            stop={stops[current]}
            index={current}
            total={view.total}
            first={view.settled === 0 && current === 0}
            arrival={arrivals[current]}
            day={day}
            now={now}
            format={format}
            onHandOff={() => actions.handOff(stops[current])}
            onDone={() => actions.setStatus(current, 'done')}
            onSkip={() => actions.setStatus(current, 'skipped')}
            handOffRef={startOver.handOffRef}
          />
        ) : (
          <DriveDaySummary
            summary={daySummary(stops, driveLog.log, day.planned, drive.legTimes)}
            format={format}
          />
        )}
        {view.settled > 0 ? (
          <div className="drive__actions">
            <button
              type="button"
              className="button button--small button--ghost"
              onClick={startOver.ask}
            >
              {t('navigation.startOver')}
            </button>
          </div>
        ) : null}
        {startOver.confirming ? (
          <ConfirmDialog
            title={t('navigation.startOverTitle')}
            message={t('navigation.startOverBody')}
            confirmLabel={t('navigation.startOver')}
            onConfirm={startOver.confirm}
            onCancel={startOver.cancel}
          />
        ) : null}
      </div>

      <h2 className="drive__heading">{t('navigation.stopsHeading', { count: stops.length })}</h2>
      <p className="drive__instructions">{t('navigation.instructionsDriving')}</p>
      <ol className="drive-points">
        {stops.map((stop, index) => (
          <DriveStopItem
            key={index}
            stop={stop}
            index={index}
            isCurrent={index === current}
            arrival={arrivals[index]}
            day={day}
            now={now}
            format={format}
            editingNote={actions.noteIndex === index}
            onHandOff={() => actions.handOff(stop)}
            onStatus={(status) => actions.setStatus(index, status)}
            onEditNote={() => actions.setNoteIndex(index)}
            onSaveNote={(note) => actions.saveNote(index, note)}
            onCancelNote={() => actions.setNoteIndex(null)}
          />
        ))}
      </ol>
      <p className="drive__note">{t('waze.handOffNote')}</p>
      <div className="drive__export">
        <ExportMenu
          title={title}
          stops={stops}
          legs={drive.exportLegs}
          times={day.planned?.stops}
          totals={drive.totals}
        />
      </div>
    </>
  );
}
