import { parseDeparture } from '@domain/day-plan/clock.ts';
import { usePreloadedOptimizer } from '@/lib/optimizer/use-preloaded-optimizer.ts';
import { MIN_STOPS } from '../model/presentation.ts';
import { DayOptimizeRoute } from './DayOptimizeRoute.tsx';
import type { OptimizeRouteProps, OptimizeStop } from './optimize-props.ts';
import { RouteOptimize } from './RouteOptimize.tsx';

export type { OptimizeRouteProps, OptimizeStop } from './optimize-props.ts';

/**
 * 'Optimise route': with a departure, the day's optimiser (windows, time at stops, locks, end);
 * without one, the shortest order in the chosen route type. Both run in a Web Worker, on road
 * distances or times from the route service when it gives them and straight lines otherwise, so
 * the page stays responsive.
 */
export function OptimizeRoute<T extends OptimizeStop>({
  dayPlan,
  ...props
}: OptimizeRouteProps<T>) {
  // The optimiser's worker loads ahead of the click once the route has stops to order.
  usePreloadedOptimizer(props.stops.length >= MIN_STOPS['fixed-start']);
  if (dayPlan && parseDeparture(dayPlan.departure)) {
    return <DayOptimizeRoute {...props} plan={dayPlan} />;
  }
  return <RouteOptimize {...props} />;
}
