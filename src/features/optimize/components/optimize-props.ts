import type { DayPlan, StopDayFields } from '@domain/day-plan/day-plan.ts';
import type { PlaceLike } from '../model/presentation.ts';

/** A stop the optimisers can order: a named place with the day's fields. */
export type OptimizeStop = PlaceLike & StopDayFields;

export interface OptimizeRouteProps<T extends OptimizeStop> {
  stops: readonly T[];
  /** Called with the same stops in the new order. */
  onApply: (reordered: T[]) => void;
  /** Called with the order from before the last optimisation. */
  onUndo: (previous: T[]) => void;
  /**
   * The route's working day: with a departure, the optimiser honours it (time at stops,
   * windows, locks, end rule); without one it works exactly as before.
   */
  dayPlan?: DayPlan | null;
}

/** What the optimiser's panel is told beside the route: the first sign the user means to optimise. */
export interface OptimizeIntent {
  /** Loads the optimiser ahead of the click (a pointer over the button, its focus, a touch). */
  onIntent?: () => void;
}
