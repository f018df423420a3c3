import { paths, RETURN_TO_WAZE } from '@/config/paths';
import {
  clearPendingRoute,
  readPendingRoute,
  writePendingRoute,
  type StoredRoute,
} from '@/lib/route-storage';
import { postAuthDestination } from './post-auth';
import { DEVICE_KEYS } from '@/lib/device-keys';

/**
 * What happens right after a sign-in, sign-up or Google sign-in:
 * a pending route is created first; without one the user goes on to returnTo.
 */
export type PostAuthStep =
  | { kind: 'save-pending'; route: StoredRoute; openNavigation: boolean }
  | { kind: 'go'; to: string };

export function planPostAuth(pending: StoredRoute | null, returnTo: string | null): PostAuthStep {
  if (pending && pending.stops.length > 0) {
    return { kind: 'save-pending', route: pending, openNavigation: returnTo === RETURN_TO_WAZE };
  }
  return { kind: 'go', to: postAuthDestination(returnTo) };
}

/** Where the saved pending route leads: its navigation page, or My Routes with the saved banner. */
export function destinationAfterSavingPending(
  openNavigation: boolean,
  createdId: string,
): { to: string; flash: 'saved' | undefined } {
  return openNavigation
    ? { to: paths.wazeRoute(createdId), flash: undefined }
    : { to: paths.dashboard(), flash: 'saved' };
}

/** A failed save keeps the pending route and the draft; the planner still shows the route. */
export const DESTINATION_AFTER_FAILED_SAVE = paths.plan();

/**
 * sessionStorage belongs to one tab, and the confirmation link of a project that
 * requires email confirmation opens another one. The pending route waits for that
 * first sign-in in localStorage under this key.
 */
export const AWAITING_CONFIRMATION_KEY = DEVICE_KEYS.pendingRouteAwaitingConfirmation.name;

/** Confirmation links expire long before this; an older parked route is stale. */
export const AWAITING_CONFIRMATION_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

type Local = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
type Session = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

interface ParkedRoute {
  parkedAt: number;
  route: StoredRoute;
}

function readParked(local: Pick<Storage, 'getItem'>, now: number): StoredRoute | null {
  try {
    const text = local.getItem(AWAITING_CONFIRMATION_KEY);
    if (!text) return null;
    const parked = JSON.parse(text) as Partial<ParkedRoute>;
    if (
      typeof parked.parkedAt !== 'number' ||
      now - parked.parkedAt > AWAITING_CONFIRMATION_MAX_AGE_MS
    )
      return null;
    // Validated by the planner's reader, the one schema for stored routes.
    return readPendingRoute({ getItem: () => JSON.stringify(parked.route) });
  } catch {
    return null;
  }
}

function removeParked(local: Pick<Storage, 'removeItem'>): void {
  try {
    local.removeItem(AWAITING_CONFIRMATION_KEY);
  } catch {
    // Storage unavailable: nothing was parked.
  }
}

/** After a sign-up that awaits email confirmation: keep this tab's pending route for any tab. */
export function parkPendingRouteForConfirmation(
  session: Pick<Storage, 'getItem'> = sessionStorage,
  local: Local = localStorage,
  now = Date.now(),
): void {
  const pending = readPendingRoute(session);
  if (!pending) return;
  try {
    local.setItem(
      AWAITING_CONFIRMATION_KEY,
      JSON.stringify({ parkedAt: now, route: pending } satisfies ParkedRoute),
    );
  } catch {
    // Storage full or disabled: the route still waits in this tab.
  }
}

/**
 * On the first sign-in: a parked route becomes this tab's pending route unless the
 * tab already has one (then that one is the same or newer). Either way the parked
 * copy is used up, so it is never saved twice.
 */
export function restoreParkedPendingRoute(
  session: Session = sessionStorage,
  local: Local = localStorage,
  now = Date.now(),
): void {
  const parked = readParked(local, now);
  removeParked(local);
  if (parked && !readPendingRoute(session)) writePendingRoute(parked, session);
}

/** The route the login and register banners show: this tab's pending route, else a parked one. */
export function pendingRouteToOffer(
  session: Pick<Storage, 'getItem'> = sessionStorage,
  local: Pick<Storage, 'getItem'> = localStorage,
  now = Date.now(),
): StoredRoute | null {
  return readPendingRoute(session) ?? readParked(local, now);
}

/** 'Continue planning without saving': the route is no longer waiting for an account. */
export function dropPendingRoute(
  session: Session = sessionStorage,
  local: Local = localStorage,
): void {
  clearPendingRoute(session);
  removeParked(local);
}
