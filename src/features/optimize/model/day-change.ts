/**
 * What optimising a day changed (pure), in the order the optimiser weighs it: what got better
 * (locks kept, fewer late stops, less late, less waiting, an earlier finish, less driving) and
 * what it cost (more driving, more waiting, a later finish). An order with windows is often
 * longer: saying only "reordered for a shorter route" would then be untrue.
 */
import type { OrderFigures } from './day-order.ts';

export type DayGain =
  | { kind: 'locks'; count: number }
  | { kind: 'fewer-late'; count: number }
  | { kind: 'less-late'; ms: number }
  | { kind: 'less-waiting'; ms: number }
  | { kind: 'earlier'; ms: number }
  | { kind: 'shorter'; metres: number; percent: number };

export type DayCost =
  | { kind: 'longer'; metres: number }
  | { kind: 'more-waiting'; ms: number }
  | { kind: 'later'; ms: number };

export interface DayChange {
  gains: DayGain[];
  costs: DayCost[];
}

/** Time changes under a minute and distance changes under 50 m are not worth a word. */
const MINUTE_MS = 60_000;
const FEW_METRES = 50;

/** The changes from the list as it was (`before`) to the new order (`after`). */
export function dayChange(before: OrderFigures, after: OrderFigures): DayChange {
  const gains: DayGain[] = [];
  const costs: DayCost[] = [];
  if (after.lockBreaks < before.lockBreaks) {
    gains.push({ kind: 'locks', count: before.lockBreaks - after.lockBreaks });
  }
  if (after.lateStops < before.lateStops) {
    gains.push({ kind: 'fewer-late', count: before.lateStops - after.lateStops });
  } else if (
    after.lateStops === before.lateStops &&
    before.lateness - after.lateness >= MINUTE_MS
  ) {
    gains.push({ kind: 'less-late', ms: before.lateness - after.lateness });
  }
  const waited = after.waiting - before.waiting;
  if (waited <= -MINUTE_MS) gains.push({ kind: 'less-waiting', ms: -waited });
  const finished = after.finish - before.finish;
  if (finished <= -MINUTE_MS) gains.push({ kind: 'earlier', ms: -finished });
  const driven = after.distance - before.distance;
  if (driven <= -FEW_METRES) {
    const percent = before.distance > 0 ? (-driven / before.distance) * 100 : 0;
    gains.push({ kind: 'shorter', metres: -driven, percent });
  }
  if (driven >= FEW_METRES) costs.push({ kind: 'longer', metres: driven });
  if (waited >= MINUTE_MS) costs.push({ kind: 'more-waiting', ms: waited });
  if (finished >= MINUTE_MS) costs.push({ kind: 'later', ms: finished });
  return { gains, costs };
}
