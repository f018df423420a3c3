import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { FormMessage } from '@/components/form';
import { paths } from '@/config/paths';
import { useIdentity } from '@/lib/auth';
import type { AccountDeletedState } from './DeleteSection';
import './account.css';

const deletionState = (state: unknown): AccountDeletedState | null =>
  state && typeof state === 'object' && (state as AccountDeletedState).deleted === true
    ? (state as AccountDeletedState)
    : null;

/** /account/deleted: where "Delete my account" ends. */
export function AccountDeletedPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const { identity, signOut } = useIdentity();
  const deletion = deletionState(location.state);
  const cleared = deletion?.deviceCleared !== false;
  const signedIn = identity.status === 'signed-in';

  // The session died with the account: forget it on this device too, now that this page shows.
  useEffect(() => {
    if (deletion && signedIn) void signOut();
  }, [deletion, signedIn, signOut]);
  return (
    <section className="page account" aria-labelledby="account-deleted-title">
      <h1 id="account-deleted-title" className="page__title">
        {t('account.deleted.title')}
      </h1>
      <FormMessage
        message={{
          tone: 'success',
          text: cleared ? t('account.deleted.text') : t('account.deleted.deviceNotCleared'),
        }}
      />
      <Link className="button button--primary" to={paths.landing()}>
        {t('account.deleted.home')}
      </Link>
    </section>
  );
}

export default AccountDeletedPage;
