import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { ApiGet } from '@/lib/api-url';
import { driveRouteSchema, type DriveRoute } from '../model/schemas';
import { driverReportKeys } from './query-keys';

/**
 * GET /api/drive/:token -> the route behind a driver link, each stop with its latest report; a
 * 404 {error} for an unknown or revoked link. No account needed.
 */
export const driveRouteRequest = (token: string): ApiGet => ({
  path: `/drive/${encodeURIComponent(token)}`,
});

export function getDriveRoute(token: string, signal?: AbortSignal): Promise<DriveRoute> {
  return apiClient.get(driveRouteRequest(token).path, {
    signal,
    schema: driveRouteSchema,
  });
}

export const driveRouteQueryOptions = (token: string) =>
  queryOptions({
    queryKey: driverReportKeys.drive(token),
    queryFn: ({ signal }) => getDriveRoute(token, signal),
  });

export const useDriveRoute = (token: string) => useQuery(driveRouteQueryOptions(token));
