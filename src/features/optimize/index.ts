/** The optimise-route feature's public entry (the planner page composes it). */
export { OptimizeRoute } from './components/OptimizeRoute.tsx';
