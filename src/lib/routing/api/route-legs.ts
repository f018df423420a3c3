import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { estimateRoute, type LatLng } from '@domain/geo.ts';
import { MIN_STOPS_TO_CALCULATE } from '@domain/limits.ts';
import { apiClient, isApiError } from '@/lib/api-client';
import { routeLegsSchema, type RouteLegs } from '../model/route-legs';

export const routeKeys = {
  all: ['route'] as const,
  /** Keyed by the coordinates only: renaming a stop does not recompute the route. */
  legs: (stops: readonly LatLng[]) =>
    [...routeKeys.all, 'legs', stops.map(({ lat, lng }) => [lat, lng] as const)] as const,
};

/** The route service could not be reached or failed (as opposed to refusing the input). */
const routeServiceUnreachable = (error: unknown): boolean =>
  isApiError(error) &&
  (error.status === 0 || error.status >= 500 || error.code === 'ERR_INVALID_RESPONSE');

/**
 * POST /api/routes/legs {stops} -> totals and one line per leg. The service already
 * estimates the legs its router fails on; when the service itself cannot be reached,
 * the SPA uses the same great-circle estimate.
 */
export async function getRouteLegs(
  stops: readonly LatLng[],
  signal?: AbortSignal,
): Promise<RouteLegs> {
  try {
    return await apiClient.post(
      '/routes/legs',
      { stops: stops.map(({ lat, lng }) => ({ lat, lng })) },
      { signal, schema: routeLegsSchema, readOnly: true },
    );
  } catch (error) {
    if (signal?.aborted || !routeServiceUnreachable(error)) throw error;
    console.warn('Route service unreachable; using straight-line estimates', error);
    return estimateRoute(stops);
  }
}

/**
 * Route computation is a query keyed by the stop coordinates with an AbortSignal,
 * so a stale answer can never overwrite a fresh one (a route needs 2 stops).
 */
export const routeLegsQueryOptions = (stops: readonly LatLng[]) =>
  queryOptions({
    queryKey: routeKeys.legs(stops),
    queryFn: ({ signal }) => getRouteLegs(stops, signal),
    enabled: stops.length >= MIN_STOPS_TO_CALCULATE,
    staleTime: Infinity,
    placeholderData: keepPreviousData,
  });

/** Pass the debounced stops (recalculated 500 ms after they change). */
export function useRouteLegs(debouncedStops: readonly LatLng[]) {
  return useQuery(routeLegsQueryOptions(debouncedStops));
}
