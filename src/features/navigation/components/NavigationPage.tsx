import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { LoadingState } from '@/components/LoadingState';
import { isApiError } from '@/lib/api-client';
import { useIdentity } from '@/lib/auth';
import { requestSync, useOnline } from '@/lib/offline';
import { useDriveRoute } from '../api/drive-route';
import { useStopChanges } from '../hooks/use-stop-changes';
import { DriveRoute } from './DriveRoute';
import { PageFrame } from './PageFrame';
import { SyncMessage } from './SyncMessage';
import './NavigationPage.css';

/** An id the api cannot know, or a route of someone else (RLS hides it): both are "not found". */
const isMissingRoute = (error: unknown) =>
  isApiError(error) && [400, 401, 403, 404].includes(error.status);
const isNoConnection = (error: unknown) => isApiError(error) && error.status === 0;

/** /waze-route/:id: drive a saved route stop by stop, handing each stop to Waze. */
export function NavigationPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const { identity } = useIdentity();
  const itineraryId = id?.trim() ? id : undefined;
  if (!itineraryId) {
    return (
      <PageFrame title={t('navigation.title')}>
        <p className="drive__message" role="alert">
          {t('navigation.noId')}
        </p>
      </PageFrame>
    );
  }
  // The copy kept on the device belongs to the signed-in account.
  const ownerId = identity.status === 'signed-in' ? identity.user.id : 'guest';
  // One instance per route: its state never mixes with another route's.
  return (
    <RouteNavigation
      key={`${ownerId}:${itineraryId}`}
      ownerId={ownerId}
      itineraryId={itineraryId}
    />
  );
}

function RouteNavigation({ ownerId, itineraryId }: { ownerId: string; itineraryId: string }) {
  const { t } = useTranslation();
  const online = useOnline();
  const query = useDriveRoute(ownerId, itineraryId);
  const changes = useStopChanges(ownerId, itineraryId, query.data);

  if (query.isPending) {
    return (
      <PageFrame title={t('navigation.title')}>
        <LoadingState label={t('navigation.loading')} />
      </PageFrame>
    );
  }
  if (query.isError) {
    return (
      <PageFrame title={t('navigation.title')}>
        {isMissingRoute(query.error) ? (
          <p className="drive__message" role="alert">
            {t('navigation.notFound')}
          </p>
        ) : (
          <div className="drive__message" role="alert">
            <p>{t('navigation.loadFailed')}</p>
            {isNoConnection(query.error) && !online ? (
              <p>{t('navigation.notKeptOffline')}</p>
            ) : null}
            <button
              type="button"
              className="button button--small"
              onClick={() => void query.refetch()}
              disabled={query.isFetching}
            >
              {t('common.retry')}
            </button>
          </div>
        )}
      </PageFrame>
    );
  }

  const route = query.data;
  const offline = !online || route.fromDevice;
  return (
    <PageFrame title={route.itinerary.title}>
      {offline ? (
        <p className="drive__offline" role="status">
          {t('navigation.offline')}
        </p>
      ) : null}
      <SyncMessage
        notice={changes.notice}
        onDismiss={changes.dismissNotice}
        onRetry={() => void requestSync(ownerId)}
      />
      {route.stops.length === 0 ? (
        <p className="drive__message">{t('navigation.noStops')}</p>
      ) : (
        <DriveRoute
          ownerId={ownerId}
          itineraryId={itineraryId}
          title={route.itinerary.title}
          stops={route.stops}
          dayPlan={route.itinerary.day_plan ?? null}
          onChange={(stops) => void changes.change(stops)}
        />
      )}
    </PageFrame>
  );
}
