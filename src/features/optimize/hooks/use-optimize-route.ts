import { useCallback } from 'react';
import type { LatLng } from '@domain/geo.ts';
import type { RouteMode } from '@domain/tsp/index.ts';
import { directedLength, loadOptimizeCost, type OptimizeCost } from '../cost/optimize-cost.ts';
import { getRoadDistances } from '../api/road-distances.ts';
import { createOptimizeWorker } from '@/lib/optimizer/create-worker.ts';
import type { OptimizeOutcome, OptimizeWorker } from '@/lib/optimizer/optimize-client.ts';
import { useWorkerSearch, type SearchStatus } from '@/lib/optimizer/use-worker-search.ts';

export type OptimizeStatus = SearchStatus;

export interface RoutePlace {
  lat: number;
  lng: number;
}

/** Which distances the run compared: road distances from the route table, or great-circle. */
export type OptimizeCostKind = OptimizeCost['kind'];

export interface OptimizeRouteOutcome extends OptimizeOutcome {
  cost: OptimizeCostKind;
}

/** Finds the costs to compare for these stops (road distances when available). */
export type CostLoader = (stops: readonly LatLng[], signal: AbortSignal) => Promise<OptimizeCost>;

/**
 * The search's budget on road distances (up to ROAD_DISTANCES_MAX_STOPS = 200 stops): 30 ms, not
 * the engine's 40 ms for up to 200 points. The worker has solved a 200-point matrix ahead of the
 * click (lib/optimizer/warm-up.ts), so the search runs compiled code from its first kick: on the
 * same machine and load, a cold process warmed up so and searching 30 ms ended as short as, or
 * shorter than, one with the former warm-up searching 40 ms.
 */
export const ROAD_SEARCH_BUDGET_MS = 30;

const roadOrStraightLine: CostLoader = (stops, signal) =>
  loadOptimizeCost(stops, getRoadDistances, signal);

export interface OptimizeRouteApi {
  /**
   * Finds a shorter order of the stops in a Web Worker, on road distances when the route service
   * gives them (up to ROAD_DISTANCES_MAX_STOPS stops) and great-circle distances otherwise.
   * Resolves with the order as indices into `stops`, the lengths before and after in metres and
   * the cost used; rejects with OptimizeCancelledError when cancelled or superseded by a newer call.
   */
  optimize: (stops: readonly RoutePlace[], mode: RouteMode) => Promise<OptimizeRouteOutcome>;
  status: OptimizeStatus;
  cancel: () => void;
}

export function useOptimizeRoute(
  createWorker: () => OptimizeWorker = createOptimizeWorker,
  loadCost: CostLoader = roadOrStraightLine,
): OptimizeRouteApi {
  const { run, status, cancel } = useWorkerSearch(createWorker);

  const optimize = useCallback(
    (stops: readonly RoutePlace[], mode: RouteMode): Promise<OptimizeRouteOutcome> =>
      run(async ({ client, load }) => {
        const cost = await load((signal) => loadCost(stops, signal));
        const points = stops.map((stop) => [stop.lat, stop.lng] as const);
        if (cost.kind !== 'road') {
          return { ...(await client.run(points, 'haversine', mode)), cost: 'straight' };
        }
        // The matrix goes to the worker (emptied here): only `cost.distances` is read after.
        const { order } = await client.run(
          points,
          'haversine',
          mode,
          cost.matrix,
          ROAD_SEARCH_BUDGET_MS,
        );
        // The optimiser compared each pair's mean of both directions; show the real road lengths.
        const before = directedLength(
          points.map((_, i) => i),
          cost.distances,
          mode,
        );
        return { order, before, after: directedLength(order, cost.distances, mode), cost: 'road' };
      }),
    [run, loadCost],
  );

  return { optimize, status, cancel };
}
