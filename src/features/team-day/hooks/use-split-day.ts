import { useCallback } from 'react';
import type { DayPlan } from '@domain/day-plan/day-plan.ts';
import type { LatLng } from '@domain/geo.ts';
import type { Stop } from '@domain/stops.ts';
import { createOptimizeWorker } from '@/lib/optimizer/create-worker.ts';
import { searchBudget, type TravelTimes } from '@/lib/optimizer/day-problem.ts';
import type { OptimizeWorker } from '@/lib/optimizer/optimize-client.ts';
import { loadTravelTimes, type TravelTimesOptions } from '@/lib/optimizer/travel-times.ts';
import type { RoadTableProgress } from '@/lib/routing';
import { useWorkerSearch, type SearchStatus } from '@/lib/optimizer/use-worker-search.ts';
import type { SplitObjective } from '../model/split-form.ts';
import { teamPlanFromSolution, type TeamPlan } from '../model/team-plan.ts';
import {
  buildTeamProblem,
  teamPlaces,
  type TeamDriver,
  type TeamProblem,
} from '../model/team-problem.ts';

export type SplitStatus = SearchStatus;

export interface SplitOutcome extends TeamPlan {
  /** Road travel times from the route table, or straight lines at the fallback speed. */
  cost: TravelTimes['kind'];
  /** The plan and the team the split was made for. */
  plan: DayPlan;
  team: readonly TeamDriver[];
  /** Its problem and travel times, to work the drivers' days out again (a stop moved). */
  day: TeamProblem;
  times: TravelTimes;
}

export type TravelTimesLoader = (
  places: readonly LatLng[],
  signal: AbortSignal,
  options?: Pick<TravelTimesOptions, 'onProgress'>,
) => Promise<TravelTimes>;

/** How the split is going: road times arriving block by block, then the drivers in use. */
export type SplitProgress =
  ({ kind: 'road-times' } & RoadTableProgress) | { kind: 'search'; drivers: number };

/**
 * Splits a day's stops among drivers in a Web Worker: the drivers in use in the best split so
 * far while it searches, Stop to keep it; rejects with OptimizeCancelledError when cancelled
 * or stopped before the search started.
 */
export function useSplitDay(
  createWorker: () => OptimizeWorker = createOptimizeWorker,
  loadTimes: TravelTimesLoader = loadTravelTimes,
) {
  const { run, status, progress, stop, cancel } = useWorkerSearch<SplitProgress>(createWorker);

  const split = useCallback(
    (
      stops: readonly Stop[],
      plan: DayPlan,
      team: readonly TeamDriver[],
      objective: SplitObjective,
    ): Promise<SplitOutcome> =>
      run(async ({ client, load, startSearch, report }) => {
        const { places } = teamPlaces(stops, team);
        const times = await load((signal) =>
          loadTimes(places, signal, {
            onProgress: (blocks) => report({ kind: 'road-times', ...blocks }),
          }),
        );
        const day = buildTeamProblem(stops, plan, times, team, objective);
        const solution = await client.solveVrp(day.problem, {
          ...searchBudget(day.problem.jobs.length),
          signal: startSearch(),
          onProgress: (best) => report({ kind: 'search', drivers: best.routes.length }),
        });
        return {
          ...teamPlanFromSolution(day, times, plan, stops, team, solution),
          cost: times.kind,
          plan,
          team,
          day,
          times,
        };
      }),
    [run, loadTimes],
  );

  return { split, status, progress, stop, cancel };
}
