import { getItinerary, updateItinerary } from '@/lib/itineraries';
import { registerAccountCache } from '@/lib/account-caches';
import { forgetOfflineRoutes } from './offline-route';
import { offlineStore } from './storage/idb-store';
import { flushOutbox, type OutboxApi, type SyncOutcome } from './sync';

/**
 * Runs the outbox in the browser: on demand (after each change, on page load) and
 * whenever the connection returns. One flush at a time per browser (Web Locks when
 * available, so two tabs never send at once); a request during a flush runs another.
 */

const outboxApi: OutboxApi = {
  get: (itineraryId) => getItinerary(itineraryId),
  put: (itineraryId, input, onlyIfUpdatedAt) =>
    updateItinerary({ id: itineraryId, input, onlyIfUpdatedAt }),
};

type Listener = (outcome: SyncOutcome) => void;
const listeners = new Set<Listener>();

/** Every outcome of every flush, for the pages that show the route. */
export function onSyncOutcome(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const LOCK_NAME = 'route-planner-outbox';

async function flushOnce(ownerId: string): Promise<void> {
  const store = offlineStore();
  const flush = () => flushOutbox(store, outboxApi, ownerId);
  const outcomes = navigator.locks
    ? await navigator.locks.request(LOCK_NAME, flush)
    : await flush();
  for (const outcome of outcomes) listeners.forEach((listener) => listener(outcome));
}

let running: Promise<void> | null = null;
let rerun: string | null = null;

/** Saves ownerId's queued changes now (coalesced with a flush already under way). */
export function requestSync(ownerId: string): Promise<void> {
  if (running) {
    rerun = ownerId;
    return running;
  }
  running = (async () => {
    let next: string | null = ownerId;
    while (next) {
      rerun = null;
      try {
        await flushOnce(next);
      } catch (error) {
        console.warn('Could not save the offline changes yet', error);
      }
      next = rerun;
    }
  })().finally(() => {
    running = null;
  });
  return running;
}

// The copies of routes belong to the account that opened them: gone when it signs out.
registerAccountCache(() => void forgetOfflineRoutes(offlineStore()));

let syncingOwner: string | null = null;
let listening = false;

/** From now on, changes of `ownerId` are sent whenever the connection returns; sends them now too when online. */
export function startOutboxSync(ownerId: string): void {
  syncingOwner = ownerId;
  if (!listening) {
    listening = true;
    window.addEventListener('online', () => {
      if (syncingOwner) void requestSync(syncingOwner);
    });
  }
  // Offline there is nothing to try (and the session may be waiting for its own refresh).
  if (navigator.onLine) void requestSync(ownerId);
}
