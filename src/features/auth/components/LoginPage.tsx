import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useIdentity } from '../identity-context';
import { usePostAuthNavigation } from '../use-post-auth-navigation';
import { authErrorMessage } from './auth-error';
import './auth-page.css';

export function LoginPage() {
  const { t } = useTranslation();
  const { signIn, continueAsGuest } = useIdentity();
  const goOn = usePostAuthNavigation();
  const [searchParams] = useSearchParams();
  const returnTo = searchParams.get('returnTo');

  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    setSubmitting(true);
    try {
      await signIn(email.trim(), password);
      await goOn(returnTo);
    } catch (failure) {
      setError(authErrorMessage(failure, t('auth.login.failed')));
      setSubmitting(false);
    }
  }

  return (
    <section className="auth-page" aria-labelledby="login-title">
      <div className="auth-card">
        <h1 id="login-title" className="auth-card__title">
          {t('auth.login.title')}
        </h1>
        <p className="auth-card__subtitle">{t('auth.login.subtitle')}</p>

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

        <button type="button" className="button button--block" onClick={continueAsGuest}>
          {t('auth.login.continueAsGuest')}
        </button>

        <p className="auth-card__switch">
          {t('auth.login.noAccount')}{' '}
          <Link to={paths.register({ returnTo })}>{t('auth.login.registerLink')}</Link>
        </p>
      </div>
    </section>
  );
}

export default LoginPage;
