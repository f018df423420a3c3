import { parseDeparture } from '@domain/day-plan/clock.ts';
import {
  PRELOAD_AT_IDLE_FROM,
  usePreloadedOptimizer,
} from '@/lib/optimizer/use-preloaded-optimizer.ts';
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
  // The optimiser loads ahead of the click: at idle for a long route, else on intent.
  const onIntent = usePreloadedOptimizer(props.stops.length >= PRELOAD_AT_IDLE_FROM);
  if (dayPlan && parseDeparture(dayPlan.departure)) {
    return <DayOptimizeRoute {...props} plan={dayPlan} onIntent={onIntent} />;
  }
  return <RouteOptimize {...props} onIntent={onIntent} />;
}
