import { apiClient } from '@/lib/api-client';

/** A stop the dispatcher adds to a driver's route during the day. */
export interface StopToAdd {
  routeId: string;
  stop: { name: string; lat: number; lng: number };
  /** Its place in the route (1: right after the start; past the end: the end); none: the API's. */
  place?: number;
}

/**
 * POST /api/itineraries/:id/stops {stop, place?}: the route saved with the stop added, only over
 * the version the server read (409 when the route kept changing, 400 for a stop it refuses).
 */
export function addStop({ routeId, stop, place }: StopToAdd): Promise<unknown> {
  return apiClient.post(`/itineraries/${encodeURIComponent(routeId)}/stops`, {
    stop,
    ...(place !== undefined ? { place } : {}),
  });
}
