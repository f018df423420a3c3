import { useTranslation } from 'react-i18next';
import type { SendState } from '../hooks/use-report-outbox';
import { shownRefusal, type QueuedReport } from '../model/report-outbox';

export interface OutboxStatusProps {
  online: boolean;
  /** Reports on the phone that the server does not have yet. */
  waiting: number;
  state: SendState;
  refused: readonly QueuedReport[];
  onDismiss: (id: string) => void;
}

/** What is waiting to send, why, and any report the server refused. */
export function OutboxStatus({ online, waiting, state, refused, onDismiss }: OutboxStatusProps) {
  const { t } = useTranslation();
  let text = '';
  if (state === 'revoked') text = t('drive.revokedWhileSending', { count: waiting });
  else if (waiting > 0)
    text = online
      ? t('drive.waitingToSend', { count: waiting })
      : t('drive.waitingOffline', { count: waiting });
  else if (!online) text = t('drive.offline');
  return (
    <div className="driver__outbox">
      <p
        className={`driver__outbox-status${waiting > 0 || !online ? ' driver__outbox-status--waiting' : ''}`}
        role="status"
        data-testid="outbox-status"
      >
        {text}
      </p>
      {refused.map((entry) => (
        <p key={entry.report.id} className="driver__error" role="alert">
          {t('drive.refusedReport', {
            reason: t(`drive.refusal.${shownRefusal(entry.refused ?? '')}`),
          })}{' '}
          <button
            type="button"
            className="button button--small"
            onClick={() => onDismiss(entry.report.id)}
          >
            {t('common.dismiss')}
          </button>
        </p>
      ))}
    </div>
  );
}
