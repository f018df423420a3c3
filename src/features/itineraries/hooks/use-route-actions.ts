import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { isApiError } from '@/lib/api-client';
import {
  forgetIdempotencyKey,
  idempotencyKeyFor,
  itineraryQueryOptions,
  readDashboardFlash,
  useCreateItinerary,
  useDeleteItinerary,
  useRevokeShare,
  useShareItinerary,
  type ItinerarySummary,
  type ShareLink,
} from '@/lib/itineraries';
import { copyTitle, duplicateInput } from '../model/route-list';

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

/**
 * What a route card's buttons do on My Routes: delete and revoke (after a confirmation), share
 * (the link copied and shown in the share dialog), duplicate (the route's stops are read then,
 * the list has only what the cards show), and the notice that says how it went (or the save
 * that brought the user here, once).
 */
export function useRouteActions({ heading }: { heading: RefObject<HTMLElement | null> }) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const deletion = useDeleteItinerary();
  const sharing = useShareItinerary();
  const revoking = useRevokeShare();
  const creating = useCreateItinerary();

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

  const [toDelete, setToDelete] = useState<ItinerarySummary | null>(null);
  const [toRevoke, setToRevoke] = useState<ItinerarySummary | null>(null);
  const [sharedLink, setSharedLink] = useState<OpenShare | null>(null);
  const [deletingIds, setDeletingIds] = useState<ReadonlySet<string>>(new Set());
  const [sharingIds, setSharingIds] = useState<ReadonlySet<string>>(new Set());
  const [duplicatingIds, setDuplicatingIds] = useState<ReadonlySet<string>>(new Set());

  // A copy of a saved route (notes and the working day come with it; nothing done yet).
  const duplicate = async (route: ItinerarySummary) => {
    setNotice(null);
    setDuplicatingIds((ids) => new Set(ids).add(route.id));
    try {
      const itinerary = await queryClient.fetchQuery(itineraryQueryOptions(route.id));
      const input = duplicateInput(
        itinerary,
        copyTitle(itinerary.title, (title) => t('dashboard.copyOf', { title })),
      );
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
      setDuplicatingIds((ids) => without(ids, route.id));
    }
  };

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
  const share = async (route: ItinerarySummary) => {
    setNotice(null);
    setSharingIds((ids) => new Set(ids).add(route.id));
    let link: ShareLink;
    try {
      link = await sharing.mutateAsync({ id: route.id });
    } catch (error) {
      console.error('Creating the share link failed', error);
      setNotice({ tone: 'error', text: t('dashboard.shareFailed') });
      return;
    } finally {
      setSharingIds((ids) => without(ids, route.id));
    }
    let copied = false;
    try {
      await navigator.clipboard.writeText(link.shareUrl);
      copied = true;
    } catch {
      // No clipboard (permission, insecure origin, lost user gesture): the link is shown selected.
    }
    setSharedLink({
      id: route.id,
      title: route.title,
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

  return {
    notice,
    dismissNotice: () => setNotice(null),
    toDelete,
    askDelete: setToDelete,
    cancelDelete: () => setToDelete(null),
    confirmDelete,
    toRevoke,
    askRevoke: setToRevoke,
    cancelRevoke: () => setToRevoke(null),
    confirmRevoke,
    sharedLink,
    closeShare: () => setSharedLink(null),
    setShareNotes,
    share,
    duplicate,
    deletingIds,
    sharingIds,
    duplicatingIds,
  };
}
