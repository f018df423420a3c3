import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { LoadingState } from '@/components/LoadingState';
import { isApiError } from '@/lib/api-client';
import { SHARED_PAGE_REFERRER_POLICY, useReferrerPolicy, useSharedRoute } from '@/features/share';
import { SharedRouteMessage } from './shared-route/SharedRouteMessage';
import { SharedRouteView } from './shared-route/SharedRouteView';
import './SharedRoutePage.css';

/**
 * /share/:shareToken: anyone with the link sees the route's title, map and stops
 * (nothing about its owner) and can drive it with Waze. The address is a
 * capability, so the page loads no third-party script and its requests carry
 * only the site's origin as Referer.
 */
export function SharedRoutePage() {
  const { t } = useTranslation();
  useReferrerPolicy(SHARED_PAGE_REFERRER_POLICY);
  const { shareToken = '' } = useParams();
  const query = useSharedRoute(shareToken || undefined);

  if (!shareToken || (query.isError && isApiError(query.error) && query.error.status === 404)) {
    return (
      <SharedRouteMessage title={t('share.notFoundTitle')}>
        <p className="shared__lead" role="alert">
          {t('share.notFound')}
        </p>
        <p className="page__note">{t('share.notFoundDetail')}</p>
      </SharedRouteMessage>
    );
  }
  if (query.isError) {
    return (
      <SharedRouteMessage title={t('share.title')}>
        <div className="shared__error" role="alert">
          <p>{t('share.loadFailed')}</p>
          <button
            type="button"
            className="button button--small"
            onClick={() => void query.refetch()}
            disabled={query.isFetching}
          >
            {t('common.retry')}
          </button>
        </div>
      </SharedRouteMessage>
    );
  }
  if (query.isPending) {
    return (
      <section className="page shared">
        <LoadingState label={t('share.loading')} />
      </section>
    );
  }
  return <SharedRouteView key={shareToken} shareToken={shareToken} route={query.data} />;
}

export default SharedRoutePage;
