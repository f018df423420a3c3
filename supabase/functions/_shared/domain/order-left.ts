/**
 * A driver re-orders what is left of their route (docs/features.md, "The driver's page"): the
 * stops still to do take a new order, the start and the stops done keep their places. One rule
 * for the driver's page (which stops it re-orders, the order it shows) and the `api` function
 * (what it accepts); the database's driver_reorder checks the same again under the route's lock.
 */
import type { StopLock } from './day-plan/day-plan.ts';
import type { ReportStatus } from './stop-reports.ts';
import { isRouteStart } from './stop-reports.ts';

/**
 * Done: the stop's latest report says delivered or failed. A skipped stop is still to do (the
 * driver comes back to it), as it is for the tracking links.
 */
export const isDoneStatus = (status: ReportStatus | undefined): boolean =>
  status === 'delivered' || status === 'failed';

/** A stop's latest report status by its id (undefined: no report). */
export type StatusOf = (stopId: string) => ReportStatus | undefined;

/** The places (indices) of the stops still to do: after the start, not done. */
export function placesLeft(stops: readonly { id?: string }[], statusOf: StatusOf): number[] {
  const places: number[] = [];
  stops.forEach((stop, index) => {
    if (!isRouteStart(index) && !isDoneStatus(statusOf(stop.id ?? ''))) places.push(index);
  });
  return places;
}

/**
 * Why an order of what is left is refused: a stop that is not on the route ('no-stop'), a stop
 * done ('reported': reported since the order was made), a list that is not each stop still to
 * do once ('invalid': one missing, one twice, the start), or one that moves a locked stop
 * ('locked', see `breaksLocks`).
 */
export type OrderLeftIssue = 'no-stop' | 'reported' | 'invalid' | 'locked';

/**
 * True when `order` (the ids of the stops left, lower case) moves a locked stop: a stop left that
 * is locked first (right after the start, where the optimisers keep it) must be the first of the
 * order, one locked last the last. In a route that keeps its locks such a stop keeps its place;
 * in one whose owner moved it by hand, the order puts it back where its lock says.
 */
export function breaksLocks(
  left: readonly { id?: string; lock?: StopLock }[],
  order: readonly string[],
): boolean {
  return left.some((stop) => {
    const id = stop.id?.toLowerCase();
    if (stop.lock === 'first') return order[0] !== id;
    if (stop.lock === 'last') return order[order.length - 1] !== id;
    return false;
  });
}

/**
 * The route with its stops still to do in `order` (their ids): the k-th place a stop still to do
 * had takes the k-th id of `order`; the start and the stops done stay where they are, and a
 * stop locked first or last is first or last of what is left (`breaksLocks`).
 */
export function withOrderLeft<S extends { id?: string; lock?: StopLock }>(
  stops: readonly S[],
  statusOf: StatusOf,
  order: readonly string[],
): { stops: S[] } | { issue: OrderLeftIssue } {
  const byId = new Map(stops.map((stop, index) => [stop.id?.toLowerCase(), index]));
  const ids = order.map((id) => id.toLowerCase());
  if (ids.some((id) => !byId.has(id))) return { issue: 'no-stop' };
  if (ids.some((id) => isDoneStatus(statusOf(id)))) return { issue: 'reported' };
  const places = placesLeft(stops, statusOf);
  const left = new Set(places.map((place) => stops[place].id?.toLowerCase()));
  if (ids.length !== places.length || new Set(ids).size !== ids.length) return { issue: 'invalid' };
  if (ids.some((id) => !left.has(id))) return { issue: 'invalid' };
  if (
    breaksLocks(
      places.map((place) => stops[place]),
      ids,
    )
  )
    return { issue: 'locked' };
  const reordered = [...stops];
  places.forEach((place, k) => {
    reordered[place] = stops[byId.get(ids[k])!];
  });
  return { stops: reordered };
}

/** The `code` of the 409 to a re-order over a route the dispatcher changed since it was read. */
export const ORDER_ROUTE_CHANGED = 'route-changed';
/** The `code` of the 409 to a re-order listing a stop reported (done) since it was read. */
export const ORDER_STOP_REPORTED = 'stop-reported';
/** The `code` of the 400 to a re-order that moves a stop locked first or last. */
export const ORDER_STOP_LOCKED = 'stop-locked';
