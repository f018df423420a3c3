/**
 * A solution during the search: one route per vehicle (most may be empty), in typed arrays, with
 * the times that make insertion checks O(1) kept up to date.
 *
 * Route positions: 0 is the start (the depot), 1..len the jobs, len + 1 the end.
 *   depart[p]  departure from p at the earliest (at len + 1: the arrival at the end, the finish)
 *   start[p]   service start at p at the earliest (0 for the start; the finish for the end)
 *   latest[p]  latest arrival at p from which the rest of the route stays feasible
 */
import { balanceTerm } from './balance.ts';
import type { Instance } from './instance.ts';
import { earliestStart, latestArrival, simulateRoute } from './schedule.ts';

export class Route {
  len = 0;
  jobs: Int32Array;
  location: Int32Array;
  depart: Float64Array;
  start: Float64Array;
  latest: Float64Array;
  load = 0;
  /** Length of the route in the cost matrix's unit. */
  cost = 0;
  finish: number;
  /**
   * Working time (see simulateRoute); computed only when a vehicle limits it or the objective
   * is 'makespan' (which balances it).
   */
  duration = 0;

  constructor(
    private readonly instance: Instance,
    readonly vehicle: number,
  ) {
    const capacity = 8;
    this.jobs = new Int32Array(capacity + 2);
    this.location = new Int32Array(capacity + 2);
    this.depart = new Float64Array(capacity + 2);
    this.start = new Float64Array(capacity + 2);
    this.latest = new Float64Array(capacity + 2);
    this.finish = instance.shiftStart[vehicle];
    this.update();
  }

  private reserve(len: number): void {
    if (this.jobs.length >= len + 2) return;
    const grow = <T extends Int32Array | Float64Array>(array: T): T => {
      const bigger = new (array.constructor as new (n: number) => T)(
        Math.max(len + 2, 2 * array.length),
      );
      bigger.set(array);
      return bigger;
    };
    this.jobs = grow(this.jobs);
    this.location = grow(this.location);
    this.depart = grow(this.depart);
    this.start = grow(this.start);
    this.latest = grow(this.latest);
  }

  /** Inserts job j after position p (0..len) and updates the times. */
  insert(p: number, j: number): void {
    this.reserve(this.len + 1);
    this.jobs.copyWithin(p + 2, p + 1, this.len + 1);
    this.jobs[p + 1] = j;
    this.len++;
    this.update();
  }

  /** Keeps only the jobs for which keep[job] is 1 (in order) and updates the times. */
  retain(keep: Uint8Array): void {
    let kept = 0;
    for (let p = 1; p <= this.len; p++) {
      const job = this.jobs[p];
      if (keep[job] === 1) this.jobs[++kept] = job;
    }
    this.len = kept;
    this.update();
  }

  /** Replaces the jobs with the given sequence. */
  assign(jobs: ArrayLike<number>): void {
    this.reserve(jobs.length);
    for (let i = 0; i < jobs.length; i++) this.jobs[i + 1] = jobs[i];
    this.len = jobs.length;
    this.update();
  }

  copyFrom(other: Route): void {
    const n = other.len + 2;
    this.reserve(other.len);
    this.len = other.len;
    const { jobs, location, depart, start, latest } = this;
    for (let p = 0; p < n; p++) {
      jobs[p] = other.jobs[p];
      location[p] = other.location[p];
      depart[p] = other.depart[p];
      start[p] = other.start[p];
      latest[p] = other.latest[p];
    }
    this.load = other.load;
    this.cost = other.cost;
    this.finish = other.finish;
    this.duration = other.duration;
  }

  /** Recomputes locations, times, load and cost from the job sequence. */
  update(): void {
    const instance = this.instance;
    const { size, time, cost, jobLocation, service, demand } = instance;
    const v = this.vehicle;
    const { jobs, location, depart, start, latest, len } = this;
    location[0] = instance.startLocation[v];
    location[len + 1] = instance.endLocation[v];
    start[0] = depart[0] = instance.shiftStart[v];
    let load = 0;
    let length = 0;
    for (let p = 1; p <= len; p++) {
      const job = jobs[p];
      const here = jobLocation[job];
      location[p] = here;
      const from = location[p - 1] * size + here;
      length += cost[from];
      start[p] = earliestStart(instance, job, depart[p - 1] + time[from]);
      depart[p] = start[p] + service[job];
      load += demand[job];
    }
    const last = location[len] * size + location[len + 1];
    length += cost[last];
    this.finish = start[len + 1] = depart[len + 1] = depart[len] + time[last];
    latest[len + 1] = instance.shiftEnd[v];
    for (let p = len; p >= 1; p--) {
      const job = jobs[p];
      latest[p] = latestArrival(
        instance,
        job,
        latest[p + 1] - time[location[p] * size + location[p + 1]] - service[job],
      );
    }
    latest[0] = latest[1] - time[location[0] * size + location[1]];
    this.load = load;
    this.cost = len === 0 ? 0 : length;
    if (instance.limitsWorkingTime || instance.objective === 'makespan') {
      this.duration = len === 0 ? 0 : simulateRoute(instance, v, jobs.subarray(1), len).duration;
    }
  }

  /**
   * True when the route breaks no window or shift: leaving at the earliest is no later than the
   * latest departure from which every later arrival is in time. (Working time is not included.)
   */
  feasible(): boolean {
    return this.depart[0] <= this.latest[0];
  }
}

/** One route per vehicle plus where each job is (route -1: unassigned). */
export class Solution {
  readonly routes: Route[];
  readonly jobRoute: Int32Array;

  constructor(readonly instance: Instance) {
    this.routes = Array.from({ length: instance.vehicleCount }, (_, v) => new Route(instance, v));
    this.jobRoute = new Int32Array(instance.jobCount).fill(-1);
  }

  /** Copies the given routes (all when omitted) and the job assignment from another solution. */
  copyFrom(other: Solution, routes?: ArrayLike<number>, routeCount = routes?.length ?? 0): void {
    if (routes) {
      for (let i = 0; i < routeCount; i++) this.routes[routes[i]].copyFrom(other.routes[routes[i]]);
    } else {
      for (let r = 0; r < this.routes.length; r++) this.routes[r].copyFrom(other.routes[r]);
    }
    this.jobRoute.set(other.jobRoute);
  }

  /** Position of job j in its route (a scan: routes are short next to the search's other work). */
  positionOf(j: number): number {
    const route = this.routes[this.jobRoute[j]];
    for (let p = 1; p <= route.len; p++) if (route.jobs[p] === j) return p;
    return -1;
  }

  usedVehicles(): number {
    let used = 0;
    for (const route of this.routes) if (route.len > 0) used++;
    return used;
  }

  totalCost(): number {
    let total = 0;
    for (const route of this.routes) total += route.cost;
    return total;
  }

  /** The latest finish over the routes that serve jobs (-Infinity when none does). */
  makespan(): number {
    let latest = -Infinity;
    for (const route of this.routes)
      if (route.len > 0 && route.finish > latest) latest = route.finish;
    return latest;
  }

  /** The 'makespan' objective's balance of the working days (balance.ts). */
  balance(scale: number): number {
    let total = 0;
    for (const route of this.routes) total += balanceTerm(route.duration, scale);
    return total;
  }

  /** The routes' job sequences (empty arrays for unused vehicles). */
  sequences(): number[][] {
    return this.routes.map((route) => Array.from(route.jobs.subarray(1, route.len + 1)));
  }
}
