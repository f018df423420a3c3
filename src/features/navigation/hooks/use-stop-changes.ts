import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Stop } from '@domain/stops.ts';
import { itineraryKeys } from '@/lib/itineraries';
import { offlineStore, onSyncOutcome, queueStops, requestSync } from '@/lib/offline';
import { driveKeys, withPendingChanges, type DriveRoute } from '../api/drive-route';

/** What the page tells the driver after a save attempt. */
export type SyncNotice = 'conflict' | 'gone' | 'saveFailed' | null;

/**
 * Changes on the road (done, skipped, undo): shown at once, queued on the device and
 * sent to PUT /api/itineraries/:id now or when the connection returns. The queue is
 * sent on page load and on every 'online' event too.
 */
export function useStopChanges(
  ownerId: string,
  itineraryId: string,
  route: DriveRoute | undefined,
) {
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState<SyncNotice>(null);
  const key = useMemo(() => driveKeys.route(ownerId, itineraryId), [ownerId, itineraryId]);
  /** Counts changes made here: a save outcome never overwrites a change made after it began to apply. */
  const changeCount = useRef(0);

  useEffect(
    () =>
      onSyncOutcome((outcome) => {
        if (outcome.itineraryId !== itineraryId) return;
        if (outcome.kind === 'saved' || outcome.kind === 'conflict') {
          // Re-read the queue: a change made while this save was under way stays on screen
          // (and a change made while the queue is being read sends its own outcome later).
          const seen = changeCount.current;
          void withPendingChanges(ownerId, outcome.itinerary, false).then((next) => {
            if (changeCount.current === seen) queryClient.setQueryData(key, next);
          });
          void queryClient.invalidateQueries({ queryKey: itineraryKeys.all });
        }
        if (outcome.kind === 'saved') setNotice(null);
        else if (outcome.kind === 'conflict') setNotice('conflict');
        else if (outcome.kind === 'gone') setNotice('gone');
        else if (!outcome.offline) setNotice('saveFailed');
      }),
    [ownerId, itineraryId, key, queryClient],
  );

  const change = useCallback(
    async (stops: Stop[]) => {
      if (!route) return;
      changeCount.current += 1;
      queryClient.setQueryData<DriveRoute>(key, (current) =>
        current ? { ...current, stops, pending: true } : current,
      );
      // The base is what the driver saw: the change is the difference to it, even when the
      // page has not heard yet of a save of its own earlier changes.
      await queueStops(offlineStore(), ownerId, { ...route.itinerary, stops: route.stops }, stops);
      void requestSync(ownerId);
    },
    [ownerId, key, route, queryClient],
  );

  return { change, notice, dismissNotice: () => setNotice(null) };
}
