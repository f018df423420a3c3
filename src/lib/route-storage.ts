import * as z from 'zod/mini';
import { autoTitle, type Stop } from '@domain/stops.ts';
import type { TextLanguage } from '@domain/composed-texts.ts';
import type { DayPlan } from '@domain/day-plan/day-plan.ts';
import { registerAccountCache } from '@/lib/account-caches';
import { DEVICE_KEYS, forgetDeviceKeys } from '@/lib/device-keys';
import { stopSchema } from '@/lib/stop-schema';
import { dayPlanSchema } from '@/lib/day-plan/schema';

/**
 * The route kept in the browser: the pending route (sessionStorage,
 * awaiting sign-up) and the planner's draft (localStorage, so a reload loses nothing).
 */
export interface StoredRoute {
  title: string;
  stops: Stop[];
  /** The working day (absent in drafts kept before it existed: no times). */
  dayPlan?: DayPlan | null;
}

/** The pending route waits in sessionStorage under this key. */
export const PENDING_ROUTE_KEY = DEVICE_KEYS.pendingRoute.name;
/** The /plan draft, the one source of the new-route planner until saved or cleared. */
export const ROUTE_DRAFT_KEY = DEVICE_KEYS.routeDraft.name;

const storedRouteSchema = z.object({
  title: z.string(),
  stops: z.array(stopSchema),
  dayPlan: z.optional(z.nullable(dayPlanSchema)),
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
          stops: parsed.data.stops.map(
            ({ id, name, lat, lng, note, status, serviceMinutes, window, lock, load }) => ({
              ...(id ? { id } : {}),
              name,
              lat,
              lng,
              ...(note ? { note } : {}),
              ...(status ? { status } : {}),
              ...(serviceMinutes !== undefined ? { serviceMinutes } : {}),
              ...(window ? { window } : {}),
              ...(lock ? { lock } : {}),
              ...(load !== undefined ? { load } : {}),
            }),
          ),
          ...(parsed.data.dayPlan !== undefined ? { dayPlan: parsed.data.dayPlan } : {}),
        }
      : null;
  } catch {
    return null;
  }
}

/**
 * The plan as kept on the device: only when there is one, so a route without times is kept
 * exactly as before. (An edit draft that removed a saved plan therefore gets the saved plan
 * back after a reload.)
 */
const dayPlanOf = (route: StoredRoute) => (route.dayPlan ? { dayPlan: route.dayPlan } : {});

function write(storage: WritableStorage, key: string, route: StoredRoute): void {
  try {
    storage.setItem(
      key,
      JSON.stringify({ title: route.title, stops: route.stops, ...dayPlanOf(route) }),
    );
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

/** The title to save: the entered one, or the auto title (in `language`) when blank. */
export const titleOrAuto = (
  title: string,
  stops: readonly Pick<Stop, 'name'>[],
  language: TextLanguage = 'en',
): string => (title.trim() === '' ? autoTitle(stops, language) : title.trim());

export const readPendingRoute = (storage: ReadableStorage = sessionStorage) =>
  read(storage, PENDING_ROUTE_KEY);

/** Stores {title (or the auto title), stops, day plan} for saving after sign-up. */
export function writePendingRoute(
  route: StoredRoute,
  storage: WritableStorage = sessionStorage,
): void {
  write(storage, PENDING_ROUTE_KEY, {
    title: titleOrAuto(route.title, route.stops),
    stops: route.stops,
    dayPlan: route.dayPlan,
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

/**
 * Edit mode keeps its own draft per saved route (localStorage 'routeEditDraft:{id}'): the
 * unsaved edits and the version they were made on (`baseVersion`, the itinerary's updated_at),
 * so a reload restores them and a save still refuses to overwrite a newer version.
 */
export const EDIT_DRAFT_PREFIX = DEVICE_KEYS.routeEditDraft.name;

export interface EditDraft extends StoredRoute {
  baseVersion: string;
}

/** baseVersion '': the server gave no version (no If-Match then). */
const editDraftSchema = z.extend(storedRouteSchema, { baseVersion: z.string() });

export function readEditDraft(
  itineraryId: string,
  storage: ReadableStorage = localStorage,
): EditDraft | null {
  const route = read(storage, EDIT_DRAFT_PREFIX + itineraryId);
  if (!route) return null;
  try {
    const parsed = editDraftSchema.safeParse(
      JSON.parse(storage.getItem(EDIT_DRAFT_PREFIX + itineraryId) ?? 'null'),
    );
    return parsed.success ? { ...route, baseVersion: parsed.data.baseVersion } : null;
  } catch {
    return null;
  }
}

export function writeEditDraft(
  itineraryId: string,
  draft: EditDraft,
  storage: WritableStorage = localStorage,
): void {
  try {
    storage.setItem(
      EDIT_DRAFT_PREFIX + itineraryId,
      JSON.stringify({
        title: draft.title,
        stops: draft.stops,
        ...dayPlanOf(draft),
        baseVersion: draft.baseVersion,
      }),
    );
  } catch {
    // Storage full or disabled: the edits stay on screen, a reload loses them.
  }
}

export const clearEditDraft = (itineraryId: string, storage: WritableStorage = localStorage) =>
  remove(storage, EDIT_DRAFT_PREFIX + itineraryId);

// Signing out (or into another account) forgets the previous account's keys (its edit drafts
// among them): every key of @/lib/device-keys whose life is the account's.
registerAccountCache(() => forgetDeviceKeys('sign-out'));
