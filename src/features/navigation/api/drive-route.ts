import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Stop } from '@domain/stops.ts';
import { getItinerary } from '@/lib/itineraries';
import {
  keepItineraryOffline,
  mergeRoadChanges,
  offlineStore,
  readOfflineItinerary,
  readOutboxEntry,
  type ServerItinerary,
} from '@/lib/offline';
import { ApiError, isApiError } from '@/lib/api-client';

/** A saved route on the navigation page: the server's version and the stops as driven on this device. */
export interface DriveRoute {
  itinerary: ServerItinerary;
  /** The server's stops with this device's unsaved changes on top. */
  stops: Stop[];
  /** Read from the copy on this device (no connection). */
  fromDevice: boolean;
  /** Changes made here are not on the server yet. */
  pending: boolean;
}

export const driveKeys = {
  all: ['drive'] as const,
  route: (ownerId: string, itineraryId: string) =>
    [...driveKeys.all, 'route', ownerId, itineraryId] as const,
  log: (ownerId: string, itineraryId: string) =>
    [...driveKeys.all, 'log', ownerId, itineraryId] as const,
  legs: (ownerId: string, itineraryId: string, stops: readonly { lat: number; lng: number }[]) =>
    [
      ...driveKeys.all,
      'legs',
      ownerId,
      itineraryId,
      stops.map(({ lat, lng }) => [lat, lng] as const),
    ] as const,
};

const noConnection = () =>
  new ApiError({ status: 0, code: 'ERR_NETWORK', message: 'Network Error' });

/** The itinerary with the changes still queued on this device applied (stop by stop). */
export async function withPendingChanges(
  ownerId: string,
  itinerary: ServerItinerary,
  fromDevice: boolean,
): Promise<DriveRoute> {
  const entry = await readOutboxEntry(offlineStore(), ownerId, itinerary.id).catch(() => undefined);
  const stops = entry
    ? (mergeRoadChanges(itinerary.stops, entry.baseStops, entry.stops) ?? itinerary.stops)
    : itinerary.stops;
  return { itinerary, stops, fromDevice, pending: Boolean(entry) };
}

/**
 * GET /api/itineraries/:id, kept on the device for the road. Without a connection (the
 * browser says so, or the request never got an answer) the kept copy is used instead.
 */
export async function loadDriveRoute(
  ownerId: string,
  itineraryId: string,
  signal?: AbortSignal,
): Promise<DriveRoute> {
  const store = offlineStore();
  const fromDevice = async (error: unknown) => {
    const kept = await readOfflineItinerary(store, ownerId, itineraryId);
    if (!kept) throw error;
    return withPendingChanges(ownerId, kept, true);
  };
  if (!navigator.onLine) return fromDevice(noConnection());
  let itinerary: ServerItinerary;
  try {
    itinerary = await getItinerary(itineraryId, signal);
  } catch (error) {
    if (isApiError(error) && error.status === 0) return fromDevice(error);
    throw error;
  }
  await keepItineraryOffline(store, ownerId, itinerary);
  return withPendingChanges(ownerId, itinerary, false);
}

export const driveRouteQueryOptions = (ownerId: string, itineraryId: string) =>
  queryOptions({
    queryKey: driveKeys.route(ownerId, itineraryId),
    queryFn: ({ signal }) => loadDriveRoute(ownerId, itineraryId, signal),
    // Runs without a connection too: that is when the copy on the device is needed.
    networkMode: 'always',
  });

export function useDriveRoute(ownerId: string, itineraryId: string) {
  return useQuery(driveRouteQueryOptions(ownerId, itineraryId));
}
