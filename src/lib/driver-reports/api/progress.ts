import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { ApiGet } from '@/lib/api-url';
import {
  dayGroupProgressSchema,
  routeProgressSchema,
  type DayGroupProgress,
  type RouteProgress,
} from '../model/schemas';
import { driverReportKeys } from './query-keys';

/** The live board reads the progress again at least this often while it is open. */
export const PROGRESS_REFRESH_MS = 15_000;

/** GET /api/itineraries/:id/progress: every stop's latest report, the counts and the delay. */
export const routeProgressRequest = (itineraryId: string): ApiGet => ({
  path: `/itineraries/${encodeURIComponent(itineraryId)}/progress`,
});

export function getRouteProgress(
  itineraryId: string,
  signal?: AbortSignal,
): Promise<RouteProgress> {
  return apiClient.get(routeProgressRequest(itineraryId).path, {
    signal,
    schema: routeProgressSchema,
  });
}

/** GET /api/day-groups/:dayGroup/progress: the progress of every route of a day group. */
export const dayGroupProgressRequest = (dayGroup: string): ApiGet => ({
  path: `/day-groups/${encodeURIComponent(dayGroup)}/progress`,
});

export function getDayGroupProgress(
  dayGroup: string,
  signal?: AbortSignal,
): Promise<DayGroupProgress> {
  return apiClient.get(dayGroupProgressRequest(dayGroup).path, {
    signal,
    schema: dayGroupProgressSchema,
  });
}

export const routeProgressQueryOptions = (itineraryId: string) =>
  queryOptions({
    queryKey: driverReportKeys.progress(itineraryId),
    queryFn: ({ signal }) => getRouteProgress(itineraryId, signal),
    refetchInterval: PROGRESS_REFRESH_MS,
  });

export const dayGroupProgressQueryOptions = (dayGroup: string) =>
  queryOptions({
    queryKey: driverReportKeys.dayGroup(dayGroup),
    queryFn: ({ signal }) => getDayGroupProgress(dayGroup, signal),
    refetchInterval: PROGRESS_REFRESH_MS,
  });

export const useRouteProgress = (itineraryId: string) =>
  useQuery(routeProgressQueryOptions(itineraryId));

export const useDayGroupProgress = (dayGroup: string) =>
  useQuery(dayGroupProgressQueryOptions(dayGroup));
