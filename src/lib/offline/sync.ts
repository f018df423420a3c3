import type { Stop } from '@domain/stops.ts';
import { isApiError } from '@/lib/api-client';
import type { KeyValueStore } from './model/key-value-store';
import { offlineKeys } from './model/offline-keys';
import {
  planSync,
  queueChange,
  rebaseEntry,
  type OutboxEntry,
  type ServerItinerary,
} from './model/outbox';
import { keepItineraryOffline } from './offline-route';

/** The two /api calls the outbox makes (GET and PUT /api/itineraries/:id). */
export interface OutboxApi {
  get(itineraryId: string): Promise<ServerItinerary>;
  /** Saves only over the version `onlyIfUpdatedAt` (else an ApiError with status 412). */
  put(
    itineraryId: string,
    input: { title: string; stops: Stop[] },
    onlyIfUpdatedAt: string | undefined,
  ): Promise<ServerItinerary>;
}

export type SyncOutcome =
  /** The server has the driver's changes; `pending`: a newer change is still queued. */
  | { kind: 'saved'; itineraryId: string; itinerary: ServerItinerary; pending: boolean }
  /** Changed elsewhere beyond statuses and notes: the driver's changes were dropped. */
  | { kind: 'conflict'; itineraryId: string; itinerary: ServerItinerary }
  /** The route no longer exists (or is not this user's): nothing can be saved. */
  | { kind: 'gone'; itineraryId: string }
  /** Not saved this time (offline, server error, session...): the entry stays queued. */
  | { kind: 'failed'; itineraryId: string; offline: boolean; error: unknown };

const isNotFound = (error: unknown) => isApiError(error) && error.status === 404;
/** The route changed between our read and our save (If-Match): read it again. */
const isChangedMeanwhile = (error: unknown) => isApiError(error) && error.status === 412;
/** Reads of a route that keeps changing under the save before this attempt gives up (the entry stays queued). */
const MAX_READS = 3;
const isOffline = (error: unknown) => isApiError(error) && error.status === 0;

/** Removes the entry only if it is still the one that was handled (no newer change). */
const clearIfUnchanged = (store: KeyValueStore, key: string, handled: OutboxEntry) =>
  store.update<OutboxEntry>(key, (current) =>
    current && current.revision !== handled.revision ? current : undefined,
  );

export function readOutboxEntry(
  store: KeyValueStore,
  ownerId: string,
  itineraryId: string,
): Promise<OutboxEntry | undefined> {
  return store.get<OutboxEntry>(offlineKeys.outbox(ownerId, itineraryId));
}

/** Queues the full stop list after a change; `base` is the server version the page shows. */
export async function queueStops(
  store: KeyValueStore,
  ownerId: string,
  base: ServerItinerary,
  stops: Stop[],
  now = Date.now(),
): Promise<void> {
  await store.update<OutboxEntry>(offlineKeys.outbox(ownerId, base.id), (existing) =>
    queueChange(existing, base, stops, now),
  );
}

/** One attempt at saving one itinerary's queued changes. */
export async function syncItinerary(
  store: KeyValueStore,
  api: OutboxApi,
  ownerId: string,
  itineraryId: string,
): Promise<SyncOutcome | null> {
  const key = offlineKeys.outbox(ownerId, itineraryId);
  const entry = await store.get<OutboxEntry>(key);
  if (!entry) return null;
  const failed = (error: unknown): SyncOutcome => ({
    kind: 'failed',
    itineraryId,
    offline: isOffline(error),
    error,
  });
  const gone = async (): Promise<SyncOutcome> => {
    await clearIfUnchanged(store, key, entry);
    return { kind: 'gone', itineraryId };
  };

  let saved: ServerItinerary;
  for (let read = 1; ; read += 1) {
    let server: ServerItinerary;
    try {
      server = await api.get(itineraryId);
    } catch (error) {
      return isNotFound(error) ? gone() : failed(error);
    }
    const plan = planSync(entry, server);
    if (plan.kind === 'conflict') {
      // The device keeps the server's version before the driver's changes are dropped.
      await keepItineraryOffline(store, ownerId, server);
      await clearIfUnchanged(store, key, entry);
      return { kind: 'conflict', itineraryId, itinerary: server };
    }
    if (plan.kind === 'already-saved') {
      saved = server;
      break;
    }
    try {
      // Only over the version just read: an edit landing in between is never overwritten.
      saved = await api.put(
        itineraryId,
        { title: server.title, stops: plan.stops },
        server.updated_at,
      );
      break;
    } catch (error) {
      if (isChangedMeanwhile(error) && read < MAX_READS) continue;
      return isNotFound(error) ? gone() : failed(error);
    }
  }
  // Only now, after a 2xx (or when the server already had it all), does the entry go, and
  // only once the device's copy is the saved version: a reload in between shows either
  // the queued change or the saved route, never the route from before the change.
  await keepItineraryOffline(store, ownerId, saved);
  let pending = false;
  await store.update<OutboxEntry>(key, (current) => {
    if (!current || current.revision === entry.revision) return undefined;
    pending = true;
    return rebaseEntry(current, entry, saved);
  });
  return { kind: 'saved', itineraryId, itinerary: saved, pending };
}

/** Most rounds per itinerary in one flush (a driver tapping while a save is in flight). */
const MAX_ROUNDS = 5;

/** Saves every queued itinerary of `ownerId`; the last outcome of each. */
export async function flushOutbox(
  store: KeyValueStore,
  api: OutboxApi,
  ownerId: string,
): Promise<SyncOutcome[]> {
  const prefix = offlineKeys.outboxPrefix(ownerId);
  const ids = (await store.keys())
    .filter((key) => key.startsWith(prefix))
    .map((key) => key.slice(prefix.length));
  const outcomes: SyncOutcome[] = [];
  for (const itineraryId of ids) {
    let outcome: SyncOutcome | null = null;
    for (let round = 0; round < MAX_ROUNDS; round += 1) {
      outcome = await syncItinerary(store, api, ownerId, itineraryId);
      if (!outcome || outcome.kind !== 'saved' || !outcome.pending) break;
    }
    if (outcome) outcomes.push(outcome);
  }
  return outcomes;
}
