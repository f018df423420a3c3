/**
 * Saves a route's planned times for its version (what tracking links read, route-schedule.ts, and
 * nothing else: the driver's page, the board and My Routes compute theirs): whenever its stops or
 * plan are saved through the API while it has a tracking link, and when links are made for it
 * (after they are made, of the route as read then, so a save at the same moment is never missed:
 * it either sees the links or is the version read).
 */
import type { Itinerary } from './itinerary-store.ts';
import { stopTimes } from './route-schedule.ts';
import { computeRoute, type RouterClient } from './routing.ts';
import type { OwnerTrackingStore } from './tracking-store.ts';

/**
 * `legs`: the driving seconds between the stops when the caller has them already; asked of the
 * route service (its cache, or the great-circle estimate) otherwise. Nothing for a route without
 * a departure, nor for one without an active tracking link unless `linked` says the caller has
 * just made its links.
 */
export async function saveStopTimes(
  router: RouterClient,
  store: OwnerTrackingStore,
  itinerary: Itinerary,
  legs?: readonly number[],
  { linked = false }: { linked?: boolean } = {},
): Promise<void> {
  if (!itinerary.day_plan?.departure || itinerary.stops.length === 0) return;
  if (!linked && (await store.activeLinks(itinerary.id)).length === 0) return;
  const durations =
    legs ??
    (itinerary.stops.length > 1
      ? (await computeRoute(router, itinerary.stops, { geometry: false })).legs.map(
          (leg) => leg.duration,
        )
      : []);
  const times = stopTimes(itinerary.day_plan, itinerary.stops, durations);
  if (times) await store.saveSchedule(itinerary.id, itinerary.updated_at, times);
}
