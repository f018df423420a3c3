import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { offlineKeys, offlineStore } from '@/lib/offline';
import { driveKeys } from '../api/drive-route';
import { nextDriveLog, readDriveLog, type DriveEvent, type DriveLog } from '../model/drive-log';

/**
 * The route's drive log on this device (model/drive-log.ts), filed under the account like the
 * route's offline copy, and what to call when something happens on the road. Best effort: a
 * refused storage only leaves the summary without its times.
 */
export function useDriveLog(ownerId: string, itineraryId: string) {
  const queryClient = useQueryClient();
  const queryKey = useMemo(() => driveKeys.log(ownerId, itineraryId), [ownerId, itineraryId]);
  const storeKey = offlineKeys.driveLog(ownerId, itineraryId);
  const log = useQuery({
    queryKey: driveKeys.log(ownerId, itineraryId),
    queryFn: async () =>
      readDriveLog(await offlineStore().get(offlineKeys.driveLog(ownerId, itineraryId))) ?? null,
    staleTime: Infinity,
    networkMode: 'always',
  });

  const record = useCallback(
    (event: DriveEvent) => {
      const now = Date.now();
      const update = (old: DriveLog | undefined) => nextDriveLog(old, event, now);
      queryClient.setQueryData<DriveLog | null>(
        queryKey,
        (old) => update(old ?? undefined) ?? null,
      );
      offlineStore()
        .update<DriveLog>(storeKey, (old) => update(readDriveLog(old)))
        .catch((error: unknown) => console.warn('Could not keep the drive log', error));
    },
    [queryClient, queryKey, storeKey],
  );

  return { log: log.data ?? undefined, record };
}
