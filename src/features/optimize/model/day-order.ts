/**
 * Optimising a route with its day (pure): the engine's answer made into an order of every stop
 * (a stop that cannot be reached in time is never dropped: it goes where it is least late), and
 * the figures that decide whether the new order is better than the list as it is.
 */
import type { DayPlan, StopDayFields } from '@domain/day-plan/day-plan.ts';
import type { VrpSolution } from '@domain/vrp/index.ts';
import {
  distanceAlong,
  scheduleAlong,
  unreachableStops,
  type DayProblem,
  type TravelTimes,
  type UnreachableStop,
} from '@/lib/optimizer/day-problem.ts';

/** What counts in a day's order, most important first. */
export interface OrderFigures {
  /** Stops locked first (or last) that are not right after the start (or last). */
  lockBreaks: number;
  /** Stops reached after their window closed, and by how long in all (ms). */
  lateStops: number;
  lateness: number;
  /** Metres, the way to the day's end included. */
  distance: number;
  /** When the day ends (epoch ms). */
  finish: number;
}

export interface DayContext {
  plan: DayPlan;
  stops: readonly StopDayFields[];
  times: TravelTimes;
}

/** Locks broken by an order of the stops (the first of it is the start). */
export function lockBreaks(stops: readonly StopDayFields[], order: readonly number[]): number {
  let broken = 0;
  order.forEach((stop, position) => {
    const lock = stops[stop].lock;
    if (position === 0) return;
    if (lock === 'first' && position !== 1) broken++;
    if (lock === 'last' && position !== order.length - 1) broken++;
  });
  return broken;
}

export function orderFigures(
  { plan, stops, times }: DayContext,
  order: readonly number[],
): OrderFigures {
  const schedule = scheduleAlong(times, plan, stops, order);
  return {
    lockBreaks: lockBreaks(stops, order),
    lateStops: schedule?.lateStops.length ?? 0,
    lateness: schedule?.stops.reduce((sum, time) => sum + time.late, 0) ?? 0,
    distance: distanceAlong(times, plan, order, stops.length),
    finish: schedule?.finish ?? 0,
  };
}

/** Below this many metres two orders are as long as each other (rounding of the table). */
const SAME_DISTANCE_M = 0.5;

/** True when `a` is the better order: fewer broken locks, fewer late stops, less late, shorter. */
export function isBetterOrder(a: OrderFigures, b: OrderFigures): boolean {
  if (a.lockBreaks !== b.lockBreaks) return a.lockBreaks < b.lockBreaks;
  if (a.lateStops !== b.lateStops) return a.lateStops < b.lateStops;
  if (Math.abs(a.lateness - b.lateness) >= 60_000) return a.lateness < b.lateness;
  return a.distance < b.distance - SAME_DISTANCE_M;
}

/** Where a stop may go in `sequence` (the stops after the start): positions 0..length. */
function allowedPositions(
  stops: readonly StopDayFields[],
  sequence: readonly number[],
  stop: number,
): number[] {
  const positions: number[] = [];
  const lock = stops[stop].lock;
  const firstTaken = sequence.length > 0 && stops[sequence[0]].lock === 'first';
  const lastTaken = sequence.length > 0 && stops[sequence[sequence.length - 1]].lock === 'last';
  for (let position = 0; position <= sequence.length; position++) {
    if (lock === 'first' && position !== 0) continue;
    if (lock === 'last' && position !== sequence.length) continue;
    if (lock !== 'first' && firstTaken && position === 0) continue;
    if (lock !== 'last' && lastTaken && position === sequence.length) continue;
    positions.push(position);
  }
  // Its place is taken (two stops locked first): anywhere rather than nowhere.
  return positions.length > 0
    ? positions
    : Array.from({ length: sequence.length + 1 }, (_, i) => i);
}

/**
 * Puts each stop into the order (start first) where the day is least late: fewest late stops,
 * then least lateness, then the shortest way; the locks of the other stops are kept.
 */
export function insertLeastLate(
  context: DayContext,
  order: readonly number[],
  additions: readonly number[],
): number[] {
  let sequence = order.slice(1);
  for (const stop of additions) {
    let best: { order: number[]; figures: OrderFigures } | null = null;
    for (const position of allowedPositions(context.stops, sequence, stop)) {
      const candidate = [
        order[0],
        ...sequence.slice(0, position),
        stop,
        ...sequence.slice(position),
      ];
      const figures = orderFigures(context, candidate);
      if (
        !best ||
        figures.lateStops < best.figures.lateStops ||
        (figures.lateStops === best.figures.lateStops &&
          (figures.lateness < best.figures.lateness ||
            (figures.lateness === best.figures.lateness &&
              figures.distance < best.figures.distance)))
      ) {
        best = { order: candidate, figures };
      }
    }
    sequence = best!.order.slice(1);
  }
  return [order[0], ...sequence];
}

export interface DayOrder {
  /** Every stop, as indices into the route's stops; the start (index 0) first. */
  order: number[];
  /** Stops no order reaches in time, with why; they are in `order`, placed least late. */
  unreachable: UnreachableStop[];
}

/**
 * The route's new order from the engine's solution for one driver: the start, the stops it
 * serves in its order, then every stop it left out placed where it is least late.
 */
export function dayOrderFromSolution(
  context: DayContext,
  day: DayProblem,
  solution: Pick<VrpSolution, 'routes' | 'unassigned'>,
): DayOrder {
  const served = solution.routes[0]?.jobs.map((job) => day.jobStops[job]) ?? [];
  const unreachable = unreachableStops(
    day,
    context.times,
    context.plan,
    context.stops,
    solution.unassigned,
  );
  const order = insertLeastLate(
    context,
    [0, ...served],
    unreachable.map((entry) => entry.stop),
  );
  return { order, unreachable };
}

type DayStopLike = StopDayFields & { name: string; lat: number; lng: number };

/** Same stops in the same order with the same times, windows and locks (by value). */
export function sameDay(a: readonly DayStopLike[], b: readonly DayStopLike[]): boolean {
  return (
    a.length === b.length &&
    a.every((stop, i) => {
      const other = b[i];
      return (
        stop === other ||
        (stop.name === other.name &&
          stop.lat === other.lat &&
          stop.lng === other.lng &&
          stop.serviceMinutes === other.serviceMinutes &&
          stop.lock === other.lock &&
          stop.window?.start === other.window?.start &&
          stop.window?.end === other.window?.end)
      );
    })
  );
}
