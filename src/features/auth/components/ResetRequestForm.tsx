import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { requestPasswordReset } from '../api/request-password-reset';
import { resetRequestOutcome, type ResetRequestOutcome } from '../model/reset-request';
import { FormMessage, SubmitButton, TextField } from '@/components/form';

const MESSAGES = {
  sent: 'account.forgot.sent',
  tooMany: 'account.forgot.tooMany',
  invalid: 'account.forgot.invalid',
  failed: 'account.forgot.failed',
} as const;

/**
 * Asks for a link to choose a new password. Whatever the address, a request the server took
 * gets the same answer: the page never tells whether an account exists.
 */
export function ResetRequestForm({ submitLabel }: { submitLabel?: string }) {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<ResetRequestOutcome | null>(null);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSending(true);
    setOutcome(null);
    let error: unknown = null;
    try {
      await requestPasswordReset(email.trim());
    } catch (failure) {
      error = failure;
    }
    setOutcome(resetRequestOutcome(error));
    setSending(false);
  }

  return (
    <form className="auth-form" onSubmit={(event) => void handleSubmit(event)}>
      <FormMessage
        message={
          outcome
            ? { tone: outcome === 'sent' ? 'success' : 'error', text: t(MESSAGES[outcome]) }
            : null
        }
      />
      <TextField
        label={t('auth.email')}
        type="email"
        name="email"
        autoComplete="email"
        value={email}
        onValueChange={setEmail}
      />
      <SubmitButton
        block
        busy={sending}
        label={submitLabel ?? t('account.forgot.submit')}
        busyLabel={t('account.forgot.submitting')}
      />
    </form>
  );
}
