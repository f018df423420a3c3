import { useQueries, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RouteProgress } from '@/lib/driver-reports';
import {
  makeTrackingLink,
  makeTrackingLinks,
  revokeTrackingLinks,
  trackingLinkKeys,
  trackingLinksQueryOptions,
} from '../api/tracking-links';
import type { BoardRow } from '../model/board-rows';

/**
 * The customers' tracking links of the board's routes: the active ones by stop id (the day's
 * report and the mail merge show them), copying one stop's link (made when it has none), and
 * making every stop's link at once, whether a stop's link shows the delivery's photo, and revoking
 * a route's links. What happened is said in
 * `message`.
 */
export function useTrackingLinks(routes: readonly RouteProgress[]) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [message, setMessage] = useState('');
  /** The photo choices sent and not yet answered: the checkboxes show them at once. */
  const [photoChoices, setPhotoChoices] = useState<ReadonlyMap<string, boolean>>(new Map());
  const {
    links,
    linked,
    photos: savedPhotos,
  } = useQueries({
    queries: routes.map((route) => trackingLinksQueryOptions(route.itineraryId)),
    combine: (answers) => ({
      links: new Map(
        answers.flatMap((answer) =>
          (answer.data ?? []).map((link) => [link.stopId, link.trackingUrl] as const),
        ),
      ),
      /** The stops whose link shows the delivery's photo. */
      photos: new Set(
        answers.flatMap((answer) =>
          (answer.data ?? []).flatMap((link) => (link.showPhoto ? [link.stopId] : [])),
        ),
      ),
      /** The routes with an active link. */
      linked: new Set(
        routes.flatMap((route, index) =>
          (answers[index]?.data?.length ?? 0) > 0 ? [route.itineraryId] : [],
        ),
      ),
    }),
  });
  const photos = new Set(savedPhotos);
  for (const [stopId, show] of photoChoices) {
    if (show) photos.add(stopId);
    else photos.delete(stopId);
  }
  const refresh = (routeId: string) =>
    queryClient.invalidateQueries({ queryKey: trackingLinkKeys.route(routeId) });

  const copy = async (row: BoardRow) => {
    let url: string;
    try {
      url = links.get(row.stopId) ?? (await makeTrackingLink(row.routeId, row.stopId)).trackingUrl;
    } catch {
      setMessage(t('board.tracking.failed'));
      return;
    }
    void refresh(row.routeId);
    try {
      await navigator.clipboard.writeText(url);
      setMessage(t('board.tracking.copied', { name: row.name }));
    } catch {
      // No clipboard here (an insecure origin, a refusal): the link to copy by hand.
      setMessage(t('board.tracking.copyByHand', { name: row.name, url }));
    }
  };

  /** Makes every missing link of every route; the links by stop id, or null when it failed. */
  const makeAll = async (): Promise<Map<string, string> | null> => {
    try {
      const made = await Promise.all(routes.map((route) => makeTrackingLinks(route.itineraryId)));
      routes.forEach((route, index) =>
        queryClient.setQueryData(trackingLinkKeys.route(route.itineraryId), made[index]),
      );
      setMessage(t('board.tracking.made'));
      return new Map(made.flat().map((link) => [link.stopId, link.trackingUrl]));
    } catch {
      setMessage(t('board.tracking.failed'));
      return null;
    }
  };

  /** Whether the stop's customer sees the delivery's photo (its link made when it has none). */
  const showPhoto = async (row: BoardRow, show: boolean) => {
    // Answered: the saved links say it now (a later choice for the stop stays until its answer).
    const settled = () =>
      setPhotoChoices((choices) => {
        if (choices.get(row.stopId) !== show) return choices;
        const next = new Map(choices);
        next.delete(row.stopId);
        return next;
      });
    setPhotoChoices((choices) => new Map(choices).set(row.stopId, show));
    try {
      await makeTrackingLink(row.routeId, row.stopId, { showPhoto: show });
      setMessage(
        t(show ? 'board.tracking.photoShown' : 'board.tracking.photoHidden', { name: row.name }),
      );
      await refresh(row.routeId);
    } catch {
      setMessage(t('board.tracking.photoFailed', { name: row.name }));
      void refresh(row.routeId);
    }
    settled();
  };

  /** Every link of the route stops working; its stops get new ones when copied again. */
  const revoke = async (route: RouteProgress) => {
    try {
      await revokeTrackingLinks(route.itineraryId);
      setMessage(t('board.tracking.revoked', { title: route.title }));
    } catch {
      setMessage(t('board.tracking.revokeFailed', { title: route.title }));
    }
    void refresh(route.itineraryId);
  };

  return { links, linked, photos, copy, makeAll, showPhoto, revoke, message };
}
