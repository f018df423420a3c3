import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { LoadingState } from '@/components/LoadingState';
import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { GoogleSignInButton } from '../google/GoogleSignInButton';
import { useIdentity } from '../identity-context';
import { authErrorMessage } from './auth-error';
import { PendingRouteBanner } from './PendingRouteBanner';
import { useAuthFlow } from './use-auth-flow';
import './auth-page.css';

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
    <section className="auth-page" aria-labelledby="login-title">
      <div className="auth-card">
        <h1 id="login-title" className="auth-card__title">
          {t('auth.login.title')}
        </h1>
        <p className="auth-card__subtitle">{t('auth.login.subtitle')}</p>

        <PendingRouteBanner />

        {error && (
          <p className="auth-card__error" role="alert">
            {error}
          </p>
        )}

        <form className="auth-form" onSubmit={handleSubmit}>
          <label className="auth-form__field">
            <span>{t('auth.email')}</span>
            <input
              type="email"
              name="email"
              autoComplete="email"
              required
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
          </label>
          <label className="auth-form__field">
            <span>{t('auth.password')}</span>
            <input
              type="password"
              name="password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          </label>
          <button
            type="submit"
            className="button button--primary button--block"
            disabled={submitting}
            aria-busy={submitting}
          >
            {submitting ? t('auth.login.submitting') : t('auth.login.submit')}
          </button>
        </form>

        <div className="auth-card__divider">
          <span>{t('auth.or')}</span>
        </div>

        <div className="auth-card__alternatives">
          <GoogleSignInButton clientId={env.googleClientId} mode="signin" onCredential={handleGoogle} />
          <button type="button" className="button button--block" onClick={continueAsGuest}>
            {t('auth.login.continueAsGuest')}
          </button>
        </div>

        <p className="auth-card__switch">
          {t('auth.login.noAccount')}{' '}
          <Link to={paths.register({ returnTo })}>{t('auth.login.registerLink')}</Link>
        </p>
      </div>
    </section>
  );
}

export default LoginPage;
