import { Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
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
 * A section below the hero: a `<Suspense>` boundary, which React hydrates on its own (in a task
 * of its own, sooner when the visitor taps it).
 */
function LandingSection({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <Suspense>
      <section className="landing-section" aria-labelledby={id}>
        <h2 id={id} className="landing-section__title">
          {title}
        </h2>
        {children}
      </section>
    </Suspense>
  );
}

function LandingCard({
  icon,
  title,
  text,
  compact = false,
}: {
  icon: LandingIconName;
  title: string;
  text: string;
  compact?: boolean;
}) {
  return (
    <li className={compact ? 'landing-card landing-card--compact' : 'landing-card'}>
      <LandingIcon name={icon} />
      <h3 className="landing-card__title">{title}</h3>
      <p className="landing-card__text">{text}</p>
    </li>
  );
}

export function LandingPage() {
  const { t } = useTranslation();
  return (
    <div className="landing">
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

      <LandingSection id="landing-features" title={t('landing.featuresTitle')}>
        <ul className="landing-grid">
          {FEATURES.map(({ id, icon }) => (
            <LandingCard
              key={id}
              icon={icon}
              title={t(`landing.features.${id}.title`)}
              text={t(`landing.features.${id}.text`)}
            />
          ))}
        </ul>
      </LandingSection>

      <LandingSection id="landing-how" title={t('landing.howTitle')}>
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
      </LandingSection>

      <LandingSection id="landing-use-cases" title={t('landing.useCasesTitle')}>
        <ul className="landing-grid">
          {USE_CASES.map(({ id, icon }) => (
            <LandingCard
              key={id}
              icon={icon}
              title={t(`landing.useCases.${id}.title`)}
              text={t(`landing.useCases.${id}.text`)}
              compact
            />
          ))}
        </ul>
      </LandingSection>

      <LandingSection id="landing-faq" title={t('landing.faqTitle')}>
        <div className="landing-faq">
          {FAQ.map((id) => (
            <details key={id} className="landing-faq__item">
              <summary className="landing-faq__question">{t(`landing.faq.${id}.question`)}</summary>
              <p className="landing-faq__answer">{t(`landing.faq.${id}.answer`)}</p>
            </details>
          ))}
        </div>
      </LandingSection>

      <Suspense>
        <section className="landing-cta" aria-labelledby="landing-cta">
          <h2 id="landing-cta" className="landing-section__title">
            {t('landing.ctaTitle')}
          </h2>
          <p className="landing-cta__text">{t('landing.ctaText')}</p>
          <Link className="button button--primary button--large" to={paths.plan()}>
            {t('landing.ctaButton')}
          </Link>
        </section>
      </Suspense>
    </div>
  );
}

export default LandingPage;
