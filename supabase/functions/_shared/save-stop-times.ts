/**
 * Saves a route's planned times for its version (what tracking links read, route-schedule.ts):
 * whenever its stops or plan are saved through the API, and when links are made for it.
 */
import type { Itinerary } from './itinerary-store.ts';
import { stopTimes } from './route-schedule.ts';
import { computeRoute, type RouterClient } from './routing.ts';
import type { OwnerTrackingStore } from './tracking-store.ts';

/**
 * `legs`: the driving seconds between the stops when the caller has them already; asked of the
 * route service (its cache, or the great-circle estimate) otherwise. Nothing for a route without
 * a departure.
 */
export async function saveStopTimes(
  router: RouterClient,
  store: OwnerTrackingStore,
  itinerary: Itinerary,
  legs?: readonly number[],
): Promise<void> {
  if (!itinerary.day_plan?.departure || itinerary.stops.length === 0) return;
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
