import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormMessage } from '@/components/form';
import { LoadingState } from '@/components/LoadingState';
import { consumeAuthRedirect, initialAuthRedirect, useIdentity } from '@/lib/auth';
import { DeleteSection } from './DeleteSection';
import { EmailSection } from './EmailSection';
import { ExportSection } from './ExportSection';
import { PasswordSection } from './PasswordSection';
import './account.css';

/**
 * /account, from the signed-in user's email in the header (or the phone's bottom navigation):
 * password, email address, "Download my data" and "Delete my account".
 */
export function AccountPage() {
  const { t } = useTranslation();
  const { identity } = useIdentity();
  // A confirmed email change comes back here with the new address's session.
  const [emailChanged] = useState(() => initialAuthRedirect().kind === 'email-change');
  useEffect(() => {
    if (emailChanged) consumeAuthRedirect();
  }, [emailChanged]);

  if (identity.status !== 'signed-in') return <LoadingState label={t('account.title')} />;
  const { user } = identity;

  return (
    <section className="page account" aria-labelledby="account-title">
      <h1 id="account-title" className="page__title">
        {t('account.title')}
      </h1>
      <p className="account__who">{t('account.signedInAs', { email: user.email })}</p>
      {emailChanged ? (
        <FormMessage
          message={{ tone: 'success', text: t('account.emailChanged', { email: user.email }) }}
        />
      ) : null}
      <div className="account__sections">
        <PasswordSection />
        <EmailSection email={user.email} />
        <ExportSection />
        <DeleteSection userId={user.id} email={user.email} />
      </div>
    </section>
  );
}

export default AccountPage;
