import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { AuthFailure, useIdentity } from '@/lib/auth';
import { FormMessage, SubmitButton, TextField, type Message } from '@/components/form';

/**
 * Change email address: the current password asked again, then Auth sends a confirmation link
 * to the new address; the address changes when it is opened (and the link comes back here).
 */
export function EmailSection({ email }: { email: string }) {
  const { t } = useTranslation();
  const headingId = useId();
  const { checkPassword, changeEmail } = useIdentity();
  const [newEmail, setNewEmail] = useState('');
  const [current, setCurrent] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Message | null>(null);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const address = newEmail.trim();
    if (address.toLowerCase() === email.toLowerCase()) {
      setMessage({ tone: 'error', text: t('account.email.same') });
      return;
    }
    setBusy(true);
    setMessage(null);
    try {
      if (!(await checkPassword(current))) {
        setMessage({ tone: 'error', text: t('account.password.wrongCurrent') });
        return;
      }
      await changeEmail(address, `${window.location.origin}${paths.account()}`);
      setNewEmail('');
      setCurrent('');
      setMessage({ tone: 'success', text: t('account.email.sent', { email: address }) });
    } catch (failure) {
      setMessage({
        tone: 'error',
        text:
          failure instanceof AuthFailure && failure.serverMessage
            ? failure.serverMessage
            : t('account.email.failed'),
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="account__section" aria-labelledby={headingId}>
      <h2 id={headingId} className="account__heading">
        {t('account.email.title')}
      </h2>
      <form className="account__form" onSubmit={(event) => void handleSubmit(event)}>
        <FormMessage message={message} />
        <TextField
          label={t('account.email.new')}
          type="email"
          name="new-email"
          autoComplete="email"
          value={newEmail}
          onValueChange={setNewEmail}
        />
        <TextField
          label={t('account.email.current')}
          type="password"
          name="email-current-password"
          autoComplete="current-password"
          value={current}
          onValueChange={setCurrent}
        />
        <SubmitButton
          busy={busy}
          label={t('account.email.submit')}
          busyLabel={t('account.email.submitting')}
        />
      </form>
    </section>
  );
}
