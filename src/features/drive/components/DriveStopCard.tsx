import { useTranslation } from 'react-i18next';
import type { TimeFormat } from '@/lib/day-plan';
import type { DriveStop } from '../api/drive-route';
import type { ShownReport } from '../model/report-outbox';
import { NavigateButton } from './NavigateButton';

export interface DriveStopCardProps {
  stop: DriveStop;
  number: number;
  shown: ShownReport | undefined;
  format: TimeFormat;
  /** The next stop: drawn large, at the top. */
  next?: boolean;
  /** Where the route starts (stop 1): shown as such, with no report to make. */
  start?: boolean;
  onReport: () => void;
}

/** A stop on the driver's page: its plan, the owner's note, its report, Navigate and Report. */
export function DriveStopCard({
  stop,
  number,
  shown,
  format,
  next = false,
  start = false,
  onReport,
}: DriveStopCardProps) {
  const { t } = useTranslation();
  const eta = stop.eta ? Date.parse(stop.eta) : Number.NaN;
  const Heading = next ? 'h2' : 'h3';
  const report = shown?.report;
  return (
    <article
      className={`driver-stop${next ? ' driver-stop--next' : ''}`}
      aria-label={t('drive.stopLabel', { number, name: stop.name })}
    >
      {next || start ? (
        <p className="driver-stop__kicker">{t(next ? 'drive.nextStop' : 'drive.start')}</p>
      ) : null}
      <Heading className="driver-stop__name">
        <span className="driver-stop__number" aria-hidden="true">
          {number}
        </span>{' '}
        {stop.name}
      </Heading>
      <p className="driver-stop__plan">
        {Number.isNaN(eta) ? null : <span>{t('drive.planned', { time: format.time(eta) })}</span>}
        {stop.window ? (
          <span>{t('drive.window', { start: stop.window.start, end: stop.window.end })}</span>
        ) : null}
        {stop.serviceMinutes ? (
          <span>{t('drive.atStop', { minutes: stop.serviceMinutes })}</span>
        ) : null}
      </p>
      {stop.note ? <p className="driver-stop__note">{stop.note}</p> : null}
      {report ? (
        <p
          className={`driver-stop__report driver-stop__report--${report.status}`}
          data-testid="stop-report"
        >
          {t(`drive.status.${report.status}`)}
          {report.reason
            ? ` · ${t(`drive.reason.${report.reason}`, { defaultValue: report.reason })}`
            : ''}
          {' · '}
          {format.time(Date.parse(report.at))}
          {shown.refused
            ? ` · ${t('drive.refused', { reason: t(`drive.refusal.${shown.refused}`) })}`
            : shown.waiting
              ? ` · ${t('drive.waiting')}`
              : ''}
        </p>
      ) : null}
      <div className="driver-stop__actions">
        <NavigateButton point={stop} name={stop.name} large={next} />
        {start ? null : (
          <button
            type="button"
            className={`button${next ? '' : ' button--small'}`}
            onClick={onReport}
            aria-label={t('drive.actionOn', {
              action: report ? t('drive.correct') : t('drive.report'),
              name: stop.name,
            })}
          >
            {report ? t('drive.correct') : t('drive.report')}
          </button>
        )}
      </div>
    </article>
  );
}
