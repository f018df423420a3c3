import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useIdentity } from '../identity-context';
import { validateRegistration } from '../model/registration';
import { usePostAuthNavigation } from '../use-post-auth-navigation';
import { authErrorMessage } from './auth-error';
import './auth-page.css';

export function RegisterPage() {
  const { t } = useTranslation();
  const { signUp } = useIdentity();
  const goOn = usePostAuthNavigation();
  const [searchParams] = useSearchParams();
  const returnTo = searchParams.get('returnTo');

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
      const { confirmationRequired } = await signUp(address, password);
      if (confirmationRequired) {
        setConfirmationSentTo(address);
        setSubmitting(false);
        return;
      }
      await goOn(returnTo);
    } catch (failure) {
      setError(authErrorMessage(failure, t('auth.register.failed')));
      setSubmitting(false);
    }
  }

  if (confirmationSentTo) {
    return (
      <section className="auth-page" aria-labelledby="register-confirm-title">
        <div className="auth-card">
          <h1 id="register-confirm-title" className="auth-card__title">
            {t('auth.register.confirmationTitle')}
          </h1>
          <p className="auth-card__notice" role="status">
            {t('auth.register.confirmationSent', { email: confirmationSentTo })}
          </p>
          <Link className="button button--primary button--block" to={paths.login({ returnTo })}>
            {t('auth.register.goToLogin')}
          </Link>
        </div>
      </section>
    );
  }

  return (
    <section className="auth-page" aria-labelledby="register-title">
      <div className="auth-card">
        <h1 id="register-title" className="auth-card__title">
          {t('auth.register.title')}
        </h1>
        <p className="auth-card__subtitle">{t('auth.register.subtitle')}</p>

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
              autoComplete="new-password"
              required
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          </label>
          <label className="auth-form__field">
            <span>{t('auth.confirmPassword')}</span>
            <input
              type="password"
              name="confirmPassword"
              autoComplete="new-password"
              required
              value={confirmPassword}
              onChange={(event) => setConfirmPassword(event.target.value)}
            />
          </label>
          <button
            type="submit"
            className="button button--primary button--block"
            disabled={submitting}
            aria-busy={submitting}
          >
            {submitting ? t('auth.register.submitting') : t('auth.register.submit')}
          </button>
        </form>

        <p className="auth-card__switch">
          {t('auth.register.haveAccount')}{' '}
          <Link to={paths.login({ returnTo })}>{t('auth.register.loginLink')}</Link>
        </p>
      </div>
    </section>
  );
}

export default RegisterPage;
