/**
 * The vehicle routing problem the day's optimiser solves, as plain data, and its validation.
 *
 * Locations are indices into square matrices of travel times (and, optionally, distances).
 * Times, windows, service times, shifts and working times all use the travel-time matrix's unit.
 * Pure TypeScript without runtime APIs: the SPA's worker, Deno scripts and the Edge Function
 * runtime all import it (relative imports with explicit `.ts` extensions only).
 */

/** What the search minimises. */
export type VrpObjective =
  /** Least total distance (the distance matrix, or the travel times when there is none). */
  | 'distance'
  /** Fewest vehicles used, then least total distance. */
  | 'vehicles'
  /** Everyone finishing early: the latest finish first, then even working times (balance.ts). */
  | 'makespan';
export const VRP_OBJECTIVES: readonly VrpObjective[] = ['distance', 'vehicles', 'makespan'];

/**
 * Where routes end: back at the depot, at their last job (open routes, the end costs nothing),
 * or at a given location.
 */
export type VrpEnd = 'depot' | 'last-stop' | { readonly location: number };

/** [earliest, latest] start of service; both ends included. */
export type TimeWindow = readonly [number, number];

export type JobLock = 'first' | 'last';

export interface VrpJob {
  location: number;
  /** Time spent at the job (default 0). */
  service?: number;
  /** Load taken from the vehicle's capacity (default 0). */
  demand?: number;
  /**
   * Hard windows, sorted and disjoint: service starts inside one of them (arriving early means
   * waiting). None: any time.
   */
  windows?: readonly TimeWindow[];
  /** Must be the first (or last) job of whichever route serves it. */
  lock?: JobLock;
}

export interface VrpVehicle {
  /** Where the vehicle starts (default: the problem's depot). */
  start?: number;
  /**
   * Where its route ends (default: the problem's end). 'depot' is the problem's depot; back to
   * the vehicle's own start is `{location: start}`.
   */
  end?: VrpEnd;
  /** Total demand the vehicle can serve (default: unlimited). */
  capacity?: number;
  /** [earliest departure from the depot, latest arrival at the end] (default [0, unlimited]). */
  shift?: TimeWindow;
  /** At most this many jobs (default: unlimited). */
  maxStops?: number;
  /**
   * At most this long from leaving the depot to arriving at the end, the vehicle leaving as late
   * as it can without finishing later or serving a job with a window later: the wait at its first
   * job with a window does not count (default: unlimited).
   */
  maxWorkingTime?: number;
}

export interface VrpProblem {
  /** Number of locations: the matrices are locationCount × locationCount. */
  locationCount: number;
  /** Travel times, row-major: travelTimes[from * locationCount + to]. Non-negative. */
  travelTimes: Float64Array;
  /** Distances in the same layout, for the distance objective (default: the travel times). */
  distances?: Float64Array;
  /** Where every vehicle starts unless it says otherwise. */
  depot: number;
  /** Where routes end unless a vehicle says otherwise. Default 'depot'. */
  end?: VrpEnd;
  /** The fleet; each vehicle drives at most one route. */
  vehicles: readonly VrpVehicle[];
  jobs: readonly VrpJob[];
  /** Default 'distance'. */
  objective?: VrpObjective;
  /**
   * Every vehicle serves at least one job whenever it can (objectives 'distance' and
   * 'makespan'): fewer vehicles without jobs comes before the objective, as a team of drivers
   * who all came to work expects (least distance alone would give one vehicle everything).
   * Default false: vehicles are used only as the objective needs them.
   */
  useEveryVehicle?: boolean;
}

export class VrpInputError extends Error {
  override name = 'VrpInputError';
}

const isIndex = (value: unknown, size: number): value is number =>
  Number.isInteger(value) && (value as number) >= 0 && (value as number) < size;

const isNonNegative = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0;

function checkMatrix(name: string, matrix: unknown, size: number): void {
  if (!(matrix instanceof Float64Array)) throw new VrpInputError(`${name} must be a Float64Array`);
  if (matrix.length !== size * size) {
    throw new VrpInputError(
      `${name} must hold ${size} × ${size} = ${size * size} numbers, not ${matrix.length}`,
    );
  }
  for (let i = 0; i < matrix.length; i++) {
    const value = matrix[i];
    if (!(value >= 0) || value === Infinity) {
      throw new VrpInputError(
        `${name}[${Math.floor(i / size)}][${i % size}] must be a finite number >= 0, not ${value}`,
      );
    }
  }
}

function checkWindow(where: string, window: unknown): asserts window is TimeWindow {
  if (
    !Array.isArray(window) ||
    window.length !== 2 ||
    typeof window[0] !== 'number' ||
    typeof window[1] !== 'number' ||
    Number.isNaN(window[0]) ||
    Number.isNaN(window[1]) ||
    window[0] > window[1]
  ) {
    throw new VrpInputError(`${where} must be [start, end] with start <= end`);
  }
}

function checkEnd(where: string, end: unknown, size: number): void {
  if (end === 'depot' || end === 'last-stop') return;
  if (
    typeof end !== 'object' ||
    end === null ||
    !isIndex((end as { location?: unknown }).location, size)
  ) {
    throw new VrpInputError(
      `${where} must be "depot", "last-stop" or {location} with a location in 0..${size - 1}`,
    );
  }
}

/** Throws a VrpInputError naming the first thing wrong with the problem. */
export function validateProblem(problem: VrpProblem): void {
  if (typeof problem !== 'object' || problem === null) {
    throw new VrpInputError('the problem must be an object');
  }
  const { locationCount: size } = problem;
  if (!Number.isInteger(size) || size < 1) {
    throw new VrpInputError('locationCount must be a positive integer');
  }
  checkMatrix('travelTimes', problem.travelTimes, size);
  if (problem.distances !== undefined) checkMatrix('distances', problem.distances, size);
  if (!isIndex(problem.depot, size)) {
    throw new VrpInputError(`depot must be a location index in 0..${size - 1}`);
  }
  checkEnd('end', problem.end ?? 'depot', size);
  if (problem.objective !== undefined && !VRP_OBJECTIVES.includes(problem.objective)) {
    throw new VrpInputError(
      `objective must be one of ${VRP_OBJECTIVES.join(', ')}, not ${String(problem.objective)}`,
    );
  }
  if (problem.useEveryVehicle !== undefined && typeof problem.useEveryVehicle !== 'boolean') {
    throw new VrpInputError('useEveryVehicle must be true or false');
  }
  if (problem.useEveryVehicle === true && problem.objective === 'vehicles') {
    throw new VrpInputError('useEveryVehicle does not go with the "vehicles" objective');
  }
  if (!Array.isArray(problem.vehicles) || problem.vehicles.length === 0) {
    throw new VrpInputError('vehicles must be a non-empty array');
  }
  problem.vehicles.forEach((vehicle: VrpVehicle, index) => {
    const where = `vehicle ${index}`;
    if (typeof vehicle !== 'object' || vehicle === null) {
      throw new VrpInputError(`${where} must be an object`);
    }
    if (vehicle.start !== undefined && !isIndex(vehicle.start, size)) {
      throw new VrpInputError(`${where}: start must be a location index in 0..${size - 1}`);
    }
    if (vehicle.end !== undefined) checkEnd(`${where}: end`, vehicle.end, size);
    if (vehicle.capacity !== undefined && !isNonNegative(vehicle.capacity)) {
      throw new VrpInputError(`${where}: capacity must be a finite number >= 0`);
    }
    if (vehicle.shift !== undefined) {
      checkWindow(`${where}: shift`, vehicle.shift);
      if (!Number.isFinite(vehicle.shift[0])) {
        throw new VrpInputError(`${where}: shift must start at a finite time`);
      }
    }
    if (
      vehicle.maxStops !== undefined &&
      !(Number.isInteger(vehicle.maxStops) && vehicle.maxStops >= 0)
    ) {
      throw new VrpInputError(`${where}: maxStops must be an integer >= 0`);
    }
    if (vehicle.maxWorkingTime !== undefined && !(vehicle.maxWorkingTime >= 0)) {
      throw new VrpInputError(`${where}: maxWorkingTime must be a number >= 0`);
    }
  });
  if (!Array.isArray(problem.jobs)) throw new VrpInputError('jobs must be an array');
  problem.jobs.forEach((job: VrpJob, index) => {
    const where = `job ${index}`;
    if (typeof job !== 'object' || job === null) {
      throw new VrpInputError(`${where} must be an object`);
    }
    if (!isIndex(job.location, size)) {
      throw new VrpInputError(`${where}: location must be an index in 0..${size - 1}`);
    }
    if (job.service !== undefined && !isNonNegative(job.service)) {
      throw new VrpInputError(`${where}: service must be a finite number >= 0`);
    }
    if (job.demand !== undefined && !isNonNegative(job.demand)) {
      throw new VrpInputError(`${where}: demand must be a finite number >= 0`);
    }
    if (job.lock !== undefined && job.lock !== 'first' && job.lock !== 'last') {
      throw new VrpInputError(`${where}: lock must be "first" or "last"`);
    }
    if (job.windows !== undefined) {
      if (!Array.isArray(job.windows) || job.windows.length === 0) {
        throw new VrpInputError(`${where}: windows must be a non-empty array of [start, end]`);
      }
      job.windows.forEach((window: unknown, w) => {
        checkWindow(`${where}: window ${w}`, window);
        if (w > 0 && window[0] <= job.windows![w - 1][1]) {
          throw new VrpInputError(`${where}: windows must be sorted and must not overlap`);
        }
      });
    }
  });
}
