import { useTranslation } from 'react-i18next';
import type { TimeFormat } from '@/lib/day-plan';
import type { Tracking } from '../api/tracking';

const instant = (iso: string | undefined) => (iso ? Date.parse(iso) : Number.NaN);

/**
 * The stop's state in a sentence: planned, on the way, delivered (with the delivery's photo when
 * the owner shows it) or not delivered.
 */
export function TrackingState({ tracking, format }: { tracking: Tracking; format: TimeFormat }) {
  const { t } = useTranslation();
  const from = instant(tracking.from);
  const to = instant(tracking.to);
  const window = Number.isNaN(from) || Number.isNaN(to) ? null : { from, to };
  const times = window ? { from: format.time(window.from), to: format.time(window.to) } : null;
  let text: string;
  switch (tracking.state) {
    case 'planned':
      text = window
        ? t('track.state.planned', {
            date: new Intl.DateTimeFormat(format.locale, {
              dateStyle: 'full',
              timeZone: format.timeZone,
            }).format(window.from),
            ...times,
          })
        : t('track.state.plannedNoTime');
      break;
    case 'on-the-way':
      text = times
        ? t('track.state.onTheWay', { count: tracking.stopsBefore ?? 0, ...times })
        : t('track.state.onTheWayNoTime', { count: tracking.stopsBefore ?? 0 });
      break;
    case 'delivered':
      text = t('track.state.delivered', { time: format.dayAndTime(instant(tracking.at)) });
      break;
    case 'failed':
      text = t('track.state.failed', {
        reason: t(`drive.reason.${tracking.reason ?? 'other'}`),
      });
      break;
  }
  return (
    <div className={`track__state track__state--${tracking.state}`} data-testid="track-state">
      <p>{text}</p>
      {tracking.state === 'failed' && tracking.contact ? (
        <p className="track__contact">{t('track.state.contact', { contact: tracking.contact })}</p>
      ) : null}
      {tracking.state === 'delivered' && tracking.photoUrl ? (
        <img
          className="track__photo"
          src={tracking.photoUrl}
          alt={t('track.photo')}
          data-testid="track-photo"
        />
      ) : null}
    </div>
  );
}
