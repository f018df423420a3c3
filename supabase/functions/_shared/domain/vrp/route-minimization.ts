/**
 * Route minimisation for the 'vehicles' objective (Nagata & Bräysy 2009, "A powerful route
 * minimization heuristic for the vehicle routing problem with time windows"): take a route out,
 * put its jobs in an ejection pool, and place them back one at a time (last in, first out) into
 * the other routes:
 *  1. at the cheapest position where it fits, if there is one;
 *  2. otherwise in the route and position where it fits once at most `maxEjected` other jobs are
 *     taken out, those with the smallest sum of penalty counters (a job's counter grows each time
 *     it could not be placed, so the jobs that are hard to place stay in and the easy ones move);
 *     the ejected jobs join the pool, and random feasible moves then shake the routes.
 * When the pool is empty the solution has one route less, and the next route goes. The search
 * decides how long this runs; the last solution with an empty pool is the result.
 */
import type { Ejector } from './ejection.ts';
import type { Instance } from './instance.ts';
import type { Inserter, RecreateSettings } from './insertion.ts';
import type { Perturber } from './perturb.ts';
import { randomBelow, type Random } from '../random.ts';
import type { Solution } from './solution.ts';

export interface RouteMinimizationSettings {
  /** Most jobs ejected to place one (k_max). */
  maxEjected: number;
  /** The ejection looks at the routes of this many of the job's nearest jobs. */
  ejectionNeighbours: number;
  /** Random moves tried after each ejection (I_rand). */
  perturbMoves: number;
  /** The moves pair a job with one of this many nearest jobs (N_near). */
  perturbNeighbours: number;
}

export class RouteMinimizer {
  private readonly penalty: Float64Array;
  private readonly insertSettings: RecreateSettings;
  private readonly changed: Uint8Array;

  constructor(
    instance: Instance,
    private readonly inserter: Inserter,
    private readonly ejector: Ejector,
    private readonly perturber: Perturber,
    private readonly random: Random,
    private readonly settings: RouteMinimizationSettings,
  ) {
    this.penalty = new Float64Array(instance.jobCount);
    this.changed = new Uint8Array(instance.vehicleCount);
    this.insertSettings = { random, blinkRate: 0, allowNewRoutes: false };
  }

  /** A fewest-vehicles lower bound: all demand over the largest capacity (1 without capacities). */
  static lowerBound(instance: Instance, jobs: Int32Array): number {
    let total = 0;
    for (const j of jobs) total += instance.demand[j];
    let largest = 0;
    for (let v = 0; v < instance.vehicleCount; v++)
      if (instance.capacity[v] > largest) largest = instance.capacity[v];
    if (!(largest > 0) || largest === Infinity || total === 0) return 1;
    return Math.max(1, Math.ceil(total / largest - 1e-9));
  }

  /**
   * Takes a random used route out of the solution, its jobs onto the pool (`pool[0..size)`, a
   * stack), and resets the counters. Returns the pool's new size.
   */
  removeRoute(solution: Solution, pool: Int32Array, size: number): number {
    const used: number[] = [];
    for (const route of solution.routes) if (route.len > 0) used.push(route.vehicle);
    const route = solution.routes[used[randomBelow(this.random, used.length)]];
    for (let p = route.len; p >= 1; p--) {
      const job = route.jobs[p];
      solution.jobRoute[job] = -1;
      pool[size++] = job;
    }
    route.assign([]);
    this.penalty.fill(1);
    return size;
  }

  /**
   * Places the job on top of the pool (`pool[0..size)`), with ejections when it fits nowhere,
   * then shakes the routes. Returns the pool's new size.
   */
  step(solution: Solution, pool: Int32Array, size: number): number {
    if (size === 0) return 0;
    const job = pool[--size];
    const { inserter, ejector, settings } = this;
    if (inserter.findBest(solution, job, this.insertSettings)) {
      solution.routes[inserter.bestRoute].insert(inserter.bestPosition, job);
      solution.jobRoute[job] = inserter.bestRoute;
      return size;
    }
    this.penalty[job]++;
    if (
      ejector.find(solution, job, this.penalty, settings.maxEjected, settings.ejectionNeighbours)
    ) {
      ejector.apply(solution);
      for (let i = 0; i < ejector.bestCount; i++) pool[size++] = ejector.bestEjected[i];
    } else {
      // Nowhere near even with ejections: to the bottom of the pool, after a shake.
      pool.copyWithin(1, 0, size);
      pool[0] = job;
      size++;
    }
    this.perturber.perturb(
      solution,
      this.random,
      settings.perturbMoves,
      settings.perturbNeighbours,
      this.changed,
    );
    return size;
  }
}
