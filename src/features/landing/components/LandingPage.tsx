import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Deferred } from '@/components/deferred/Deferred';
import { paths } from '@/config/paths';
import { LandingIcon, type LandingIconName } from './LandingIcon';
import './LandingPage.css';

/* The landing page loads no map code: it is the first thing most visitors download. */

const BADGES = ['free', 'noConfig', 'mobile'] as const;
const FEATURES = [
  { id: 'search', icon: 'search' },
  { id: 'unlimited', icon: 'pin' },
  { id: 'optimise', icon: 'route' },
  { id: 'summary', icon: 'clock' },
  { id: 'share', icon: 'link' },
  { id: 'waze', icon: 'car' },
] as const satisfies readonly { id: string; icon: LandingIconName }[];
const STEPS = ['add', 'order', 'drive'] as const;
const USE_CASES = [
  { id: 'couriers', icon: 'box' },
  { id: 'sales', icon: 'briefcase' },
  { id: 'realEstate', icon: 'house' },
  { id: 'shoppers', icon: 'cart' },
  { id: 'events', icon: 'calendar' },
  { id: 'travel', icon: 'map' },
] as const satisfies readonly { id: string; icon: LandingIconName }[];
const FAQ = ['free', 'account', 'stops', 'phone', 'optimise', 'waze'] as const;

/**
 * At start-up the hero and each section below it render in a task of their own, in that order,
 * right after the page's (Deferred), showing the build's copy of them until then.
 */
export function LandingPage() {
  const { t } = useTranslation();
  return (
    <div className="landing">
      <Deferred name="landing-hero">
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
          <ul className="landing-badges" aria-label={t('landing.badgesLabel')}>
            {BADGES.map((badge) => (
              <li key={badge} className="landing-badge">
                <span aria-hidden="true">✓</span> {t(`landing.badges.${badge}`)}
              </li>
            ))}
          </ul>
        </section>
      </Deferred>

      <Deferred name="landing-features">
        <section className="landing-section" aria-labelledby="landing-features">
          <h2 id="landing-features" className="landing-section__title">
            {t('landing.featuresTitle')}
          </h2>
          <ul className="landing-grid">
            {FEATURES.map(({ id, icon }) => (
              <li key={id} className="landing-card">
                <LandingIcon name={icon} />
                <h3 className="landing-card__title">{t(`landing.features.${id}.title`)}</h3>
                <p className="landing-card__text">{t(`landing.features.${id}.text`)}</p>
              </li>
            ))}
          </ul>
        </section>
      </Deferred>

      <Deferred name="landing-how">
        <section className="landing-section" aria-labelledby="landing-how">
          <h2 id="landing-how" className="landing-section__title">
            {t('landing.howTitle')}
          </h2>
          <ol className="landing-steps">
            {STEPS.map((step, index) => (
              <li key={step} className="landing-step">
                <span className="landing-step__number" aria-hidden="true">
                  {index + 1}
                </span>
                <div>
                  <h3 className="landing-card__title">{t(`landing.how.${step}.title`)}</h3>
                  <p className="landing-card__text">{t(`landing.how.${step}.text`)}</p>
                </div>
              </li>
            ))}
          </ol>
        </section>
      </Deferred>

      <Deferred name="landing-use-cases">
        <section className="landing-section" aria-labelledby="landing-use-cases">
          <h2 id="landing-use-cases" className="landing-section__title">
            {t('landing.useCasesTitle')}
          </h2>
          <ul className="landing-grid">
            {USE_CASES.map(({ id, icon }) => (
              <li key={id} className="landing-card landing-card--compact">
                <LandingIcon name={icon} />
                <h3 className="landing-card__title">{t(`landing.useCases.${id}.title`)}</h3>
                <p className="landing-card__text">{t(`landing.useCases.${id}.text`)}</p>
              </li>
            ))}
          </ul>
        </section>
      </Deferred>

      <Deferred name="landing-faq">
        <section className="landing-section" aria-labelledby="landing-faq">
          <h2 id="landing-faq" className="landing-section__title">
            {t('landing.faqTitle')}
          </h2>
          <div className="landing-faq">
            {FAQ.map((id) => (
              <details key={id} className="landing-faq__item">
                <summary className="landing-faq__question">
                  {t(`landing.faq.${id}.question`)}
                </summary>
                <p className="landing-faq__answer">{t(`landing.faq.${id}.answer`)}</p>
              </details>
            ))}
          </div>
        </section>
      </Deferred>

      <Deferred name="landing-cta">
        <section className="landing-cta" aria-labelledby="landing-cta">
          <h2 id="landing-cta" className="landing-section__title">
            {t('landing.ctaTitle')}
          </h2>
          <p className="landing-cta__text">{t('landing.ctaText')}</p>
          <Link className="button button--primary button--large" to={paths.plan()}>
            {t('landing.ctaButton')}
          </Link>
        </section>
      </Deferred>
    </div>
  );
}

export default LandingPage;
