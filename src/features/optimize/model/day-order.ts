/**
 * Optimising a route with its day (pure): the engine's answer made into an order of every stop
 * (a stop that cannot be reached in time is never dropped: it goes where it is least late), and
 * the figures that decide whether the new order is better than the list as it is.
 */
import { endOf, type DayPlan, type StopDayFields } from '@domain/day-plan/day-plan.ts';
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
  /** Waiting for windows to open, in all (ms). */
  waiting: number;
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
    waiting: schedule?.waiting ?? 0,
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
 * The day's figures per stop in numbers, for trying many orders fast (no dates parsed, nothing
 * allocated per try): seconds at each stop, its window as seconds from the departure (the
 * closing one the last on-time moment, as the engine has it), and where the day ends.
 */
export interface DayNumbers {
  times: TravelTimes;
  service: Float64Array;
  open: Float64Array;
  close: Float64Array;
  /** After the last stop: back to the route's first stop, to a place, or nowhere. */
  end: 'start' | number | null;
}

export function dayNumbers(context: DayContext, day: DayProblem): DayNumbers {
  const count = context.stops.length;
  const service = new Float64Array(count);
  const open = new Float64Array(count).fill(-Infinity);
  const close = new Float64Array(count).fill(Infinity);
  day.problem.jobs.forEach((job, j) => {
    const stop = day.jobStops[j];
    service[stop] = job.service ?? 0;
    if (job.windows?.length) {
      open[stop] = job.windows[0][0];
      close[stop] = job.windows[job.windows.length - 1][1];
    }
  });
  const end = endOf(context.plan);
  return {
    times: context.times,
    service,
    open,
    close,
    end: end === 'last-stop' ? null : end === 'start' ? 'start' : count,
  };
}

interface InsertionFigures {
  lateStops: number;
  /** Seconds. */
  lateness: number;
  distance: number;
}

/** The figures of the day when `stop` goes in at `position` of `sequence` (after `start`). */
function tryInsertion(
  numbers: DayNumbers,
  start: number,
  sequence: readonly number[],
  stop: number,
  position: number,
): InsertionFigures {
  const { times, service, open, close } = numbers;
  const { size, durations, distances } = times;
  let clock = 0;
  let previous = start;
  let lateStops = 0;
  let lateness = 0;
  let distance = 0;
  for (let i = 0; i <= sequence.length; i++) {
    for (let pass = 0; pass < 2; pass++) {
      let here: number;
      if (pass === 0) {
        if (i !== position) continue;
        here = stop;
      } else {
        if (i === sequence.length) continue;
        here = sequence[i];
      }
      clock += durations[previous * size + here];
      distance += distances[previous * size + here];
      if (clock < open[here]) clock = open[here];
      else if (clock > close[here]) {
        lateStops++;
        lateness += clock - close[here];
      }
      clock += service[here];
      previous = here;
    }
  }
  const end = numbers.end === 'start' ? start : numbers.end;
  if (end !== null && end !== previous) distance += distances[previous * size + end];
  return { lateStops, lateness, distance };
}

/**
 * Puts each stop into the order (start first) where the day is least late: fewest late stops,
 * then least lateness, then the shortest way; the locks of the other stops are kept.
 */
export function insertLeastLate(
  numbers: DayNumbers,
  stops: readonly StopDayFields[],
  order: readonly number[],
  additions: readonly number[],
): number[] {
  const start = order[0];
  let sequence = order.slice(1);
  for (const stop of additions) {
    let best: { position: number; figures: InsertionFigures } | null = null;
    for (const position of allowedPositions(stops, sequence, stop)) {
      const figures = tryInsertion(numbers, start, sequence, stop, position);
      if (
        !best ||
        figures.lateStops < best.figures.lateStops ||
        (figures.lateStops === best.figures.lateStops &&
          (figures.lateness < best.figures.lateness ||
            (figures.lateness === best.figures.lateness &&
              figures.distance < best.figures.distance)))
      ) {
        best = { position, figures };
      }
    }
    const at = best!.position;
    sequence = [...sequence.slice(0, at), stop, ...sequence.slice(at)];
  }
  return [start, ...sequence];
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
    dayNumbers(context, day),
    context.stops,
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
