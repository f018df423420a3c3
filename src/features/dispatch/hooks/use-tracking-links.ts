import { useQueries, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RouteProgress } from '@/lib/driver-reports';
import {
  makeTrackingLink,
  makeTrackingLinks,
  trackingLinkKeys,
  trackingLinksQueryOptions,
} from '../api/tracking-links';
import type { BoardRow } from '../model/board-rows';

/**
 * The customers' tracking links of the board's routes: the active ones by stop id (the day's
 * report and the mail merge show them), copying one stop's link (made when it has none), and
 * making every stop's link at once. What happened is said in `message`.
 */
export function useTrackingLinks(routes: readonly RouteProgress[]) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [message, setMessage] = useState('');
  const links = useQueries({
    queries: routes.map((route) => trackingLinksQueryOptions(route.itineraryId)),
    combine: (answers) =>
      new Map(
        answers.flatMap((answer) =>
          (answer.data ?? []).map((link) => [link.stopId, link.trackingUrl] as const),
        ),
      ),
  });
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

  return { links, copy, makeAll, message };
}
