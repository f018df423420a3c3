import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { LoadingState } from '@/components/LoadingState';
import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { GoogleSignInButton } from '../google/GoogleSignInButton';
import { useIdentity } from '@/lib/auth';
import { authErrorMessage } from './auth-error';
import { AuthCard, AuthDivider } from './AuthCard';
import { SubmitButton, TextField } from '@/components/form';
import { useAuthFlow } from './use-auth-flow';

export function LoginPage() {
  const { t } = useTranslation();
  const { signIn, signInWithGoogle, continueAsGuest } = useIdentity();
  const [searchParams] = useSearchParams();
  const returnTo = searchParams.get('returnTo');
  const { attempt, signedIn } = useAuthFlow(returnTo);

  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    setSubmitting(true);
    try {
      await attempt(async () => {
        await signIn(email.trim(), password);
        return true;
      });
    } catch (failure) {
      setError(authErrorMessage(failure, t('auth.login.failed')));
      setSubmitting(false);
    }
  }

  async function handleGoogle(idToken: string | undefined) {
    setError(null);
    try {
      await attempt(async () => {
        await signInWithGoogle(idToken);
        return true;
      });
    } catch (failure) {
      setError(authErrorMessage(failure, t('auth.google.failed')));
    }
  }

  // Signed in without this form (e.g. the email confirmation link): the flow goes on by itself.
  if (signedIn && !submitting) return <LoadingState label={t('auth.login.submitting')} />;

  return (
    <AuthCard
      titleId="login-title"
      title={t('auth.login.title')}
      subtitle={t('auth.login.subtitle')}
      error={error}
    >
      <form className="auth-form" onSubmit={(event) => void handleSubmit(event)}>
        <TextField
          label={t('auth.email')}
          type="email"
          name="email"
          autoComplete="email"
          value={email}
          onValueChange={setEmail}
        />
        <TextField
          label={t('auth.password')}
          type="password"
          name="password"
          autoComplete="current-password"
          value={password}
          onValueChange={setPassword}
        />
        <SubmitButton
          block
          busy={submitting}
          label={t('auth.login.submit')}
          busyLabel={t('auth.login.submitting')}
        />
        <p className="auth-card__forgot">
          <Link to={paths.forgotPassword()}>{t('account.forgot.link')}</Link>
        </p>
      </form>

      <AuthDivider label={t('auth.or')} />

      <div className="auth-card__alternatives">
        <GoogleSignInButton
          clientId={env.googleClientId}
          mode="signin"
          onCredential={(credential) => void handleGoogle(credential)}
        />
        <button type="button" className="button button--block" onClick={continueAsGuest}>
          {t('auth.login.continueAsGuest')}
        </button>
      </div>

      <p className="auth-card__switch">
        {t('auth.login.noAccount')}{' '}
        <Link to={paths.register({ returnTo })}>{t('auth.login.registerLink')}</Link>
      </p>
    </AuthCard>
  );
}
