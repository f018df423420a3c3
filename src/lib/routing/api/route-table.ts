import type { LatLng } from '@domain/geo.ts';
import { apiClient } from '@/lib/api-client';
import { routeTableSchema, type RouteTable } from '../model/route-table';

/**
 * POST /api/routes/table {stops} -> road distances and durations between every pair of stops
 * (the service itself answers great-circle estimates, flagged `estimated`, when its router
 * fails). Null when the service cannot be asked or answers something else: road distances are
 * an improvement, never a reason to fail.
 */
export async function getRouteTable(
  stops: readonly LatLng[],
  signal?: AbortSignal,
): Promise<RouteTable | null> {
  try {
    return await apiClient.post(
      '/routes/table',
      { stops: stops.map(({ lat, lng }) => ({ lat, lng })) },
      { signal, schema: routeTableSchema },
    );
  } catch (error) {
    if (signal?.aborted) throw error;
    console.warn('Route table unavailable; using straight-line distances', error);
    return null;
  }
}
