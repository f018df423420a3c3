/**
 * The planned times of a saved route, for the driver's page and the owner's progress: its day
 * plan applied to the route's legs (road durations from the route service, its cache, or the
 * great-circle estimate when it fails), as the planner and the navigation page compute them.
 */
import { endOf, type DayPlan } from './domain/day-plan/day-plan.ts';
import { scheduleRoute } from './domain/day-plan/schedule.ts';
import type { LatLng } from './domain/geo.ts';
import type { Stop } from './domain/stops.ts';
import { computeRoute, type RouterClient } from './routing.ts';

export interface PlannedTimes {
  /**
   * Per stop, in order, the planned arrival (epoch ms); for the first stop, where the day starts,
   * the departure.
   */
  arrivals: number[];
  /** When the day ends (at the end, or leaving the last stop). */
  finish: number;
}

/** Where the day ends after the last stop when that is somewhere else; null: at the last stop. */
function endPoint(plan: DayPlan, stops: readonly Stop[]): LatLng | null {
  const end = endOf(plan);
  if (end === 'last-stop') return null;
  if (end === 'start') return stops.length > 1 ? { lat: stops[0].lat, lng: stops[0].lng } : null;
  return { lat: end.lat, lng: end.lng };
}

/** null when the route has no departure (no times) or no stops. */
export async function plannedTimes(
  router: RouterClient,
  plan: DayPlan | undefined,
  stops: readonly Stop[],
): Promise<PlannedTimes | null> {
  if (!plan?.departure || stops.length === 0) return null;
  const end = endPoint(plan, stops);
  const points: LatLng[] = stops.map(({ lat, lng }) => ({ lat, lng }));
  if (end) points.push(end);
  const legs =
    points.length > 1 ? (await computeRoute(router, points, { geometry: false })).legs : [];
  const schedule = scheduleRoute({
    plan,
    stops,
    legs: legs.slice(0, stops.length - 1).map((leg) => leg.duration),
    endLeg: end ? legs[stops.length - 1].duration : null,
  });
  if (!schedule) return null;
  return {
    arrivals: schedule.stops.map((time) => time.arrival ?? time.departure),
    finish: schedule.finish,
  };
}
