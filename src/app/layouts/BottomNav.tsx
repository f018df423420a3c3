import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useIdentity } from '@/features/auth';
import './BottomNav.css';

/** Phone navigation pinned to the bottom of the screen; hidden on wider screens. */
export function BottomNav() {
  const { t } = useTranslation();
  const { identity } = useIdentity();

  return (
    <nav className="bottom-nav" aria-label={t('nav.mobile')}>
      <NavLink to={paths.landing()} end>
        {t('nav.home')}
      </NavLink>
      <NavLink to={paths.plan()}>{t('nav.plan')}</NavLink>
      {identity.status === 'signed-in' ? (
        <NavLink to={paths.dashboard()}>{t('nav.dashboard')}</NavLink>
      ) : (
        <NavLink to={paths.login()}>{t('nav.login')}</NavLink>
      )}
    </nav>
  );
}
