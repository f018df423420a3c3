import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { LoadingState } from '@/components/LoadingState';
import { paths } from '@/config/paths';
import { useIdentity } from '@/lib/auth';
import { onSyncOutcome } from '@/lib/offline';
import { isApiError } from '@/lib/api-client';
import { useDeleteItinerary } from '@/lib/itineraries';
import { forgetIdempotencyKey, idempotencyKeyFor, useCreateItinerary } from '@/lib/itineraries';
import { itineraryKeys } from '@/lib/itineraries';
import { useItineraries } from '@/lib/itineraries';
import { useRevokeShare } from '@/lib/itineraries';
import { useShareItinerary } from '@/lib/itineraries';
import { readDashboardFlash } from '@/lib/itineraries';
import type { Itinerary, ShareLink } from '@/lib/itineraries';
import {
  copyTitle,
  duplicateInput,
  findRoutes,
  isRouteSort,
  ROUTE_SORTS,
  type RouteSort,
} from '../model/route-list';
import { parseDeparture } from '@domain/day-plan/clock.ts';
import { useTimeFormat } from '@/lib/day-plan';
import { groupByDay } from '../model/day-groups';
import { RouteCard } from './RouteCard';
import { ShareLinkDialog } from './ShareLinkDialog';
import '@/components/forms.css';
import './dashboard.css';
import './day-groups.css';

interface Notice {
  tone: 'success' | 'error';
  text: string;
}

/** The share dialog's route and link. */
interface OpenShare {
  id: string;
  title: string;
  url: string;
  includeNotes: boolean;
  copied: boolean;
}

const without = (set: ReadonlySet<string>, id: string) =>
  new Set([...set].filter((entry) => entry !== id));

/** "Departs Mon 4 Mar, 08:00" of a day, in the day's time zone (as the planner shows it). */
function DayDeparts({ plan }: { plan: Itinerary['day_plan'] }) {
  const { t } = useTranslation();
  const format = useTimeFormat(plan?.timeZone);
  const departure = parseDeparture(plan?.departure);
  return departure ? (
    <p className="day-group__when">
      {t('dayPlan.departs', { time: format.dayAndTime(departure.instant) })}
    </p>
  ) : null;
}

/** My Routes: the signed-in user's saved routes, newest first. */
export function DashboardPage() {
  const { t, i18n } = useTranslation();
  const searchId = useId();
  const sortId = useId();
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState<RouteSort>('newest');
  const { identity } = useIdentity();
  const signedIn = identity.status === 'signed-in';
  const location = useLocation();
  const navigate = useNavigate();
  const heading = useRef<HTMLHeadingElement>(null);

  const itineraries = useItineraries({ enabled: signedIn });
  const queryClient = useQueryClient();

  useEffect(
    () =>
      onSyncOutcome((outcome) => {
        if (outcome.kind === 'saved' || outcome.kind === 'conflict')
          void queryClient.invalidateQueries({ queryKey: itineraryKeys.all });
      }),
    [queryClient],
  );
  const deletion = useDeleteItinerary();
  const sharing = useShareItinerary();
  const revoking = useRevokeShare();
  const creating = useCreateItinerary();
  const [duplicatingIds, setDuplicatingIds] = useState<ReadonlySet<string>>(new Set());

  // A copy of a saved route (notes and the working day come with it; nothing done yet).
  const duplicate = async (itinerary: Itinerary) => {
    setNotice(null);
    setDuplicatingIds((ids) => new Set(ids).add(itinerary.id));
    const input = duplicateInput(
      itinerary,
      copyTitle(itinerary.title, (title) => t('dashboard.copyOf', { title })),
    );
    try {
      const copy = await creating.mutateAsync({
        ...input,
        idempotencyKey: idempotencyKeyFor(input),
      });
      forgetIdempotencyKey(input);
      setNotice({ tone: 'success', text: t('dashboard.duplicated', { title: copy.title }) });
    } catch (error) {
      console.error('Duplicating the route failed', error);
      setNotice({ tone: 'error', text: t('dashboard.duplicateFailed') });
    } finally {
      setDuplicatingIds((ids) => without(ids, itinerary.id));
    }
  };

  // A save arrives with a one-time message in the location state.
  const [notice, setNotice] = useState<Notice | null>(() => {
    const flash = readDashboardFlash(location.state);
    return flash
      ? { tone: 'success', text: t(flash === 'saved' ? 'dashboard.saved' : 'dashboard.updated') }
      : null;
  });
  useEffect(() => {
    // Shown once: a reload or going back here must not repeat it.
    if (readDashboardFlash(location.state))
      void navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
  }, [location, navigate]);

  const [toDelete, setToDelete] = useState<Itinerary | null>(null);
  const [toRevoke, setToRevoke] = useState<Itinerary | null>(null);
  const [sharedLink, setSharedLink] = useState<OpenShare | null>(null);
  const [deletingIds, setDeletingIds] = useState<ReadonlySet<string>>(new Set());
  const [sharingIds, setSharingIds] = useState<ReadonlySet<string>>(new Set());

  const confirmDelete = () => {
    if (!toDelete) return;
    const { id } = toDelete;
    setToDelete(null);
    setNotice(null);
    setDeletingIds((ids) => new Set(ids).add(id));
    deletion.mutate(id, {
      onSuccess: () => heading.current?.focus(),
      onError: (error) => {
        console.error('Deleting the route failed', error);
        setNotice({ tone: 'error', text: t('dashboard.deleteFailed') });
      },
      onSettled: () => setDeletingIds((ids) => without(ids, id)),
    });
  };

  // Sharing opens the share dialog: the link (copied when the browser allows), whether it
  // shows the notes for the driver, and what anyone holding it sees.
  const share = async (itinerary: Itinerary) => {
    setNotice(null);
    setSharingIds((ids) => new Set(ids).add(itinerary.id));
    let link: ShareLink;
    try {
      link = await sharing.mutateAsync({ id: itinerary.id });
    } catch (error) {
      console.error('Creating the share link failed', error);
      setNotice({ tone: 'error', text: t('dashboard.shareFailed') });
      return;
    } finally {
      setSharingIds((ids) => without(ids, itinerary.id));
    }
    let copied = false;
    try {
      await navigator.clipboard.writeText(link.shareUrl);
      copied = true;
    } catch {
      // No clipboard (permission, insecure origin, lost user gesture): the link is shown selected.
    }
    setSharedLink({
      id: itinerary.id,
      title: itinerary.title,
      url: link.shareUrl,
      includeNotes: link.includeNotes,
      copied,
    });
  };

  const setShareNotes = async (includeNotes: boolean) => {
    if (!sharedLink) return;
    const link = await sharing.mutateAsync({ id: sharedLink.id, includeNotes });
    setSharedLink((open) =>
      open && open.id === sharedLink.id
        ? { ...open, url: link.shareUrl, includeNotes: link.includeNotes }
        : open,
    );
  };

  const confirmRevoke = async () => {
    if (!toRevoke) return;
    const { id } = toRevoke;
    setToRevoke(null);
    setNotice(null);
    try {
      await revoking.mutateAsync(id);
      setNotice({ tone: 'success', text: t('dashboard.revoked') });
    } catch (error) {
      if (isApiError(error) && error.status === 404) {
        setNotice({ tone: 'success', text: t('dashboard.revokeNone') });
        return;
      }
      console.error('Revoking the share link failed', error);
      setNotice({ tone: 'error', text: t('dashboard.revokeFailed') });
    }
  };

  if (signedIn && itineraries.isPending) return <LoadingState label={t('dashboard.loading')} />;

  if (signedIn && itineraries.isError) {
    return (
      <section className="page dashboard dashboard--failed">
        <p className="dashboard__failure" role="alert">
          {t('dashboard.loadFailed')}
        </p>
        <button type="button" className="button" onClick={() => void itineraries.refetch()}>
          {t('common.retry')}
        </button>
      </section>
    );
  }

  const routes = itineraries.data ?? [];
  const card = (itinerary: Itinerary, headingLevel: 2 | 3 = 2) => (
    <RouteCard
      itinerary={itinerary}
      headingLevel={headingLevel}
      deleting={deletingIds.has(itinerary.id)}
      sharing={sharingIds.has(itinerary.id)}
      duplicating={duplicatingIds.has(itinerary.id)}
      onDuplicate={(chosen) => void duplicate(chosen)}
      onDelete={setToDelete}
      onShare={(chosen) => void share(chosen)}
      onRevoke={setToRevoke}
    />
  );
  const shown = findRoutes(routes, { query, sort }, i18n.resolvedLanguage ?? 'en');

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
        {routes.length > 0 ? (
          <Link className="button button--primary" to={paths.plan()}>
            {t('dashboard.newRoute')}
          </Link>
        ) : null}
      </div>

      {notice ? (
        <div
          className={`dashboard__notice dashboard__notice--${notice.tone}`}
          role={notice.tone === 'error' ? 'alert' : 'status'}
        >
          <span>{notice.text}</span>
          <button
            type="button"
            className="dashboard__notice-dismiss"
            aria-label={t('common.dismiss')}
            onClick={() => setNotice(null)}
          >
            <span aria-hidden="true">×</span>
          </button>
        </div>
      ) : null}

      {routes.length > 1 ? (
        <div className="dashboard__tools" role="search" aria-label={t('dashboard.findLabel')}>
          <div className="dashboard__tool">
            <label htmlFor={searchId}>{t('dashboard.searchLabel')}</label>
            <input
              id={searchId}
              type="search"
              className="form-input"
              value={query}
              placeholder={t('dashboard.searchPlaceholder')}
              onChange={(event) => setQuery(event.target.value)}
            />
          </div>
          <div className="dashboard__tool">
            <label htmlFor={sortId}>{t('dashboard.sortLabel')}</label>
            <select
              id={sortId}
              className="form-input"
              value={sort}
              onChange={(event) => {
                if (isRouteSort(event.target.value)) setSort(event.target.value);
              }}
            >
              {ROUTE_SORTS.map((option) => (
                <option key={option} value={option}>
                  {t(`dashboard.sort.${option}`)}
                </option>
              ))}
            </select>
          </div>
          <p className="visually-hidden" role="status">
            {query.trim() ? t('dashboard.found', { count: shown.length }) : ''}
          </p>
        </div>
      ) : null}

      {routes.length > 0 && shown.length === 0 ? (
        <p className="dashboard__none">{t('dashboard.noneFound')}</p>
      ) : null}

      {routes.length === 0 ? (
        <div className="dashboard__empty">
          <p className="dashboard__empty-text">{t('dashboard.empty')}</p>
          {!signedIn ? <p className="dashboard__guest-note">{t('dashboard.guestNote')}</p> : null}
          <Link className="button button--primary" to={paths.plan()}>
            {t('dashboard.createFirst')}
          </Link>
        </div>
      ) : (
        <ul className="dashboard__grid" aria-label={t('dashboard.listLabel')}>
          {groupByDay(shown, i18n.resolvedLanguage ?? 'en').map((entry) => {
            if (entry.kind === 'route') {
              return <li key={entry.itinerary.id}>{card(entry.itinerary)}</li>;
            }
            const headingId = `day-group-${entry.group}`;
            return (
              <li key={`day-${entry.group}`} className="dashboard__day">
                <section className="day-group" aria-labelledby={headingId}>
                  <h2 id={headingId} className="day-group__title">
                    {t('dayPlan.dayGroupTitle', { count: entry.itineraries.length })}
                  </h2>
                  <DayDeparts plan={entry.itineraries[0].day_plan} />
                  <ul className="dashboard__grid" aria-label={t('dayPlan.dayGroupLabel')}>
                    {entry.itineraries.map((itinerary) => (
                      <li key={itinerary.id}>{card(itinerary, 3)}</li>
                    ))}
                  </ul>
                </section>
              </li>
            );
          })}
        </ul>
      )}

      {toDelete ? (
        <ConfirmDialog
          title={t('dashboard.deleteTitle')}
          message={t('dashboard.deleteConfirm', { title: toDelete.title })}
          confirmLabel={t('dashboard.delete')}
          onConfirm={confirmDelete}
          onCancel={() => setToDelete(null)}
        />
      ) : null}
      {toRevoke ? (
        <ConfirmDialog
          title={t('dashboard.revokeTitle')}
          message={t('dashboard.revokeConfirm', { title: toRevoke.title })}
          confirmLabel={t('dashboard.revokeButton')}
          onConfirm={() => void confirmRevoke()}
          onCancel={() => setToRevoke(null)}
        />
      ) : null}
      {sharedLink ? (
        <ShareLinkDialog
          key={sharedLink.id}
          title={sharedLink.title}
          url={sharedLink.url}
          includeNotes={sharedLink.includeNotes}
          copied={sharedLink.copied}
          onIncludeNotesChange={setShareNotes}
          onClose={() => setSharedLink(null)}
        />
      ) : null}
    </section>
  );
}

export default DashboardPage;
