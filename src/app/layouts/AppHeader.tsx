import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useIdentity } from '@/lib/auth';
import { LanguageSwitcher } from './LanguageSwitcher';
import { navIcons } from './nav-icons';
import { ThemeToggle } from './theme/ThemeToggle';
import { UnitsToggle } from './UnitsToggle';
import './AppHeader.css';

/**
 * `phoneLinks`: the map layout has no bottom navigation, so on phones the header itself
 * offers the way to the dashboard (an icon link; the text navigation shows from 640 px).
 */
export function AppHeader({ phoneLinks = false }: { phoneLinks?: boolean }) {
  const { t } = useTranslation();
  const { identity, signOut } = useIdentity();
  const signedIn = identity.status === 'signed-in';

  return (
    <header className="app-header">
      <Link to={paths.landing()} className="app-header__brand" aria-label={t('app.homeLink')}>
        <img src="/favicon.svg" alt="" width={28} height={28} />
        <span className="app-header__brand-name">{t('app.name')}</span>
      </Link>

      <nav className="app-header__nav" aria-label={t('nav.main')}>
        <NavLink to={paths.plan()}>{t('nav.plan')}</NavLink>
        {signedIn && <NavLink to={paths.dashboard()}>{t('nav.dashboard')}</NavLink>}
      </nav>

      {phoneLinks && signedIn && (
        <NavLink
          to={paths.dashboard()}
          className="icon-button app-header__phone-link"
          aria-label={t('nav.dashboard')}
          title={t('nav.dashboard')}
        >
          {navIcons.dashboard}
        </NavLink>
      )}

      {/* Each a <Suspense> boundary: hydrated on its own, after the page. */}
      <div className="app-header__controls">
        <Suspense>
          <LanguageSwitcher />
          <UnitsToggle />
          <ThemeToggle />
        </Suspense>
      </div>

      <div className="app-header__account">
        <Suspense>
          {identity.status === 'signed-in' ? (
            <>
              <NavLink
                to={paths.account()}
                className="app-header__email"
                title={t('nav.signedInAs', { email: identity.user.email })}
              >
                {identity.user.email}
              </NavLink>
              <button type="button" className="button button--small" onClick={() => void signOut()}>
                {t('nav.logout')}
              </button>
            </>
          ) : identity.status === 'loading' ? null : (
            <>
              <Link className="button button--small button--ghost" to={paths.login()}>
                {t('nav.login')}
              </Link>
              <Link
                className="button button--small button--primary app-header__register"
                to={paths.register()}
              >
                {t('nav.register')}
              </Link>
            </>
          )}
        </Suspense>
      </div>
    </header>
  );
}
