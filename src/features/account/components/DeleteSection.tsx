import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Dialog } from '@/components/Dialog';
import { paths } from '@/config/paths';
import { offlineStore } from '@/lib/offline';
import { deleteAccount } from '../api/delete-account';
import { clearDeviceAfterDeletion, confirmationMatches } from '../model/clear-device';
import { FormMessage, type Message } from '@/components/form';

export interface AccountDeletedState {
  /** Set by the deletion: the page then ends the dead session on this device. */
  deleted: true;
  /** False when this device could not clear its offline copies of the account's routes. */
  deviceCleared: boolean;
}

/**
 * "Delete my account": asks first (the account's address typed again), then the server deletes
 * the account, every route and every share link at once; this device forgets them too.
 */
export function DeleteSection({ userId, email }: { userId: string; email: string }) {
  const { t } = useTranslation();
  const headingId = useId();
  const confirmId = useId();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Message | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const matches = confirmationMatches(typed, email);

  const close = () => {
    if (busy) return;
    setOpen(false);
    setTyped('');
  };

  async function confirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!matches || busy) return;
    setBusy(true);
    setMessage(null);
    try {
      await deleteAccount(typed.trim());
    } catch (error) {
      console.error('Deleting the account failed', error);
      setBusy(false);
      setOpen(false);
      setMessage({ tone: 'error', text: t('account.delete.failed') });
      return;
    }
    const deviceCleared = await clearDeviceAfterDeletion(offlineStore(), userId);
    const state: AccountDeletedState = { deleted: true, deviceCleared };
    // The next page signs out once it shows: signed out here, this page's guard would send the
    // user to Sign In while the next page loads.
    await navigate(paths.accountDeleted(), { replace: true, state });
  }

  return (
    <section className="account__section account__section--danger" aria-labelledby={headingId}>
      <h2 id={headingId} className="account__heading">
        {t('account.delete.title')}
      </h2>
      <p className="account__text">{t('account.delete.text')}</p>
      <FormMessage message={message} />
      <button type="button" className="button button--danger" onClick={() => setOpen(true)}>
        {t('account.delete.open')}
      </button>

      {open ? (
        <Dialog
          role="alertdialog"
          tone="danger"
          title={t('account.delete.dialogTitle')}
          description={<p>{t('account.delete.dialogText')}</p>}
          onCancel={close}
          initialFocus={input}
        >
          <form onSubmit={(event) => void confirm(event)}>
            <label className="dialog__field" htmlFor={confirmId}>
              {t('account.delete.typeEmail')}
            </label>
            <input
              id={confirmId}
              ref={input}
              className="dialog__input"
              type="email"
              autoComplete="off"
              spellCheck={false}
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
            />
            <div className="dialog__actions">
              <button type="button" className="button" onClick={close} disabled={busy}>
                {t('common.cancel')}
              </button>
              <button
                type="submit"
                className="button button--danger"
                disabled={!matches || busy}
                aria-busy={busy}
              >
                {busy ? t('account.delete.deleting') : t('account.delete.confirm')}
              </button>
            </div>
          </form>
        </Dialog>
      ) : null}
    </section>
  );
}
