import { useTranslation } from 'react-i18next';
import type { SyncNotice } from '../hooks/use-stop-changes';

/** What became of the changes made on the road: changed elsewhere, deleted, or not saved yet. */
export function SyncMessage({
  notice,
  onDismiss,
  onRetry,
}: {
  notice: SyncNotice;
  onDismiss: () => void;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  if (!notice) return null;
  const text = {
    conflict: t('navigation.syncConflict'),
    gone: t('navigation.syncGone'),
    saveFailed: t('navigation.syncFailed'),
  }[notice];
  return (
    <div className="drive__message drive__message--warning" role="alert">
      <p>{text}</p>
      {notice === 'saveFailed' ? (
        <button type="button" className="button button--small" onClick={onRetry}>
          {t('common.retry')}
        </button>
      ) : null}
      <button type="button" className="button button--small button--ghost" onClick={onDismiss}>
        {t('common.dismiss')}
      </button>
    </div>
  );
}
