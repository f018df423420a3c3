import { queryOptions } from '@tanstack/react-query';
import { DRIVER_LINK_GONE } from '@domain/stop-reports.ts';
import { isApiError } from '@/lib/api-client';
import {
  driverReportKeys,
  driveRouteSchema,
  getDriveRoute,
  type DriveRoute,
} from '@/lib/driver-reports';
import { offlineStore } from '@/lib/offline';
import { driveOutboxKey, updateQueue } from '../model/report-sender';
import { keptWhenLinkGone } from '../model/unsent-reports';

export type DriveStop = DriveRoute['stops'][number];

const copyKey = (token: string) => `drive-route:${token}`;

/**
 * The route of a driver link, kept on the device after each answer: a phone that lost its
 * signal (or reopens the link offline) shows the last copy instead of an error. When the server
 * says the link is unknown or revoked (404 `no-link`), nothing can be sent through it any more:
 * the reports not sent stay on the device, with the copy for their stops' names, for the driver
 * to read and download (model/unsent-reports.ts) until they remove them; without such reports
 * the copy (names, notes) leaves the device at once.
 */
export async function getDriveRouteOrCopy(
  token: string,
  signal?: AbortSignal,
): Promise<DriveRoute> {
  try {
    const route = await getDriveRoute(token, signal);
    void offlineStore()
      .set(copyKey(token), route)
      .catch(() => undefined);
    return route;
  } catch (error) {
    if (isApiError(error) && error.status === 404 && error.serverCode === DRIVER_LINK_GONE)
      await forgetLink(token);
    if (!isApiError(error) || error.status !== 0) throw error;
    const copy = await readRouteCopy(token);
    if (copy) return copy;
    throw error;
  }
}

async function forgetLink(token: string) {
  const store = offlineStore();
  try {
    let unsent = 0;
    await updateQueue(store, token, (queue) => {
      const kept = keptWhenLinkGone(queue);
      unsent = kept.length;
      return kept;
    });
    if (unsent === 0) await store.update(copyKey(token), () => undefined);
  } catch (error) {
    console.warn('Could not forget the revoked driver link on this device', error);
  }
}

/** The route as the device last read it through this link (null when it has none). */
export async function readRouteCopy(token: string): Promise<DriveRoute | null> {
  const copy = driveRouteSchema.safeParse(await offlineStore().get(copyKey(token)));
  return copy.success ? copy.data : null;
}

/** The driver removes what a gone link left on the device: its reports not sent and the copy. */
export async function forgetGoneLink(token: string): Promise<void> {
  const store = offlineStore();
  await Promise.all(
    [copyKey(token), driveOutboxKey(token)].map((key) => store.update(key, () => undefined)),
  );
}

/** The driver's page reads its route again at least this often while it is open and online. */
export const DRIVE_REFRESH_MS = 60_000;

/**
 * The route of a driver link, read again every 60 s while the page is in front and online, and
 * at once when it comes back to the front or online: the dispatcher may move stops meanwhile.
 */
export const driveRouteQueryOptions = (token: string) =>
  queryOptions({
    queryKey: driverReportKeys.drive(token),
    queryFn: ({ signal }) => getDriveRouteOrCopy(token, signal),
    refetchInterval: DRIVE_REFRESH_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: 'always',
    refetchOnReconnect: 'always',
  });
