import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import './LandingPage.css';

export function LandingPage() {
  const { t } = useTranslation();
  return (
    <section className="landing-hero" aria-labelledby="landing-title">
      <h1 id="landing-title" className="landing-hero__title">
        {t('landing.title')}
      </h1>
      <p className="landing-hero__subtitle">{t('landing.subtitle')}</p>
      <div className="landing-hero__actions">
        <Link className="button button--primary button--large" to={paths.plan()}>
          {t('landing.startPlanning')}
        </Link>
        <Link className="button button--large" to={paths.register()}>
          {t('landing.createAccount')}
        </Link>
      </div>
    </section>
  );
}

export default LandingPage;
