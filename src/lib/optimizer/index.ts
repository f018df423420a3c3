/**
 * The optimisers in a Web Worker (the engines are pure TypeScript in @domain/tsp and
 * @domain/vrp): one route's order (OptimizeClient.optimize) and a day with time windows and
 * several vehicles (solveVrp), with progress, stop and a time budget.
 */
export { createOptimizeWorker } from './create-worker.ts';
export {
  OptimizeCancelledError,
  OptimizeClient,
  type OptimizeOutcome,
  type OptimizeWorker,
  type VrpOutcome,
  type VrpRunOptions,
} from './optimize-client.ts';
export { solveVrp, type SolveVrpOptions } from './solve-vrp.ts';
export {
  ROAD_TIMES_MAX_PLACES,
  STRAIGHT_SPEED_KMH,
  buildDayProblem,
  dayPlaces,
  distanceAlong,
  earliestArrival,
  legSecondsAlong,
  scheduleAlong,
  searchBudget,
  unreachableStops,
  type UnreachableReason,
  type UnreachableStop,
  straightTravelTimes,
  type DayProblem,
  type DayProblemOptions,
  type DayStop,
  type TravelTimes,
} from './day-problem.ts';
export { loadTravelTimes, type TravelTimesOptions } from './travel-times.ts';
