/** Why a job is left unassigned: diagnosed per vehicle, from the most basic rule to the subtlest. */
import { LOCK_FIRST, LOCK_LAST, type Instance } from './instance.ts';
import { simulateRoute } from './schedule.ts';
import type { Solution } from './solution.ts';

export type UnassignedReason =
  /** The demand exceeds every vehicle's capacity (or every vehicle's remaining capacity). */
  | 'capacity'
  /** No vehicle reaches the job within its window, even driving there at the start of its shift. */
  | 'window'
  /** Reachable in its window, but no vehicle serving it is back by the end of its shift or within its working time. */
  | 'shift'
  /** Every vehicle that could take it already has its maximum number of stops. */
  | 'max-stops'
  /** Locked first (or last), but every vehicle that could take it already has a job locked there. */
  | 'lock'
  /** Each vehicle could serve it alone but not with the jobs it already has (too few vehicles). */
  | 'no-room';

const STAGES: UnassignedReason[] = ['capacity', 'max-stops', 'window', 'shift'];
const single = new Int32Array(1);

/** Why vehicle v cannot serve job j on its own; null when it can. */
function aloneFailure(instance: Instance, v: number, j: number): UnassignedReason | null {
  if (instance.demand[j] > instance.capacity[v]) return 'capacity';
  if (instance.maxStops[v] < 1) return 'max-stops';
  const { time, size } = instance;
  const arrival =
    instance.shiftStart[v] + time[instance.startLocation[v] * size + instance.jobLocation[j]];
  if (arrival > instance.due[j]) return 'window';
  single[0] = j;
  const timing = simulateRoute(instance, v, single, 1);
  if (!timing.feasible || timing.duration > instance.maxWorkingTime[v]) return 'shift';
  return null;
}

/**
 * The reason no vehicle can serve job j even alone, or null when one can. With several vehicles,
 * the reason of the vehicle that came closest (passed the most checks) is given.
 */
export function impossibleAlone(instance: Instance, j: number): UnassignedReason | null {
  let furthest = -1;
  for (let v = 0; v < instance.vehicleCount; v++) {
    const failure = aloneFailure(instance, v, j);
    if (failure === null) return null;
    furthest = Math.max(furthest, STAGES.indexOf(failure));
  }
  return STAGES[furthest];
}

/** Why job j, which some vehicle could serve alone, fits in none of the solution's routes. */
export function noRoomReason(instance: Instance, solution: Solution, j: number): UnassignedReason {
  let capacityBlocks = true;
  let stopsBlock = true;
  let lockBlocks = true;
  for (const route of solution.routes) {
    const v = route.vehicle;
    if (aloneFailure(instance, v, j) !== null) continue;
    if (route.load + instance.demand[j] > instance.capacity[v]) continue;
    capacityBlocks = false;
    if (route.len + 1 > instance.maxStops[v]) continue;
    stopsBlock = false;
    const lock = instance.lock[j];
    if (
      route.len > 0 &&
      ((lock === LOCK_FIRST && instance.lock[route.jobs[1]] === LOCK_FIRST) ||
        (lock === LOCK_LAST && instance.lock[route.jobs[route.len]] === LOCK_LAST))
    ) {
      continue;
    }
    lockBlocks = false;
  }
  if (capacityBlocks) return 'capacity';
  if (stopsBlock) return 'max-stops';
  if (lockBlocks) return 'lock';
  return 'no-room';
}
