import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { LoadingState } from '@/components/LoadingState';
import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { GoogleSignInButton } from '../google/GoogleSignInButton';
import { AuthFailure, useIdentity } from '@/lib/auth';
import { parkPendingRouteForConfirmation } from '../model/pending-route';
import { validateRegistration } from '../model/registration';
import { authErrorMessage } from './auth-error';
import { AuthCard, AuthDivider } from './AuthCard';
import { FormMessage, SubmitButton, TextField } from '@/components/form';
import { PendingRouteBanner } from './PendingRouteBanner';
import { useAuthFlow } from './use-auth-flow';
import './auth-page.css';

export function RegisterPage() {
  const { t } = useTranslation();
  const { signUp, signInWithGoogle } = useIdentity();
  const [searchParams] = useSearchParams();
  const returnTo = searchParams.get('returnTo');
  const { attempt, signedIn } = useAuthFlow(returnTo);

  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [confirmationSentTo, setConfirmationSentTo] = useState<string | null>(null);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const invalid = validateRegistration({ email, password, confirmPassword });
    if (invalid) {
      setError(t(invalid));
      return;
    }
    setError(null);
    setSubmitting(true);
    const address = email.trim();
    try {
      await attempt(async () => {
        const { confirmationRequired } = await signUp(address, password, {
          // The link in the confirmation email signs in on /login, which goes on from there.
          emailRedirectTo: `${window.location.origin}${paths.login({ returnTo })}`,
        });
        if (!confirmationRequired) return true;
        // The link may open in another tab, which cannot see this tab's sessionStorage.
        parkPendingRouteForConfirmation();
        setConfirmationSentTo(address);
        setSubmitting(false);
        return false;
      });
    } catch (failure) {
      setError(authErrorMessage(failure, t('auth.register.failed')));
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
      // A missing credential is Google's failure, not a refused sign-up.
      const fallback = idToken ? t('auth.google.signUpFailed') : t('auth.google.failed');
      setError(failure instanceof AuthFailure ? authErrorMessage(failure, fallback) : fallback);
    }
  }

  if (signedIn && !submitting) return <LoadingState label={t('auth.register.submitting')} />;

  if (confirmationSentTo) {
    return (
      <section className="auth-page" aria-labelledby="register-confirm-title">
        <div className="auth-card">
          <h1 id="register-confirm-title" className="auth-card__title">
            {t('auth.register.confirmationTitle')}
          </h1>
          <FormMessage
            message={{
              tone: 'success',
              text: t('auth.register.confirmationSent', { email: confirmationSentTo }),
            }}
          />
          <PendingRouteBanner />
          <Link className="button button--primary button--block" to={paths.login({ returnTo })}>
            {t('auth.register.goToLogin')}
          </Link>
        </div>
      </section>
    );
  }

  return (
    <AuthCard
      titleId="register-title"
      title={t('auth.register.title')}
      subtitle={t('auth.register.subtitle')}
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
          busy={submitting}
          label={t('auth.register.submit')}
          busyLabel={t('auth.register.submitting')}
        />
      </form>

      {env.googleClientId ? (
        <>
          <AuthDivider label={t('auth.or')} />
          <GoogleSignInButton
            clientId={env.googleClientId}
            mode="signup"
            onCredential={(credential) => void handleGoogle(credential)}
          />
        </>
      ) : null}

      <p className="auth-card__switch">
        {t('auth.register.haveAccount')}{' '}
        <Link to={paths.login({ returnTo })}>{t('auth.register.loginLink')}</Link>
      </p>
    </AuthCard>
  );
}
