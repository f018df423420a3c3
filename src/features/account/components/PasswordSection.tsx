import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthFailure, useIdentity, validateNewPassword } from '@/lib/auth';
import { FormMessage, SubmitButton, TextField, type Message } from '@/components/form';

/** Change password: the current one asked again, the new one with registration's rules. */
export function PasswordSection() {
  const { t } = useTranslation();
  const headingId = useId();
  const { checkPassword, changePassword } = useIdentity();
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Message | null>(null);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const invalid = validateNewPassword({ password, confirmPassword });
    if (invalid) {
      setMessage({ tone: 'error', text: t(invalid) });
      return;
    }
    setBusy(true);
    setMessage(null);
    try {
      if (!(await checkPassword(current))) {
        setMessage({ tone: 'error', text: t('account.password.wrongCurrent') });
        return;
      }
      await changePassword(password);
      setCurrent('');
      setPassword('');
      setConfirmPassword('');
      setMessage({ tone: 'success', text: t('account.password.changed') });
    } catch (failure) {
      setMessage({
        tone: 'error',
        text:
          failure instanceof AuthFailure && failure.serverMessage
            ? failure.serverMessage
            : t('account.password.failed'),
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="account__section" aria-labelledby={headingId}>
      <h2 id={headingId} className="account__heading">
        {t('account.password.title')}
      </h2>
      <form className="account__form" onSubmit={(event) => void handleSubmit(event)}>
        <FormMessage message={message} />
        <TextField
          label={t('account.password.current')}
          type="password"
          name="current-password"
          autoComplete="current-password"
          value={current}
          onValueChange={setCurrent}
        />
        <TextField
          label={t('account.password.new')}
          type="password"
          name="new-password"
          autoComplete="new-password"
          value={password}
          onValueChange={setPassword}
        />
        <TextField
          label={t('account.password.confirm')}
          type="password"
          name="confirm-new-password"
          autoComplete="new-password"
          value={confirmPassword}
          onValueChange={setConfirmPassword}
        />
        <SubmitButton
          busy={busy}
          label={t('account.password.submit')}
          busyLabel={t('account.password.submitting')}
        />
      </form>
    </section>
  );
}
