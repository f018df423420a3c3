import { apiClient } from '@/lib/api-client';

/** A stop still to do, moving from its driver's route to another's. */
export interface StopMove {
  from: string;
  stopId: string;
  to: string;
}

/**
 * POST /api/itineraries/:from/stops/:stopId/move {to}: both routes saved in one transaction, or
 * neither (409 when the stop has a report now, 404 when a route or the stop is gone).
 */
export function moveStop({ from, stopId, to }: StopMove): Promise<unknown> {
  return apiClient.post(
    `/itineraries/${encodeURIComponent(from)}/stops/${encodeURIComponent(stopId)}/move`,
    { to },
  );
}
