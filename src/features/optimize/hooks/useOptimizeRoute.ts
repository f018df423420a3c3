import { useCallback, useEffect, useRef, useState } from 'react';
import type { LatLng } from '@domain/geo.ts';
import type { RouteMode } from '@domain/tsp/index.ts';
import { directedLength, loadOptimizeCost, type OptimizeCost } from '../cost/optimize-cost.ts';
import { getRoadDistances } from '../api/road-distances.ts';
import { createOptimizeWorker } from '@/lib/optimizer/create-worker.ts';
import {
  OptimizeCancelledError,
  OptimizeClient,
  type OptimizeOutcome,
  type OptimizeWorker,
} from '@/lib/optimizer/optimize-client.ts';

export type OptimizeStatus = 'idle' | 'running' | 'done' | 'failed' | 'cancelled';

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
  const [status, setStatus] = useState<OptimizeStatus>('idle');
  const clientRef = useRef<OptimizeClient | null>(null);
  const loading = useRef<AbortController | null>(null);
  const latestCall = useRef(0);

  useEffect(
    () => () => {
      loading.current?.abort();
      clientRef.current?.dispose();
      clientRef.current = null;
    },
    [],
  );

  const optimize = useCallback(
    async (stops: readonly RoutePlace[], mode: RouteMode): Promise<OptimizeRouteOutcome> => {
      const client = (clientRef.current ??= new OptimizeClient(createWorker));
      const call = ++latestCall.current;
      loading.current?.abort();
      client.cancel();
      const controller = new AbortController();
      loading.current = controller;
      setStatus('running');
      try {
        let cost: OptimizeCost;
        try {
          cost = await loadCost(stops, controller.signal);
        } catch (error) {
          if (controller.signal.aborted) throw new OptimizeCancelledError();
          throw error;
        }
        if (controller.signal.aborted) throw new OptimizeCancelledError();
        const points = stops.map((stop) => [stop.lat, stop.lng] as const);
        let outcome: OptimizeRouteOutcome;
        if (cost.kind === 'road') {
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
          outcome = {
            order,
            before,
            after: directedLength(order, cost.distances, mode),
            cost: 'road',
          };
        } else {
          outcome = { ...(await client.run(points, 'haversine', mode)), cost: 'straight' };
        }
        if (call === latestCall.current) setStatus('done');
        return outcome;
      } catch (error) {
        if (call === latestCall.current) {
          setStatus(error instanceof OptimizeCancelledError ? 'cancelled' : 'failed');
        }
        throw error;
      } finally {
        if (loading.current === controller) loading.current = null;
      }
    },
    [createWorker, loadCost],
  );

  const cancel = useCallback(() => {
    loading.current?.abort();
    clientRef.current?.cancel();
  }, []);

  return { optimize, status, cancel };
}
