import { useCallback } from 'react';
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
import type { OptimizeWorker } from '@/lib/optimizer/optimize-client.ts';
import { loadTravelTimes, type TravelTimesOptions } from '@/lib/optimizer/travel-times.ts';
import type { RoadTableProgress } from '@/lib/routing';
import { useWorkerSearch } from '@/lib/optimizer/use-worker-search.ts';
import { dayOrderFromSolution, orderFigures, type OrderFigures } from '../model/day-order.ts';
import type { OptimizeStatus } from './use-optimize-route.ts';

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
  /** Why straight lines were compared, when they were. */
  straightBecause?: TravelTimes['straightBecause'];
  /** True when the user stopped the search early (the best order so far). */
  stopped: boolean;
}

/** Finds the travel times between the day's places (road when the route service gives them). */
export type TravelTimesLoader = (
  places: readonly LatLng[],
  signal: AbortSignal,
  options?: Pick<TravelTimesOptions, 'onProgress'>,
) => Promise<TravelTimes>;

/** How the run is going: road times arriving block by block, then the search's best finish. */
export type DayProgress =
  | ({ kind: 'road-times' } & RoadTableProgress)
  | {
      kind: 'search';
      /** When the best order so far finishes the day (epoch ms). */ finish: number;
    };

export interface OptimizeDayApi {
  /**
   * Finds the best order of the stops under the day's rules (departure, time at stops, windows,
   * locks, end) in a Web Worker. Rejects with OptimizeCancelledError when cancelled, superseded,
   * or stopped before the search started.
   */
  optimizeDay: (stops: readonly DayStop[], plan: DayPlan) => Promise<DayOptimizeOutcome>;
  status: OptimizeStatus;
  /** While it runs: the road times' blocks, then when the best order so far finishes the day. */
  progress: DayProgress | null;
  /** Ends the search now, keeping the best order so far (before the search: cancels). */
  stop: () => void;
  cancel: () => void;
}

export function useOptimizeDay(
  createWorker: () => OptimizeWorker = createOptimizeWorker,
  loadTimes: TravelTimesLoader = loadTravelTimes,
): OptimizeDayApi {
  const { run, status, progress, stop, cancel } = useWorkerSearch<DayProgress>(createWorker);

  const optimizeDay = useCallback(
    (stops: readonly DayStop[], plan: DayPlan): Promise<DayOptimizeOutcome> =>
      run(async ({ client, load, startSearch, report }) => {
        const times = await load((signal) =>
          loadTimes(dayPlaces(stops, plan), signal, {
            onProgress: (blocks) => report({ kind: 'road-times', ...blocks }),
          }),
        );
        const day = buildDayProblem(stops, plan, times);
        if (!day) throw new Error('The route has no departure time');
        const context = { plan, stops, times };
        const solution = await client.solveVrp(day.problem, {
          ...searchBudget(day.problem.jobs.length),
          signal: startSearch(),
          onProgress: (best) => {
            if (best.routes.length > 0)
              report({ kind: 'search', finish: day.departure + best.makespan * 1000 });
          },
        });
        const { order, unreachable } = dayOrderFromSolution(context, day, solution);
        return {
          order,
          unreachable,
          before: orderFigures(
            context,
            stops.map((_, index) => index),
          ),
          after: orderFigures(context, order),
          cost: times.kind,
          ...(times.straightBecause ? { straightBecause: times.straightBecause } : {}),
          stopped: solution.stopped,
        };
      }),
    [run, loadTimes],
  );

  return { optimizeDay, status, progress, stop, cancel };
}
