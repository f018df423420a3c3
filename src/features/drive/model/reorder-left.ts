/**
 * Re-ordering what is left of a driver's route from where they are, now (docs/features.md, "The
 * driver's page"): the stops still to do (@domain/order-left.ts) as the day optimiser's problem,
 * one driver leaving from their position at the current time, each stop with its time window
 * and time at the stop, the day ending where the route's day ends; and the times of an order,
 * with the windows it would miss. Pure: the position, the clock and the travel times come in.
 */
import type { DayPlan } from '@domain/day-plan/day-plan.ts';
import { serviceMinutesOf, type StopDayFields } from '@domain/day-plan/day-plan.ts';
import { windowMoments } from '@domain/day-plan/schedule.ts';
import type { LatLng } from '@domain/geo.ts';
import { placesLeft, type StatusOf } from '@domain/order-left.ts';
import type { StopReport } from '@domain/stop-reports.ts';
import type { VrpJob, VrpProblem, VrpSolution } from '@domain/vrp/index.ts';

/** A stop as the driver's page has it. */
export type LeftStop = LatLng & StopDayFields & { id: string; name: string };

/** Where the re-order starts: the phone's position, the last stop reported on, or the start. */
export type Origin =
  | { kind: 'device'; lat: number; lng: number }
  | { kind: 'last-report' | 'start'; lat: number; lng: number; name: string };

/** A window's closing minute is still on time (10:00 takes 10:00:59), as the day's plan says. */
const CLOSING_MINUTE_MS = 60_000 - 1;

/**
 * Where to start without the phone's position: the stop of the latest report (by the device's
 * time of the report), else the route's start.
 */
export function originWithoutDevice(
  stops: readonly LeftStop[],
  reportOf: (stopId: string) => Pick<StopReport, 'at'> | undefined,
): Origin {
  let latest: { stop: LeftStop; at: number } | null = null;
  for (const stop of stops) {
    const at = Date.parse(reportOf(stop.id)?.at ?? '');
    if (!Number.isNaN(at) && (!latest || at > latest.at)) latest = { stop, at };
  }
  const { stop, kind } = latest
    ? { stop: latest.stop, kind: 'last-report' as const }
    : { stop: stops[0], kind: 'start' as const };
  return { kind, lat: stop.lat, lng: stop.lng, name: stop.name };
}

/** The stops still to do, in the route's order. */
export const stopsLeft = <S extends LeftStop>(stops: readonly S[], statusOf: StatusOf): S[] =>
  placesLeft(stops, statusOf).map((place) => stops[place]);

/**
 * The places the travel times are asked for: the origin, the stops left, then where the day
 * ends when that is a place of its own (the route's start, or the end address).
 */
export function reorderPlaces(
  origin: LatLng,
  left: readonly LatLng[],
  plan: DayPlan,
  start: LatLng,
): LatLng[] {
  const places = [origin, ...left].map(({ lat, lng }) => ({ lat, lng }));
  const end = plan.end ?? 'last-stop';
  if (end === 'start') places.push({ lat: start.lat, lng: start.lng });
  else if (end !== 'last-stop') places.push({ lat: end.lat, lng: end.lng });
  return places;
}

/** A stop's window as epoch ms [opens, last on-time moment], or null without one. */
function windowOf(plan: DayPlan, stop: LeftStop): [number, number] | null {
  const moments = windowMoments(plan, stop.window);
  return moments ? [moments[0], moments[1] + CLOSING_MINUTE_MS] : null;
}

/**
 * The day optimiser's problem: one driver at place 0 (the origin) at `now` (its time 0, in
 * seconds), job j the stop left[j] at place j + 1 with its time at the stop, its window from now
 * on (a window that closed already is none: the stop is late wherever it goes, and is placed by
 * the driving alone) and its lock; the route ends at the place after the stops when
 * `reorderPlaces` added one.
 */
export function reorderProblem(
  left: readonly LeftStop[],
  plan: DayPlan,
  durations: Float64Array,
  distances: Float64Array,
  now: number,
): VrpProblem {
  const size = Math.round(Math.sqrt(durations.length));
  const jobs = left.map((stop, index): VrpJob => {
    const window = windowOf(plan, stop);
    const job: { -readonly [K in keyof VrpJob]: VrpJob[K] } = {
      location: index + 1,
      service: serviceMinutesOf(stop, plan) * 60,
    };
    if (window && window[1] >= now)
      job.windows = [[Math.max(0, (window[0] - now) / 1000), (window[1] - now) / 1000]];
    if (stop.lock) job.lock = stop.lock;
    return job;
  });
  return {
    locationCount: size,
    travelTimes: durations,
    distances,
    depot: 0,
    end: size > left.length + 1 ? { location: left.length + 1 } : 'last-stop',
    vehicles: [{}],
    jobs,
    objective: 'distance',
  };
}

/**
 * The new order as indices into `left`: the driver's route, then the stops it could not fit in
 * time (their windows missed whatever the order), in their current order; a stop locked first
 * or last stays first or last even then (the server takes no order that moves it).
 */
export function orderOfSolution(
  solution: Pick<VrpSolution, 'routes'>,
  left: readonly Pick<LeftStop, 'lock'>[],
): number[] {
  const order = solution.routes.flatMap((route) => route.jobs);
  const placed = new Set(order);
  for (let index = 0; index < left.length; index++) if (!placed.has(index)) order.push(index);
  const first = order.filter((index) => left[index].lock === 'first');
  const last = order.filter((index) => left[index].lock === 'last');
  const free = order.filter((index) => !left[index].lock);
  return [...first, ...free, ...last];
}

export interface PreviewStop {
  stop: LeftStop;
  /** When the driver is there (epoch ms), after waiting for the window to open. */
  arrival: number;
  /** Arriving after the window closes. */
  late: boolean;
}

/**
 * The times of the stops left driven in `order` (indices into `left`) from the origin at `now`:
 * each arrival after the drive from the one before, a wait until its window opens, and its time
 * at the stop before the next.
 */
export function previewTimes(
  left: readonly LeftStop[],
  order: readonly number[],
  plan: DayPlan,
  durations: Float64Array,
  now: number,
): PreviewStop[] {
  const size = Math.round(Math.sqrt(durations.length));
  let time = now;
  let from = 0;
  return order.map((index) => {
    const stop = left[index];
    time += durations[from * size + index + 1] * 1000;
    const window = windowOf(plan, stop);
    if (window && time < window[0]) time = window[0];
    const arrival = time;
    time += serviceMinutesOf(stop, plan) * 60_000;
    from = index + 1;
    return { stop, arrival, late: window !== null && arrival > window[1] };
  });
}
