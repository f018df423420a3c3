import { z } from 'zod';
import { autoTitle, type Stop } from '@domain/stops.ts';
import { stopSchema } from '@/lib/stop-schema';

/**
 * The route kept in the browser: the spec's pending route (sessionStorage,
 * awaiting sign-up) and the planner's draft (localStorage, so a reload loses nothing).
 */
export interface StoredRoute {
  title: string;
  stops: Stop[];
}

/** Spec section 3: the pending route waits in sessionStorage under this key. */
export const PENDING_ROUTE_KEY = 'pendingRoute';
/** The /plan draft, the one source of the new-route planner until saved or cleared. */
export const ROUTE_DRAFT_KEY = 'routeDraft';

const storedRouteSchema = z.object({
  title: z.string(),
  stops: z.array(stopSchema),
});

type ReadableStorage = Pick<Storage, 'getItem'>;
type WritableStorage = Pick<Storage, 'setItem' | 'removeItem'>;

function read(storage: ReadableStorage, key: string): StoredRoute | null {
  try {
    const text = storage.getItem(key);
    if (!text) return null;
    const parsed = storedRouteSchema.safeParse(JSON.parse(text));
    return parsed.success
      ? {
          title: parsed.data.title,
          stops: parsed.data.stops.map(({ name, lat, lng, note, status }) => ({
            name,
            lat,
            lng,
            ...(note ? { note } : {}),
            ...(status ? { status } : {}),
          })),
        }
      : null;
  } catch {
    return null;
  }
}

function write(storage: WritableStorage, key: string, route: StoredRoute): void {
  try {
    storage.setItem(key, JSON.stringify({ title: route.title, stops: route.stops }));
  } catch {
    // Storage can be full or disabled (private mode); planning still works in memory.
  }
}

function remove(storage: WritableStorage, key: string): void {
  try {
    storage.removeItem(key);
  } catch {
    // As above: nothing to clean up when storage is unavailable.
  }
}

/** The title to save: the entered one, or the auto title when blank (spec section 4). */
export const titleOrAuto = (title: string, stops: readonly Pick<Stop, 'name'>[]): string =>
  title.trim() === '' ? autoTitle(stops) : title.trim();

export const readPendingRoute = (storage: ReadableStorage = sessionStorage) =>
  read(storage, PENDING_ROUTE_KEY);

/** Stores {title (or the auto title), stops} for saving after sign-up. */
export function writePendingRoute(
  route: StoredRoute,
  storage: WritableStorage = sessionStorage,
): void {
  write(storage, PENDING_ROUTE_KEY, {
    title: titleOrAuto(route.title, route.stops),
    stops: route.stops,
  });
}

export const clearPendingRoute = (storage: WritableStorage = sessionStorage) =>
  remove(storage, PENDING_ROUTE_KEY);

export const readRouteDraft = (storage: ReadableStorage = localStorage) =>
  read(storage, ROUTE_DRAFT_KEY);

/** Keeps the draft; an empty route (no title, no stops) leaves nothing behind. */
export function writeRouteDraft(route: StoredRoute, storage: WritableStorage = localStorage): void {
  if (route.stops.length === 0 && route.title.trim() === '') remove(storage, ROUTE_DRAFT_KEY);
  else write(storage, ROUTE_DRAFT_KEY, route);
}

export const clearRouteDraft = (storage: WritableStorage = localStorage) =>
  remove(storage, ROUTE_DRAFT_KEY);
