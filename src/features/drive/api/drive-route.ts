import { queryOptions } from '@tanstack/react-query';
import { isApiError } from '@/lib/api-client';
import {
  driverReportKeys,
  driveRouteSchema,
  getDriveRoute,
  type DriveRoute,
} from '@/lib/driver-reports';
import { offlineStore } from '@/lib/offline';

export type DriveStop = DriveRoute['stops'][number];

const copyKey = (token: string) => `drive-route:${token}`;

/**
 * The route of a driver link, kept on the device after each answer: a phone that lost its
 * signal (or reopens the link offline) shows the last copy instead of an error.
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
    if (!isApiError(error) || error.status !== 0) throw error;
    const copy = driveRouteSchema.safeParse(await offlineStore().get(copyKey(token)));
    if (copy.success) return copy.data;
    throw error;
  }
}

export const driveRouteQueryOptions = (token: string) =>
  queryOptions({
    queryKey: driverReportKeys.drive(token),
    queryFn: ({ signal }) => getDriveRouteOrCopy(token, signal),
  });
