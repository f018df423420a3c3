/**
 * The travel times the day's optimiser works with: road times from the route table the planner
 * already uses (up to ROAD_TIMES_MAX_PLACES places), else great-circle at the fallback speed.
 */
import type { LatLng } from '@domain/geo.ts';
import { getRouteTable } from '@/lib/routing';
import {
  ROAD_TIMES_MAX_PLACES,
  straightTravelTimes,
  travelTimesFromTable,
  type TravelTable,
  type TravelTimes,
} from './day-problem.ts';

export type TableFetcher = (
  places: readonly LatLng[],
  signal?: AbortSignal,
) => Promise<TravelTable | null>;

/**
 * Road times when the places are few enough and the route service answers with real road
 * figures; great-circle otherwise (never a reason to fail). Rejects only when aborted.
 */
export async function loadTravelTimes(
  places: readonly LatLng[],
  signal?: AbortSignal,
  fetchTable: TableFetcher = getRouteTable,
): Promise<TravelTimes> {
  if (places.length >= 2 && places.length <= ROAD_TIMES_MAX_PLACES) {
    let table: TravelTable | null = null;
    try {
      table = await fetchTable(places, signal);
    } catch (error) {
      if (signal?.aborted) throw error;
    }
    if (signal?.aborted) throw new DOMException('The optimisation was stopped', 'AbortError');
    const road = travelTimesFromTable(table, places.length);
    if (road) return road;
  }
  return straightTravelTimes(places);
}
