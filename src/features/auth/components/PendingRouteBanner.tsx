import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { dropPendingRoute, pendingRouteToOffer } from '../model/pending-route';

/**
 * Login and register: the route that will be saved once the user has an
 * account, with a way back to planning without saving it.
 */
export function PendingRouteBanner() {
  const { t } = useTranslation();
  const [route] = useState(() => pendingRouteToOffer());
  if (!route) return null;

  return (
    <section className="auth-card__pending" aria-labelledby="pending-route-heading">
      <h2 id="pending-route-heading" className="auth-card__pending-title">
        {t('auth.pendingRoute.heading')}
      </h2>
      <p className="auth-card__pending-route">
        <strong>{route.title}</strong>
        <span> · {t('auth.pendingRoute.stops', { count: route.stops.length })}</span>
      </p>
      <p className="auth-card__pending-note">{t('auth.pendingRoute.note')}</p>
      <Link to={paths.plan()} onClick={() => dropPendingRoute()}>
        {t('auth.pendingRoute.continueWithoutSaving')}
      </Link>
    </section>
  );
}
