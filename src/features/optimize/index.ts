/** The optimise-route feature's public entry. */
export {
  OptimizeRoute,
  type OptimizeRouteProps,
  type OptimizeStop,
} from './components/OptimizeRoute.tsx';
export {
  useOptimizeRoute,
  type OptimizeRouteApi,
  type OptimizeStatus,
  type RoutePlace,
} from './hooks/useOptimizeRoute.ts';
export { OptimizeCancelledError, type OptimizeOutcome } from './worker/optimize-client.ts';
export type { RouteMode } from './model/index.ts';
