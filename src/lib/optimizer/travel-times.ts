/**
 * The travel times the day's optimiser works with: road times from the route service's table,
 * asked for in blocks (loadRoadTable) for up to ROAD_TIMES_MAX_PLACES places, else great-circle
 * at the fallback speed, saying why.
 */
import type { LatLng } from '@domain/geo.ts';
import { loadRoadTableFromApi, type RoadTableProgress } from '@/lib/routing';
import { ROAD_TIMES_MAX_PLACES, straightTravelTimes, type TravelTimes } from './day-problem.ts';

export interface TravelTimesOptions {
  /** After every block of road times: how many of how many, and the time left. */
  onProgress?: (progress: RoadTableProgress) => void;
  /** The road table (tests pass one of their own). */
  loadTable?: typeof loadRoadTableFromApi;
}

/**
 * Road times when the places are few enough and the route service answers every block with
 * real road figures; great-circle otherwise (never a reason to fail), with the reason. Rejects
 * only when aborted.
 */
export async function loadTravelTimes(
  places: readonly LatLng[],
  signal?: AbortSignal,
  { onProgress, loadTable = loadRoadTableFromApi }: TravelTimesOptions = {},
): Promise<TravelTimes> {
  if (places.length < 2) return straightTravelTimes(places);
  if (places.length > ROAD_TIMES_MAX_PLACES)
    return { ...straightTravelTimes(places), straightBecause: 'too-many-places' };
  const road = await loadTable(places, { signal, onProgress });
  signal?.throwIfAborted();
  if (!road) return { ...straightTravelTimes(places), straightBecause: 'route-service' };
  return { kind: 'road', ...road };
}
