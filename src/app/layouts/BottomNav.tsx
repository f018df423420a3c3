import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useIdentity } from '@/lib/auth';
import { navIcons as icons } from './nav-icons';
import './BottomNav.css';

/** Phone navigation pinned to the bottom of the screen; hidden on wider screens. */
export function BottomNav() {
  const { t } = useTranslation();
  const { identity } = useIdentity();

  return (
    <nav className="bottom-nav" aria-label={t('nav.mobile')}>
      <NavLink to={paths.landing()} end>
        {icons.home}
        <span>{t('nav.home')}</span>
      </NavLink>
      <NavLink to={paths.plan()}>
        {icons.plan}
        <span>{t('nav.plan')}</span>
      </NavLink>
      {identity.status === 'signed-in' ? (
        <>
          <NavLink to={paths.dashboard()}>
            {icons.dashboard}
            <span>{t('nav.dashboard')}</span>
          </NavLink>
          <NavLink to={paths.account()}>
            {icons.account}
            <span>{t('nav.account')}</span>
          </NavLink>
        </>
      ) : (
        <>
          <NavLink to={paths.login()}>
            {icons.login}
            <span>{t('nav.login')}</span>
          </NavLink>
          <NavLink to={paths.register()}>
            {icons.register}
            <span>{t('nav.register')}</span>
          </NavLink>
        </>
      )}
    </nav>
  );
}
