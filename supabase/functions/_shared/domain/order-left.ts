/**
 * A driver re-orders what is left of their route (docs/features.md, "The driver's page"): the
 * stops still to do take a new order, the start and the stops done keep their places. One rule
 * for the driver's page (which stops it re-orders, the order it shows) and the `api` function
 * (what it accepts); the database's driver_reorder checks the same again under the route's lock.
 */
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
 * done ('reported': reported since the order was made), or a list that is not each stop still to
 * do once ('invalid': one missing, one twice, the start).
 */
export type OrderLeftIssue = 'no-stop' | 'reported' | 'invalid';

/**
 * The route with its stops still to do in `order` (their ids): the k-th place a stop still to do
 * had takes the k-th id of `order`; the start and the stops done stay where they are.
 */
export function withOrderLeft<S extends { id?: string }>(
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
