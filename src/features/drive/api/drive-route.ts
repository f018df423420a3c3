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
import { driveOutboxKey } from '../model/report-sender';

export type DriveStop = DriveRoute['stops'][number];

const copyKey = (token: string) => `drive-route:${token}`;

/**
 * The route of a driver link, kept on the device after each answer: a phone that lost its
 * signal (or reopens the link offline) shows the last copy instead of an error. When the server
 * says the link is unknown or revoked (404 `no-link`), the copy (names, notes) and the reports
 * not sent leave the device: nothing can use them any more.
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
    const copy = driveRouteSchema.safeParse(await offlineStore().get(copyKey(token)));
    if (copy.success) return copy.data;
    throw error;
  }
}

async function forgetLink(token: string) {
  const store = offlineStore();
  await Promise.all(
    [copyKey(token), driveOutboxKey(token)].map((key) =>
      store
        .update(key, () => undefined)
        .catch((error: unknown) => {
          console.warn('Could not forget the revoked driver link on this device', error);
        }),
    ),
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
