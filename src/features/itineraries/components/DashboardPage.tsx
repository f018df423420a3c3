import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { LoadingState } from '@/components/LoadingState';
import { SendToDriverDialog } from '@/components/driver-link/LazySendToDriverDialog';
import type { DriverRoute } from '@/components/driver-link/use-driver-links';
import { DayProgress } from '@/components/route-progress/RouteProgress';
import { paths } from '@/config/paths';
import { useIdentity } from '@/lib/auth';
import { onSyncOutcome } from '@/lib/offline';
import { itineraryKeys, type ItinerarySummary } from '@/lib/itineraries';
import { useCardActions } from '../hooks/use-card-actions';
import { useRouteActions } from '../hooks/use-route-actions';
import { useCardFormatsAhead } from '../hooks/use-card-formats-ahead';
import { useRouteSummaries } from '../hooks/use-route-summaries';
import { RouteGrid } from './RouteGrid';
import { RouteTools } from './RouteTools';
import { SummaryCard } from './SummaryCard';
import { ShareLinkDialog } from './ShareLinkDialog';
import '@/components/forms.css';
import './dashboard.css';
import './day-groups.css';

/**
 * My Routes: the signed-in user's saved routes, newest first, a page of cards
 * at a time (what a card shows, not the stops: a route's stops are read when it is opened).
 */
export function DashboardPage() {
  const { t } = useTranslation();
  const { identity } = useIdentity();
  const signedIn = identity.status === 'signed-in';
  const heading = useRef<HTMLHeadingElement>(null);
  const list = useRouteSummaries({ enabled: signedIn });
  useCardFormatsAhead(signedIn && list.isPending);
  const actions = useRouteActions({ heading });
  const queryClient = useQueryClient();
  const [sendTo, setSendTo] = useState<readonly DriverRoute[] | null>(null);
  const cardActions = useCardActions(actions, setSendTo);

  useEffect(
    () =>
      onSyncOutcome((outcome) => {
        if (outcome.kind === 'saved' || outcome.kind === 'conflict')
          void queryClient.invalidateQueries({ queryKey: itineraryKeys.all });
      }),
    [queryClient],
  );

  if (signedIn && list.isPending) return <LoadingState label={t('dashboard.loading')} />;

  if (signedIn && list.isError) {
    return (
      <section className="page dashboard dashboard--failed">
        <p className="dashboard__failure" role="alert">
          {t('dashboard.loadFailed')}
        </p>
        <button type="button" className="button" onClick={() => void list.refetch()}>
          {t('common.retry')}
        </button>
      </section>
    );
  }

  const { routes, total } = list;
  // While a search is asked for, the tools stay even when nothing matches.
  const hasRoutes = list.searching || total > 0;
  const card = (route: ItinerarySummary, headingLevel: 2 | 3) => (
    <SummaryCard
      route={route}
      headingLevel={headingLevel}
      deleting={actions.deletingIds.has(route.id)}
      sharing={actions.sharingIds.has(route.id)}
      duplicating={actions.duplicatingIds.has(route.id)}
      actions={cardActions}
    />
  );
  const dayExtras = (group: string, day: readonly ItinerarySummary[], headingId: string) => (
    <>
      <DayProgress group={group} progress={day[0].day_progress} />
      <button
        type="button"
        className="button button--small day-group__send"
        aria-describedby={headingId}
        onClick={() => setSendTo(day.map(({ id, title }) => ({ id, title })))}
      >
        {t('driverLink.sendAll')}
      </button>
    </>
  );

  return (
    <section className="page dashboard" aria-labelledby="dashboard-title">
      <div className="dashboard__header">
        <h1
          id="dashboard-title"
          ref={heading}
          tabIndex={-1}
          className="page__title dashboard__title"
        >
          {t('dashboard.title')}
        </h1>
        {hasRoutes ? (
          <Link className="button button--primary" to={paths.plan()}>
            {t('dashboard.newRoute')}
          </Link>
        ) : null}
      </div>

      {actions.notice ? (
        <div
          className={`dashboard__notice dashboard__notice--${actions.notice.tone}`}
          role={actions.notice.tone === 'error' ? 'alert' : 'status'}
        >
          <span>{actions.notice.text}</span>
          <button
            type="button"
            className="dashboard__notice-dismiss"
            aria-label={t('common.dismiss')}
            onClick={actions.dismissNotice}
          >
            <span aria-hidden="true">×</span>
          </button>
        </div>
      ) : null}

      {list.searching || total > 1 ? (
        <RouteTools
          search={list.search}
          onSearchChange={list.setSearch}
          sort={list.sort}
          onSortChange={list.setSort}
          found={list.current ? total : null}
        />
      ) : null}

      {hasRoutes && list.current && routes.length === 0 ? (
        <p className="dashboard__none">{t('dashboard.noneFound')}</p>
      ) : null}

      {!hasRoutes ? (
        <div className="dashboard__empty">
          <p className="dashboard__empty-text">{t('dashboard.empty')}</p>
          {!signedIn ? <p className="dashboard__guest-note">{t('dashboard.guestNote')}</p> : null}
          <Link className="button button--primary" to={paths.plan()}>
            {t('dashboard.createFirst')}
          </Link>
        </div>
      ) : (
        <RouteGrid
          routes={routes}
          card={card}
          dayExtras={dayExtras}
          hasMore={list.hasMore}
          loadingMore={list.loadingMore}
          moreFailed={list.moreFailed}
          loadMore={() => void list.loadMore()}
        />
      )}

      {actions.toDelete ? (
        <ConfirmDialog
          title={t('dashboard.deleteTitle')}
          message={t('dashboard.deleteConfirm', { title: actions.toDelete.title })}
          confirmLabel={t('dashboard.delete')}
          onConfirm={actions.confirmDelete}
          onCancel={actions.cancelDelete}
        />
      ) : null}
      {actions.toRevoke ? (
        <ConfirmDialog
          title={t('dashboard.revokeTitle')}
          message={t('dashboard.revokeConfirm', { title: actions.toRevoke.title })}
          confirmLabel={t('dashboard.revokeButton')}
          onConfirm={() => void actions.confirmRevoke()}
          onCancel={actions.cancelRevoke}
        />
      ) : null}
      {sendTo ? <SendToDriverDialog routes={sendTo} onClose={() => setSendTo(null)} /> : null}
      {actions.sharedLink ? (
        <ShareLinkDialog
          key={actions.sharedLink.id}
          title={actions.sharedLink.title}
          url={actions.sharedLink.url}
          includeNotes={actions.sharedLink.includeNotes}
          copied={actions.sharedLink.copied}
          onIncludeNotesChange={actions.setShareNotes}
          onClose={actions.closeShare}
        />
      ) : null}
    </section>
  );
}
