import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { paths } from '@/config/paths';
import type { AccountDeletedState } from './DeleteSection';
import './account.css';

const deviceCleared = (state: unknown) =>
  !(state && typeof state === 'object' && (state as AccountDeletedState).deviceCleared === false);

/** /account/deleted: where "Delete my account" ends. */
export function AccountDeletedPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const cleared = deviceCleared(location.state);
  return (
    <section className="page account" aria-labelledby="account-deleted-title">
      <h1 id="account-deleted-title" className="page__title">
        {t('account.deleted.title')}
      </h1>
      <p className="account__message account__message--success" role="status">
        {cleared ? t('account.deleted.text') : t('account.deleted.deviceNotCleared')}
      </p>
      <Link className="button button--primary" to={paths.landing()}>
        {t('account.deleted.home')}
      </Link>
    </section>
  );
}

export default AccountDeletedPage;
