import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';

/** The invitation under every shared route: plan a route of your own. */
export function PlanOwnRoute() {
  const { t } = useTranslation();
  return (
    <aside className="shared__plan-own">
      <p>{t('share.planOwnNote')}</p>
      <Link to={paths.plan()} className="button">
        {t('share.planOwn')}
      </Link>
    </aside>
  );
}

/** The shared page when it shows no route: a title, what happened, and the invitation. */
export function SharedRouteMessage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="page shared shared--message">
      <h1 className="page__title">{title}</h1>
      {children}
      <PlanOwnRoute />
    </section>
  );
}
