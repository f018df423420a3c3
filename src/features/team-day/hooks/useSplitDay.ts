import { useCallback, useEffect, useRef, useState } from 'react';
import type { DayPlan } from '@domain/day-plan/day-plan.ts';
import type { LatLng } from '@domain/geo.ts';
import type { Stop } from '@domain/stops.ts';
import { createOptimizeWorker } from '@/lib/optimizer/create-worker.ts';
import {
  buildDayProblem,
  dayPlaces,
  searchBudget,
  type DayProblemOptions,
  type TravelTimes,
} from '@/lib/optimizer/day-problem.ts';
import {
  OptimizeCancelledError,
  OptimizeClient,
  type OptimizeWorker,
} from '@/lib/optimizer/optimize-client.ts';
import { loadTravelTimes } from '@/lib/optimizer/travel-times.ts';
import { teamPlanFromSolution, type TeamPlan } from '../model/team-plan.ts';

export type SplitStatus = 'idle' | 'running' | 'done' | 'failed' | 'cancelled';

export interface SplitOutcome extends TeamPlan {
  /** Road travel times from the route table, or straight lines at the fallback speed. */
  cost: TravelTimes['kind'];
  sharedStart: boolean;
  /** The plan the times are of. */
  plan: DayPlan;
}

export type TravelTimesLoader = (
  places: readonly LatLng[],
  signal: AbortSignal,
) => Promise<TravelTimes>;

/**
 * Splits a day's stops among drivers in a Web Worker: the drivers in use in the best split so
 * far while it searches, Stop to keep it; rejects with OptimizeCancelledError when cancelled
 * or stopped before the search started.
 */
export function useSplitDay(
  createWorker: () => OptimizeWorker = createOptimizeWorker,
  loadTimes: TravelTimesLoader = loadTravelTimes,
) {
  const [status, setStatus] = useState<SplitStatus>('idle');
  /** While searching: drivers with stops in the best split so far. */
  const [progressDrivers, setProgressDrivers] = useState<number | null>(null);
  const clientRef = useRef<OptimizeClient | null>(null);
  const loading = useRef<AbortController | null>(null);
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

  const split = useCallback(
    async (
      stops: readonly Stop[],
      plan: DayPlan,
      options: DayProblemOptions,
    ): Promise<SplitOutcome> => {
      const client = (clientRef.current ??= new OptimizeClient(createWorker));
      const call = ++latestCall.current;
      loading.current?.abort();
      client.cancel();
      const controller = new AbortController();
      loading.current = controller;
      searching.current = null;
      let search: AbortController | null = null;
      setStatus('running');
      setProgressDrivers(null);
      try {
        let times: TravelTimes;
        try {
          times = await loadTimes(dayPlaces(stops, plan), controller.signal);
        } catch (error) {
          if (controller.signal.aborted) throw new OptimizeCancelledError();
          throw error;
        }
        if (controller.signal.aborted) throw new OptimizeCancelledError();
        const day = buildDayProblem(stops, plan, times, options);
        if (!day) throw new Error('The day has no departure time');
        search = new AbortController();
        searching.current = search;
        const solution = await client.solveVrp(day.problem, {
          ...searchBudget(day.problem.jobs.length),
          signal: search.signal,
          onProgress: (best) => {
            if (call === latestCall.current) setProgressDrivers(best.routes.length);
          },
        });
        if (call === latestCall.current) setStatus('done');
        return {
          ...teamPlanFromSolution(day, times, plan, stops, solution),
          cost: times.kind,
          sharedStart: day.sharedStart,
          plan,
        };
      } catch (error) {
        if (call === latestCall.current) {
          setStatus(error instanceof OptimizeCancelledError ? 'cancelled' : 'failed');
        }
        throw error;
      } finally {
        if (call === latestCall.current) setProgressDrivers(null);
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

  /** Ends the search now, keeping the best split so far (before the search: cancels). */
  const stop = useCallback(() => {
    if (searching.current) searching.current.abort();
    else cancel();
  }, [cancel]);

  return { split, status, progressDrivers, stop, cancel };
}
