import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ConfirmDialog';

/**
 * A route's "Revoke tracking links", confirmed first: every customer's link of the route stops
 * working at once (their page says the link no longer works).
 */
export function RevokeTrackingButton({ title, onRevoke }: { title: string; onRevoke: () => void }) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  return (
    <>
      <button
        type="button"
        className="button button--small button--danger"
        aria-label={t('board.tracking.revokeLabel', { title })}
        onClick={() => setAsking(true)}
      >
        {t('board.tracking.revoke')}
      </button>
      {asking ? (
        <ConfirmDialog
          title={t('board.tracking.revokeTitle')}
          message={t('board.tracking.revokeConfirm', { title })}
          confirmLabel={t('board.tracking.revokeButton')}
          onCancel={() => setAsking(false)}
          onConfirm={() => {
            setAsking(false);
            onRevoke();
          }}
        />
      ) : null}
    </>
  );
}
