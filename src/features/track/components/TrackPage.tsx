import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { LoadingState } from '@/components/LoadingState';
import { isApiError } from '@/lib/api-client';
import { useTimeFormat } from '@/lib/day-plan';
import { trackingQueryOptions } from '../api/tracking';
import { TrackingState } from './TrackingState';
import './track.css';

/**
 * /track/:token, a customer's tracking link (no account, phone first): their stop's name and
 * where the delivery is, read again every minute while the page is open and in front.
 */
export function TrackPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const tracking = useQuery(trackingQueryOptions(token));
  const format = useTimeFormat();

  if (tracking.isPending) return <LoadingState label={t('track.loading')} />;
  if (tracking.isError) {
    const gone = isApiError(tracking.error) && tracking.error.status === 404;
    return (
      <section className="page track">
        <h1 className="page__title">{gone ? t('track.goneTitle') : t('track.loadFailedTitle')}</h1>
        <p role="alert">{gone ? t('track.gone') : t('track.loadFailed')}</p>
        {gone ? null : (
          <button type="button" className="button" onClick={() => void tracking.refetch()}>
            {t('common.retry')}
          </button>
        )}
      </section>
    );
  }
  return (
    <section className="page track" aria-labelledby="track-title">
      <p className="track__kicker">{t('track.kicker')}</p>
      <h1 id="track-title" className="page__title track__name">
        {tracking.data.name}
      </h1>
      <TrackingState tracking={tracking.data} format={format} />
      <p className="track__updated">
        {t('track.updated', { time: format.time(tracking.dataUpdatedAt) })}
      </p>
    </section>
  );
}

export default TrackPage;
