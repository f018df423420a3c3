import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { LoadingState } from '@/components/LoadingState';
import { paths } from '@/config/paths';
import {
  endRecovery,
  initialAuthRedirect,
  recoveryInProgress,
  useIdentity,
  validateNewPassword,
} from '@/lib/auth';
import { authErrorMessage } from './auth-error';
import { AuthCard } from './AuthCard';
import { FormMessage, SubmitButton, TextField } from '@/components/form';
import { ResetRequestForm } from './ResetRequestForm';

/**
 * /reset-password, where the emailed link leads: "Choose a new password", with the rules and
 * messages of registration. The link's session signs the user in; setting the password keeps
 * them signed in. A link that expired or was used already says so and offers a new one.
 */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const { identity, changePassword } = useIdentity();
  // Read at the first render: supabase-js takes the session out of the address soon after.
  const [link] = useState(initialAuthRedirect);
  const [recovering] = useState(
    () => link.kind === 'recovery' || (link.kind === 'none' && recoveryInProgress()),
  );
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [changed, setChanged] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const invalid = validateNewPassword({ password, confirmPassword });
    if (invalid) {
      setError(t(invalid));
      return;
    }
    setError(null);
    setSaving(true);
    try {
      await changePassword(password);
      endRecovery();
      setChanged(true);
    } catch (failure) {
      setError(authErrorMessage(failure, t('account.reset.failed')));
    } finally {
      setSaving(false);
    }
  }

  if (changed) {
    return (
      <AuthCard titleId="reset-title" title={t('account.reset.title')}>
        <FormMessage message={{ tone: 'success', text: t('account.reset.changed') }} />
        <Link className="button button--primary button--block" to={paths.dashboard()}>
          {t('account.reset.toRoutes')}
        </Link>
      </AuthCard>
    );
  }

  if (recovering && identity.status === 'loading')
    return <LoadingState label={t('account.reset.title')} />;

  if (!recovering || identity.status !== 'signed-in') {
    return (
      <AuthCard titleId="reset-title" title={t('account.reset.title')}>
        <FormMessage message={{ tone: 'error', text: t('account.reset.expired') }} />
        <ResetRequestForm submitLabel={t('account.reset.sendNew')} />
        <p className="auth-card__switch">{t('account.reset.emailChangeHint')}</p>
        <p className="auth-card__switch">
          <Link to={paths.login()}>{t('account.forgot.backToLogin')}</Link>
        </p>
      </AuthCard>
    );
  }

  return (
    <AuthCard titleId="reset-title" title={t('account.reset.title')} error={error}>
      <form className="auth-form" onSubmit={(event) => void handleSubmit(event)}>
        <TextField
          label={t('auth.password')}
          type="password"
          name="password"
          autoComplete="new-password"
          value={password}
          onValueChange={setPassword}
        />
        <TextField
          label={t('auth.confirmPassword')}
          type="password"
          name="confirmPassword"
          autoComplete="new-password"
          value={confirmPassword}
          onValueChange={setConfirmPassword}
        />
        <SubmitButton
          block
          busy={saving}
          label={t('account.reset.submit')}
          busyLabel={t('account.reset.submitting')}
        />
      </form>
    </AuthCard>
  );
}

export default ResetPasswordPage;
