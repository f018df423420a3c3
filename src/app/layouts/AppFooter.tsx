import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useIdentity } from '@/lib/auth';

/**
 * On every standard page: what the product is, the legal pages and the main entry points (My
 * Routes for a signed-in user, creating an account for anyone else).
 */
export function AppFooter() {
  const { t } = useTranslation();
  const { identity } = useIdentity();
  return (
    <footer className="app-footer">
      <div className="app-footer__columns">
        <section className="app-footer__about" aria-labelledby="footer-about">
          <h2 id="footer-about" className="app-footer__title">
            {t('app.name')}
          </h2>
          <p>{t('footer.about')}</p>
        </section>
        <nav aria-labelledby="footer-quick-links">
          <h2 id="footer-quick-links" className="app-footer__title">
            {t('footer.quickLinks')}
          </h2>
          <ul>
            <li>
              <Link to={paths.plan()}>{t('nav.plan')}</Link>
            </li>
            {identity.status === 'signed-in' ? (
              <li>
                <Link to={paths.dashboard()}>{t('nav.dashboard')}</Link>
              </li>
            ) : (
              <li>
                <Link to={paths.register()}>{t('landing.createAccount')}</Link>
              </li>
            )}
          </ul>
        </nav>
        <nav aria-labelledby="footer-legal">
          <h2 id="footer-legal" className="app-footer__title">
            {t('nav.legal')}
          </h2>
          <ul>
            <li>
              <Link to={paths.notice()}>{t('legal.noticeTitle')}</Link>
            </li>
            <li>
              <Link to={paths.privacy()}>{t('legal.privacyTitle')}</Link>
            </li>
            <li>
              <Link to={paths.terms()}>{t('legal.termsTitle')}</Link>
            </li>
          </ul>
        </nav>
      </div>
      {/* The build's year in the pages rendered at build time, until the footer renders again. */}
      <p className="app-footer__copyright" suppressHydrationWarning>
        {t('footer.copyright', { year: new Date().getFullYear(), name: t('app.name') })}
      </p>
    </footer>
  );
}
