import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';

/** The legal pages must be reachable from every standard page. */
export function AppFooter() {
  const { t } = useTranslation();
  return (
    <footer className="app-footer">
      <nav aria-label={t('nav.legal')}>
        <Link to={paths.notice()}>{t('legal.noticeTitle')}</Link>
        <Link to={paths.privacy()}>{t('legal.privacyTitle')}</Link>
        <Link to={paths.terms()}>{t('legal.termsTitle')}</Link>
      </nav>
    </footer>
  );
}
