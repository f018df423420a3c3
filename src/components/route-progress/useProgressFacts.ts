import { useQuery } from '@tanstack/react-query';
import {
  combineFacts,
  dayGroupProgressQueryOptions,
  progressFacts,
  routeProgressQueryOptions,
  type ProgressFacts,
} from '@/lib/driver-reports';

/** My Routes asks again after this long at most (the live board asks far more often). */
const LIST_STALE_MS = 60_000;

/**
 * A saved route's progress on the road, or null while unknown. A route of a day split among
 * drivers reads its facts out of the day's answer: one request for the whole day.
 */
export function useRouteProgressFacts(
  id: string,
  dayGroup: string | undefined,
  enabled: boolean,
): ProgressFacts | null {
  const own = useQuery({
    ...routeProgressQueryOptions(id),
    // My Routes asks once a minute at most; the board is the page that follows live.
    refetchInterval: false,
    enabled: enabled && !dayGroup,
    staleTime: LIST_STALE_MS,
    retry: false,
    select: (progress) => progressFacts(progress),
  });
  const fromDay = useQuery({
    ...dayGroupProgressQueryOptions(dayGroup ?? ''),
    refetchInterval: false,
    enabled: enabled && Boolean(dayGroup),
    staleTime: LIST_STALE_MS,
    retry: false,
    select: (day) => {
      const route = day.routes.find((candidate) => candidate.itineraryId === id);
      return route ? progressFacts(route) : null;
    },
  });
  return (dayGroup ? fromDay.data : own.data) ?? null;
}

/** A whole day's progress (every driver's counts added up), or null while unknown. */
export function useDayProgressFacts(group: string, enabled: boolean): ProgressFacts | null {
  const day = useQuery({
    ...dayGroupProgressQueryOptions(group),
    refetchInterval: false,
    enabled,
    staleTime: LIST_STALE_MS,
    retry: false,
    select: (progress) => combineFacts(progress.routes.map(progressFacts)),
  });
  return day.data ?? null;
}
