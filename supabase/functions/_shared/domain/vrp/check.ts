/**
 * An independent check of a solution against the problem as given (not the search's compiled
 * form): every rule, and the route figures (length, finish, working time, load). The search's
 * result goes through it before it is returned, and the tests and the benchmark use it.
 */
import type { VrpProblem } from './problem.ts';

/** Relative tolerance on time comparisons (double-precision rounding). */
export const CHECK_TOLERANCE = 1e-6;

export interface RouteFigures {
  vehicle: number;
  jobs: number[];
  /** Sum of the distance matrix (or travel times) over the route's arcs, the end's included. */
  distance: number;
  /** Sum of travel times over the same arcs. */
  travelTime: number;
  load: number;
  /** Arrival at the end, leaving at the start of the shift and waiting where early. */
  finish: number;
  /**
   * From leaving the depot to arriving at the end, leaving as late as it can without finishing
   * later or serving a job with a window later (the wait at the first job with one not counted).
   */
  duration: number;
}

export interface SolutionCheck {
  feasible: boolean;
  /** Human-readable rule violations (empty when feasible). */
  violations: string[];
  routes: RouteFigures[];
  distance: number;
  /** Latest finish over the routes (-Infinity without routes). */
  makespan: number;
}

const late = (time: number, limit: number): boolean =>
  time > limit + CHECK_TOLERANCE * Math.max(1, Math.abs(limit));

export function checkSolution(
  problem: VrpProblem,
  routes: readonly { vehicle: number; jobs: readonly number[] }[],
): SolutionCheck {
  const n = problem.locationCount;
  const times = problem.travelTimes;
  const distances = problem.distances ?? times;
  const end = problem.end ?? 'depot';
  const violations: string[] = [];
  const seen = new Map<number, number>();
  const vehiclesSeen = new Set<number>();
  const figures: RouteFigures[] = [];

  for (const { vehicle: v, jobs } of routes) {
    const vehicle = problem.vehicles[v];
    if (!vehicle) {
      violations.push(`route for unknown vehicle ${v}`);
      continue;
    }
    if (vehiclesSeen.has(v)) violations.push(`vehicle ${v} drives two routes`);
    vehiclesSeen.add(v);
    const shiftStart = vehicle.shift?.[0] ?? 0;
    const shiftEnd = vehicle.shift?.[1] ?? Infinity;
    let location = vehicle.start ?? problem.depot;
    let clock = shiftStart;
    let distance = 0;
    let travelTime = 0;
    let load = 0;
    // The wait at the first job with a window: how much later the vehicle can leave.
    let delay = -1;
    jobs.forEach((j, index) => {
      const job = problem.jobs[j];
      if (!job) {
        violations.push(`vehicle ${v}: unknown job ${j}`);
        return;
      }
      if (seen.has(j)) violations.push(`job ${j} is on vehicles ${seen.get(j)} and ${v}`);
      seen.set(j, v);
      if (job.lock === 'first' && index !== 0)
        violations.push(`job ${j} is locked first but is not`);
      if (job.lock === 'last' && index !== jobs.length - 1) {
        violations.push(`job ${j} is locked last but is not`);
      }
      distance += distances[location * n + job.location];
      travelTime += times[location * n + job.location];
      const arrival = clock + times[location * n + job.location];
      const windows = job.windows ?? [[-Infinity, Infinity]];
      const window = windows.find(([, close]) => !late(arrival, close));
      if (!window) {
        violations.push(`vehicle ${v}: job ${j} reached at ${arrival}, after its windows`);
        clock = arrival;
      } else {
        const start = Math.max(arrival, window[0]);
        if (delay < 0 && job.windows !== undefined) delay = start - arrival;
        clock = start + (job.service ?? 0);
      }
      load += job.demand ?? 0;
      location = job.location;
    });
    if (jobs.length === 0) continue;
    const ending = vehicle.end ?? end;
    if (ending === 'depot' || typeof ending === 'object') {
      const to = ending === 'depot' ? problem.depot : ending.location;
      distance += distances[location * n + to];
      travelTime += times[location * n + to];
      clock += times[location * n + to];
    }
    const finish = clock;
    const duration = finish - (shiftStart + Math.max(0, delay));
    if (late(finish, shiftEnd)) violations.push(`vehicle ${v} ends at ${finish}, after its shift`);
    if (vehicle.capacity !== undefined && late(load, vehicle.capacity)) {
      violations.push(`vehicle ${v} carries ${load}, over its capacity ${vehicle.capacity}`);
    }
    if (vehicle.maxStops !== undefined && jobs.length > vehicle.maxStops) {
      violations.push(`vehicle ${v} has ${jobs.length} stops, over its ${vehicle.maxStops}`);
    }
    if (vehicle.maxWorkingTime !== undefined && late(duration, vehicle.maxWorkingTime)) {
      violations.push(`vehicle ${v} works ${duration}, over its ${vehicle.maxWorkingTime}`);
    }
    figures.push({ vehicle: v, jobs: [...jobs], distance, travelTime, load, finish, duration });
  }
  return {
    feasible: violations.length === 0,
    violations,
    routes: figures,
    distance: figures.reduce((sum, route) => sum + route.distance, 0),
    makespan: figures.reduce((latest, route) => Math.max(latest, route.finish), -Infinity),
  };
}
