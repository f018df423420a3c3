import { parseDeparture } from '@domain/day-plan/clock.ts';
import {
  PRELOAD_AT_IDLE_FROM,
  usePreloadedOptimizer,
} from '@/lib/optimizer/use-preloaded-optimizer.ts';
import { LazyPart, retryableLazy } from '@/components/lazy-part';
import type { DayOptimizeRouteProps } from './DayOptimizeRoute.tsx';
import type { OptimizeRouteProps, OptimizeStop } from './optimize-props.ts';
import { RouteOptimize } from './RouteOptimize.tsx';

// The day's optimiser (its order checks and what it says of a change) loads with the first route
// that has a departure: about 3 KB gzipped that a planner without a working day never needs.
const dayOptimizeRoute = retryableLazy<DayOptimizeRouteProps<OptimizeStop>>(
  async () => (await import('./DayOptimizeRoute.tsx')).DayOptimizeRoute,
);

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
    // The stops' own type comes back in onApply: the lazily loaded part keeps it.
    const dayProps = {
      ...props,
      plan: dayPlan,
      onIntent,
    } as unknown as DayOptimizeRouteProps<OptimizeStop>;
    return <LazyPart part={dayOptimizeRoute} props={dayProps} />;
  }
  return <RouteOptimize {...props} onIntent={onIntent} />;
}
