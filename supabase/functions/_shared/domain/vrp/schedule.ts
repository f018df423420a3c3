/**
 * Time arithmetic with hard windows and waiting. Service at a job starts at the earliest time, at
 * or after the arrival, that lies in one of its windows. Arriving earlier is never worse, so the
 * rest of a route is feasible exactly when the arrival at its first job is at most some
 * "latest arrival": routes keep those thresholds (computed backwards) next to the earliest
 * departures (computed forwards), and an insertion is checked in O(1) per window.
 */
import type { Instance } from './instance.ts';

/** Earliest service start at job j when arriving at `arrival`; Infinity when every window is over. */
export function earliestStart(instance: Instance, j: number, arrival: number): number {
  const { windowOffset, windowStart, windowEnd } = instance;
  for (let w = windowOffset[j], last = windowOffset[j + 1]; w < last; w++) {
    if (arrival <= windowEnd[w]) return arrival > windowStart[w] ? arrival : windowStart[w];
  }
  return Infinity;
}

/**
 * Latest arrival at job j from which service can start by `latestStart` in one of its windows;
 * -Infinity when none can.
 */
export function latestArrival(instance: Instance, j: number, latestStart: number): number {
  const { windowOffset, windowStart, windowEnd } = instance;
  for (let w = windowOffset[j + 1] - 1, first = windowOffset[j]; w >= first; w--) {
    if (windowStart[w] <= latestStart)
      return windowEnd[w] < latestStart ? windowEnd[w] : latestStart;
  }
  return -Infinity;
}

/** True when job j must be served within a window (a finite start or end). */
export const hasWindow = (instance: Instance, j: number): boolean =>
  instance.ready[j] > -Infinity || instance.due[j] < Infinity;

/** Result of `simulateRoute`. */
export interface RouteTiming {
  feasible: boolean;
  /** Arrival at the end, leaving the depot as early as the shift allows. */
  finish: number;
  /**
   * Working time: from leaving the depot to arriving at the end, leaving as late as it can
   * without finishing later or serving a job with a window later: the wait at the first job
   * with a window is not counted (the day's own rule, @domain/day-plan computeSchedule).
   */
  duration: number;
}

const timing: RouteTiming = { feasible: false, finish: 0, duration: 0 };

/**
 * Simulates vehicle v driving `jobs[0..count-1]`, with `extra` inserted before index `at` when
 * `at >= 0`. Returns a shared object (read it before the next call): no allocation.
 */
export function simulateRoute(
  instance: Instance,
  v: number,
  jobs: ArrayLike<number>,
  count: number,
  at = -1,
  extra = -1,
): RouteTiming {
  const { time, size, jobLocation, service } = instance;
  let location = instance.startLocation[v];
  let depart = instance.shiftStart[v];
  // The wait at the first job with a window: how much later the vehicle can leave.
  let delay = -1;
  const total = at >= 0 ? count + 1 : count;
  timing.feasible = false;
  for (let k = 0, i = 0; k < total; k++) {
    const job = k === at ? extra : jobs[i++];
    const next = jobLocation[job];
    const arrival = depart + time[location * size + next];
    const start = earliestStart(instance, job, arrival);
    if (start === Infinity) return timing;
    if (delay < 0 && hasWindow(instance, job)) delay = start - arrival;
    depart = start + service[job];
    location = next;
  }
  const finish = depart + time[location * size + instance.endLocation[v]];
  if (finish > instance.shiftEnd[v]) return timing;
  timing.feasible = true;
  timing.finish = finish;
  timing.duration = finish - (instance.shiftStart[v] + (delay > 0 ? delay : 0));
  return timing;
}
