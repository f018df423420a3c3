import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Stop } from '@domain/stops.ts';
import { MIN_STOPS_TO_CALCULATE } from '@domain/limits.ts';
import { keepLegsOffline, offlineStore, readOfflineLegs, type OfflineLeg } from '@/lib/offline';
import { getRouteLegs } from '@/lib/routing';
import { driveKeys } from './drive-route';

/** A leg as the page uses it: its line only when it came from the network. */
export type DriveLeg = OfflineLeg & { coordinates?: [number, number][] };

const routed = (legs: readonly OfflineLeg[]) => legs.every((leg) => !leg.estimated);

/**
 * Distances and durations of the route's legs (POST /api/routes/legs), kept on the device:
 * offline, or when only straight-line estimates come back, the kept routed legs win.
 */
export async function loadDriveLegs(
  ownerId: string,
  itineraryId: string,
  stops: readonly Stop[],
  signal?: AbortSignal,
): Promise<DriveLeg[]> {
  const store = offlineStore();
  const kept = await readOfflineLegs(store, ownerId, itineraryId, stops);
  if (kept && !navigator.onLine) return kept;
  // The line itself (for the GPX export) is not kept on the device: only what the ETA needs.
  const fresh = (await getRouteLegs(stops, signal)).legs;
  if (routed(fresh)) await keepLegsOffline(store, ownerId, itineraryId, stops, fresh);
  else if (kept && routed(kept)) return kept;
  return fresh;
}

export const driveLegsQueryOptions = (
  ownerId: string,
  itineraryId: string,
  stops: readonly Stop[],
) =>
  queryOptions({
    queryKey: driveKeys.legs(ownerId, itineraryId, stops),
    queryFn: ({ signal }) => loadDriveLegs(ownerId, itineraryId, stops, signal),
    enabled: stops.length >= MIN_STOPS_TO_CALCULATE,
    staleTime: Infinity,
    networkMode: 'always',
  });

export function useDriveLegs(ownerId: string, itineraryId: string, stops: readonly Stop[]) {
  return useQuery(driveLegsQueryOptions(ownerId, itineraryId, stops));
}
