/**
 * The problem compiled into flat typed arrays for the search's inner loops.
 *
 * For open routes (end rule 'last-stop') the matrices get one extra location, "nowhere", at
 * index `size - 1`: travel to and from it is free, and routes end there, so every route has the
 * same shape (start, jobs..., end) and the loops need no special case for it. Otherwise the
 * problem's own matrices are used, not copied.
 */
import { validateProblem, type VrpEnd, type VrpObjective, type VrpProblem } from './problem.ts';

/** Job locks, as stored in Instance.lock. */
export const LOCK_NONE = 0;
export const LOCK_FIRST = 1;
export const LOCK_LAST = 2;

/** How many nearest jobs each job keeps for the string removals. */
const NEIGHBOURS = 100;

/**
 * Window and shift ends are widened by this fraction (at least this much) so that the forward
 * (earliest times) and backward (latest arrivals) computations, rounded differently, agree on a
 * service that starts exactly at a window's end. It is far below any checker's tolerance.
 */
const ROUNDING = 1e-9;
export const widenEnd = (end: number): number => end + ROUNDING * Math.max(1, Math.abs(end));

export interface Instance {
  /** Side of the matrices: the problem's locations (plus "nowhere" for open routes). */
  readonly size: number;
  /** Travel times, size × size. */
  readonly time: Float64Array;
  /** What a route's length is measured in: the distances, or the travel times. */
  readonly cost: Float64Array;
  readonly objective: VrpObjective;
  /** Fewer vehicles without jobs before the objective (VrpProblem.useEveryVehicle). */
  readonly useEveryVehicle: boolean;

  readonly jobCount: number;
  readonly jobLocation: Int32Array;
  readonly service: Float64Array;
  readonly demand: Float64Array;
  /** Job j's windows are windowStart/End[windowOffset[j] .. windowOffset[j + 1] - 1]. */
  readonly windowOffset: Int32Array;
  readonly windowStart: Float64Array;
  readonly windowEnd: Float64Array;
  /** The start of the first window and the end of the last (-∞ and ∞ without windows). */
  readonly ready: Float64Array;
  readonly due: Float64Array;
  /** True when no job has more than one window (the O(1) path of the time checks). */
  readonly singleWindows: boolean;
  readonly lock: Uint8Array;

  readonly vehicleCount: number;
  readonly startLocation: Int32Array;
  readonly endLocation: Int32Array;
  readonly capacity: Float64Array;
  readonly shiftStart: Float64Array;
  readonly shiftEnd: Float64Array;
  readonly maxStops: Float64Array;
  readonly maxWorkingTime: Float64Array;
  /** True when some vehicle has a finite maximum working time (checked by simulation). */
  readonly limitsWorkingTime: boolean;
  /** Vehicles with the same type are interchangeable: an empty one of each type is enough. */
  readonly vehicleType: Int32Array;
  readonly typeCount: number;

  /** neighbours[j * neighbourCount + k]: the k-th nearest other job to job j. */
  readonly neighbours: Int32Array;
  readonly neighbourCount: number;
}

function widen(matrix: Float64Array, n: number): Float64Array {
  const size = n + 1;
  const wide = new Float64Array(size * size);
  for (let i = 0; i < n; i++) wide.set(matrix.subarray(i * n, i * n + n), i * size);
  return wide;
}

/** Rearranges `values` so that values[k] is the k-th smallest (Hoare's selection, O(n) on average). */
function select(values: Float64Array, k: number): number {
  let low = 0;
  let high = values.length - 1;
  while (low < high) {
    const pivot = values[(low + high) >>> 1];
    let i = low;
    let j = high;
    while (i <= j) {
      while (values[i] < pivot) i++;
      while (values[j] > pivot) j--;
      if (i <= j) {
        const swap = values[i];
        values[i++] = values[j];
        values[j--] = swap;
      }
    }
    if (k <= j) high = j;
    else if (k >= i) low = i;
    else break;
  }
  return values[k];
}

function nearestJobs(
  jobLocation: Int32Array,
  cost: Float64Array,
  size: number,
): {
  neighbours: Int32Array;
  neighbourCount: number;
} {
  const m = jobLocation.length;
  const count = Math.min(NEIGHBOURS, Math.max(0, m - 1));
  const neighbours = new Int32Array(m * count);
  const key = new Float64Array(m);
  const sorted = new Float64Array(m);
  const chosen = new Int32Array(count);
  for (let j = 0; j < m && count > 0; j++) {
    const from = jobLocation[j];
    for (let k = 0; k < m; k++) {
      const to = jobLocation[k];
      key[k] = k === j ? -1 : cost[from * size + to] + cost[to * size + from];
    }
    // The count-th smallest key (selection, O(m)), then the jobs below it, then those equal to
    // it by index, sorted by key: O(m) per job but for the few neighbours kept.
    sorted.set(key);
    const threshold = select(sorted, count); // the smallest is j itself (-1)
    let found = 0;
    for (let k = 0; k < m && found < count; k++)
      if (k !== j && key[k] < threshold) chosen[found++] = k;
    for (let k = 0; k < m && found < count; k++)
      if (k !== j && key[k] === threshold) chosen[found++] = k;
    chosen.sort((a, b) => key[a] - key[b] || a - b);
    neighbours.set(chosen, j * count);
  }
  return { neighbours, neighbourCount: count };
}

/** Validates the problem (throwing VrpInputError) and compiles it. */
export function compileProblem(problem: VrpProblem): Instance {
  validateProblem(problem);
  const n = problem.locationCount;
  const end = problem.end ?? 'depot';
  const open =
    end === 'last-stop' || problem.vehicles.some((vehicle) => vehicle.end === 'last-stop');
  const size = open ? n + 1 : n;
  const nowhere = n;
  const time = open ? widen(problem.travelTimes, n) : problem.travelTimes;
  const distances = problem.distances ?? problem.travelTimes;
  const cost = distances === problem.travelTimes ? time : open ? widen(distances, n) : distances;

  const jobs = problem.jobs;
  const m = jobs.length;
  const jobLocation = new Int32Array(m);
  const service = new Float64Array(m);
  const demand = new Float64Array(m);
  const lock = new Uint8Array(m);
  const windowOffset = new Int32Array(m + 1);
  const windowCount = jobs.reduce((sum, job) => sum + (job.windows?.length ?? 1), 0);
  const windowStart = new Float64Array(windowCount);
  const windowEnd = new Float64Array(windowCount);
  const ready = new Float64Array(m);
  const due = new Float64Array(m);
  let singleWindows = true;
  let w = 0;
  jobs.forEach((job, j) => {
    jobLocation[j] = job.location;
    service[j] = job.service ?? 0;
    demand[j] = job.demand ?? 0;
    lock[j] = job.lock === 'first' ? LOCK_FIRST : job.lock === 'last' ? LOCK_LAST : LOCK_NONE;
    windowOffset[j] = w;
    const windows = job.windows ?? [[-Infinity, Infinity]];
    if (windows.length > 1) singleWindows = false;
    for (const [start, end] of windows) {
      windowStart[w] = start;
      windowEnd[w] = widenEnd(end);
      w++;
    }
    ready[j] = windows[0][0];
    due[j] = windowEnd[w - 1];
  });
  windowOffset[m] = w;

  const vehicles = problem.vehicles;
  const k = vehicles.length;
  const endAt = (rule: VrpEnd): number =>
    rule === 'depot' ? problem.depot : rule === 'last-stop' ? nowhere : rule.location;
  const startLocation = new Int32Array(k);
  const endLocation = new Int32Array(k);
  const capacity = new Float64Array(k);
  const shiftStart = new Float64Array(k);
  const shiftEnd = new Float64Array(k);
  const maxStops = new Float64Array(k);
  const maxWorkingTime = new Float64Array(k);
  const vehicleType = new Int32Array(k);
  const types = new Map<string, number>();
  vehicles.forEach((vehicle, v) => {
    startLocation[v] = vehicle.start ?? problem.depot;
    endLocation[v] = endAt(vehicle.end ?? end);
    capacity[v] = vehicle.capacity ?? Infinity;
    shiftStart[v] = vehicle.shift?.[0] ?? 0;
    shiftEnd[v] = widenEnd(vehicle.shift?.[1] ?? Infinity);
    maxStops[v] = vehicle.maxStops ?? Infinity;
    maxWorkingTime[v] = widenEnd(vehicle.maxWorkingTime ?? Infinity);
    const signature = [
      startLocation[v],
      endLocation[v],
      capacity[v],
      shiftStart[v],
      shiftEnd[v],
      maxStops[v],
      maxWorkingTime[v],
    ]
      .map(String)
      .join(' ');
    if (!types.has(signature)) types.set(signature, types.size);
    vehicleType[v] = types.get(signature)!;
  });

  return {
    size,
    time,
    cost,
    objective: problem.objective ?? 'distance',
    useEveryVehicle: problem.useEveryVehicle ?? false,
    jobCount: m,
    jobLocation,
    service,
    demand,
    windowOffset,
    windowStart,
    windowEnd,
    ready,
    due,
    singleWindows,
    lock,
    vehicleCount: k,
    startLocation,
    endLocation,
    capacity,
    shiftStart,
    shiftEnd,
    maxStops,
    maxWorkingTime,
    limitsWorkingTime: maxWorkingTime.some((limit) => limit < Infinity),
    vehicleType,
    typeCount: types.size,
    ...nearestJobs(jobLocation, cost, size),
  };
}
