import type { KeyValueStore } from './model/key-value-store';
import { isOfflineRouteCopy, offlineKeys } from './model/offline-keys';
import type { ServerItinerary } from './model/outbox';

/**
 * The copy of a route kept on the device for driving without a connection: the
 * itinerary as last received, and its legs' distances and durations (for the ETA).
 */

export interface OfflineLeg {
  distance: number;
  duration: number;
  estimated: boolean;
}

interface StoredLegs {
  /** The stop coordinates the legs were computed for. */
  coordinates: string;
  legs: OfflineLeg[];
}

export const legsCoordinatesKey = (stops: readonly { lat: number; lng: number }[]) =>
  stops.map(({ lat, lng }) => `${lat},${lng}`).join(';');

/** Best effort: a full or refused storage never breaks the page. */
async function bestEffort(write: () => Promise<void>): Promise<void> {
  try {
    await write();
  } catch (error) {
    console.warn('Could not keep the route for offline use', error);
  }
}

export const keepItineraryOffline = (
  store: KeyValueStore,
  ownerId: string,
  itinerary: ServerItinerary,
) => bestEffort(() => store.set(offlineKeys.itinerary(ownerId, itinerary.id), itinerary));

export async function readOfflineItinerary(
  store: KeyValueStore,
  ownerId: string,
  itineraryId: string,
): Promise<ServerItinerary | undefined> {
  try {
    return await store.get<ServerItinerary>(offlineKeys.itinerary(ownerId, itineraryId));
  } catch {
    return undefined;
  }
}

export const keepLegsOffline = (
  store: KeyValueStore,
  ownerId: string,
  itineraryId: string,
  stops: readonly { lat: number; lng: number }[],
  legs: readonly OfflineLeg[],
) =>
  bestEffort(() =>
    store.set(offlineKeys.legs(ownerId, itineraryId), {
      coordinates: legsCoordinatesKey(stops),
      legs: legs.map(({ distance, duration, estimated }) => ({ distance, duration, estimated })),
    } satisfies StoredLegs),
  );

/** The kept legs, only if they were computed for these very stops. */
export async function readOfflineLegs(
  store: KeyValueStore,
  ownerId: string,
  itineraryId: string,
  stops: readonly { lat: number; lng: number }[],
): Promise<OfflineLeg[] | undefined> {
  try {
    const stored = await store.get<StoredLegs>(offlineKeys.legs(ownerId, itineraryId));
    return stored && stored.coordinates === legsCoordinatesKey(stops) ? stored.legs : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Forgets every route copy on the device (signing out, another account signing in). Changes
 * not sent yet stay queued under their account, to be sent when it signs in again.
 */
export async function forgetOfflineRoutes(store: KeyValueStore): Promise<void> {
  try {
    const keys = (await store.keys()).filter(isOfflineRouteCopy);
    await Promise.all(keys.map((key) => store.update(key, () => undefined)));
  } catch (error) {
    console.warn('Could not clear the routes kept for offline use', error);
  }
}
