import { useCallback, useEffect, useRef, useState } from 'react';
import type { DayPlan } from '@domain/day-plan/day-plan.ts';
import type { LatLng } from '@domain/geo.ts';
import { createOptimizeWorker } from '@/lib/optimizer/create-worker.ts';
import {
  buildDayProblem,
  dayPlaces,
  searchBudget,
  type DayStop,
  type TravelTimes,
  type UnreachableStop,
} from '@/lib/optimizer/day-problem.ts';
import {
  OptimizeCancelledError,
  OptimizeClient,
  type OptimizeWorker,
} from '@/lib/optimizer/optimize-client.ts';
import { loadTravelTimes } from '@/lib/optimizer/travel-times.ts';
import { dayOrderFromSolution, orderFigures, type OrderFigures } from '../model/day-order.ts';
import type { OptimizeStatus } from './useOptimizeRoute.ts';

export interface DayOptimizeOutcome {
  /** Every stop, as indices into the stops that were sent; the start first. */
  order: number[];
  /** Stops no order reaches in time (they are in `order`, placed least late). */
  unreachable: UnreachableStop[];
  /** The list as it was, and the new order. */
  before: OrderFigures;
  after: OrderFigures;
  /** Road travel times from the route table, or straight lines at the fallback speed. */
  cost: TravelTimes['kind'];
  /** True when the user stopped the search early (the best order so far). */
  stopped: boolean;
}

/** Finds the travel times between the day's places (road when the route service gives them). */
export type TravelTimesLoader = (
  places: readonly LatLng[],
  signal: AbortSignal,
) => Promise<TravelTimes>;

export interface OptimizeDayApi {
  /**
   * Finds the best order of the stops under the day's rules (departure, time at stops, windows,
   * locks, end) in a Web Worker. Rejects with OptimizeCancelledError when cancelled, superseded,
   * or stopped before the search started.
   */
  optimizeDay: (stops: readonly DayStop[], plan: DayPlan) => Promise<DayOptimizeOutcome>;
  status: OptimizeStatus;
  /** While searching: when the best order found so far finishes the day (epoch ms). */
  progressFinish: number | null;
  /** Ends the search now, keeping the best order so far (before the search: cancels). */
  stop: () => void;
  cancel: () => void;
}

export function useOptimizeDay(
  createWorker: () => OptimizeWorker = createOptimizeWorker,
  loadTimes: TravelTimesLoader = loadTravelTimes,
): OptimizeDayApi {
  const [status, setStatus] = useState<OptimizeStatus>('idle');
  const [progressFinish, setProgressFinish] = useState<number | null>(null);
  const clientRef = useRef<OptimizeClient | null>(null);
  /** Aborting it cancels the run (while the travel times load). */
  const loading = useRef<AbortController | null>(null);
  /** Aborting it ends the search with the best order so far. */
  const searching = useRef<AbortController | null>(null);
  const latestCall = useRef(0);

  useEffect(
    () => () => {
      loading.current?.abort();
      clientRef.current?.dispose();
      clientRef.current = null;
    },
    [],
  );

  const optimizeDay = useCallback(
    async (stops: readonly DayStop[], plan: DayPlan): Promise<DayOptimizeOutcome> => {
      const client = (clientRef.current ??= new OptimizeClient(createWorker));
      const call = ++latestCall.current;
      loading.current?.abort();
      client.cancel();
      const controller = new AbortController();
      loading.current = controller;
      searching.current = null;
      let search: AbortController | null = null;
      setStatus('running');
      setProgressFinish(null);
      try {
        let times: TravelTimes;
        try {
          times = await loadTimes(dayPlaces(stops, plan), controller.signal);
        } catch (error) {
          if (controller.signal.aborted) throw new OptimizeCancelledError();
          throw error;
        }
        if (controller.signal.aborted) throw new OptimizeCancelledError();
        const day = buildDayProblem(stops, plan, times);
        if (!day) throw new Error('The route has no departure time');
        const context = { plan, stops, times };
        search = new AbortController();
        searching.current = search;
        const solution = await client.solveVrp(day.problem, {
          ...searchBudget(day.problem.jobs.length),
          signal: search.signal,
          onProgress: (best) => {
            if (call === latestCall.current && best.routes.length > 0) {
              setProgressFinish(day.departure + best.makespan * 1000);
            }
          },
        });
        const { order, unreachable } = dayOrderFromSolution(context, day, solution);
        if (call === latestCall.current) setStatus('done');
        return {
          order,
          unreachable,
          before: orderFigures(
            context,
            stops.map((_, index) => index),
          ),
          after: orderFigures(context, order),
          cost: times.kind,
          stopped: solution.stopped,
        };
      } catch (error) {
        if (call === latestCall.current) {
          setStatus(error instanceof OptimizeCancelledError ? 'cancelled' : 'failed');
        }
        throw error;
      } finally {
        if (call === latestCall.current) setProgressFinish(null);
        if (loading.current === controller) loading.current = null;
        if (searching.current === search) searching.current = null;
      }
    },
    [createWorker, loadTimes],
  );

  const cancel = useCallback(() => {
    loading.current?.abort();
    clientRef.current?.cancel();
  }, []);

  const stop = useCallback(() => {
    if (searching.current) searching.current.abort();
    else cancel();
  }, [cancel]);

  return { optimizeDay, status, progressFinish, stop, cancel };
}
