/** The route optimiser: pure TypeScript, imported by the SPA (Vite), the worker and Deno scripts. */
export { OptimizeInputError } from './errors.ts';
export {
  METRICS,
  costFor,
  embeddingFor,
  euclideanCost,
  haversineCost,
  tsplibEuc2dCost,
  validatePoints,
  type CostFunction,
  type Metric,
  type Point,
} from './metrics.ts';
export { nearestNeighboursInSpace, type Embedding } from './kd-tree.ts';
export { ROUTE_MODES, routeLength, type RouteMode } from './route.ts';
export {
  defaultMaxKicks,
  defaultTimeLimitMs,
  solveRoute,
  type DistanceInput,
  type SolveOptions,
  type SolveResult,
} from './solve.ts';
export { optimizePoints, type OptimizePointsOptions } from './optimize-points.ts';
