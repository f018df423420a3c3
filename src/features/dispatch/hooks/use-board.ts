import { useQuery } from '@tanstack/react-query';
import {
  PROGRESS_REFRESH_MS,
  dayGroupProgressQueryOptions,
  routeProgressQueryOptions,
  type RouteProgress,
} from '@/lib/driver-reports';

export type BoardTarget = { kind: 'route'; id: string } | { kind: 'day'; group: string };

/**
 * The board's routes (one, or every driver's of a day), asked again every 15 s while the page
 * is open and visible (TanStack Query's refetchInterval; polling works on every stack, the
 * local one has no Realtime).
 */
export function useBoard(target: BoardTarget) {
  const live = {
    refetchInterval: PROGRESS_REFRESH_MS,
    refetchIntervalInBackground: false,
  } as const;
  const route = useQuery({
    ...routeProgressQueryOptions(target.kind === 'route' ? target.id : ''),
    ...live,
    enabled: target.kind === 'route',
    select: (progress): RouteProgress[] => [progress],
  });
  const day = useQuery({
    ...dayGroupProgressQueryOptions(target.kind === 'day' ? target.group : ''),
    ...live,
    enabled: target.kind === 'day',
    select: (progress): RouteProgress[] => progress.routes,
  });
  return target.kind === 'route' ? route : day;
}
