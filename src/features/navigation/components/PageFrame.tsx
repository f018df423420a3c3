import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';

/** The navigation page's frame: back to My Routes, the page's name and the route's title. */
export function PageFrame({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <section className="page drive" aria-labelledby="drive-title">
      <Link to={paths.dashboard()} className="button button--small drive__back">
        <span aria-hidden="true">←</span> {t('navigation.backToDashboard')}
      </Link>
      <p className="drive__eyebrow">{t('navigation.title')}</p>
      <h1 id="drive-title" className="page__title drive__title">
        {title}
      </h1>
      {children}
    </section>
  );
}
