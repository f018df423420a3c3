/**
 * The day's optimiser: public entry. `solveVrp` runs to the end of its budget; `VrpSolver` runs in
 * slices (`run(until)`) so that a Web Worker can report the best solution so far and stop early.
 */
import { checkSolution } from './check.ts';
import { compileProblem, type Instance } from './instance.ts';
import type { VrpProblem } from './problem.ts';
import { impossibleAlone, noRoomReason, type UnassignedReason } from './reasons.ts';
import type { SolutionRank } from './rank.ts';
import { VrpSearch, type SearchOptions } from './search.ts';
import { Solution } from './solution.ts';

export interface VrpRoute {
  vehicle: number;
  /** Job indices in visiting order. */
  jobs: number[];
  /** Length in the distance matrix's unit (the travel times' when there is none). */
  distance: number;
  travelTime: number;
  load: number;
  /** Arrival at the end, leaving at the start of the shift. */
  finish: number;
  /** Working time (see VrpVehicle.maxWorkingTime). */
  duration: number;
}

export interface VrpUnassigned {
  job: number;
  reason: UnassignedReason;
}

export interface VrpSolution {
  /** The routes of the vehicles that serve jobs, in vehicle order. */
  routes: VrpRoute[];
  /** Jobs no route serves, in job order, each with its reason. */
  unassigned: VrpUnassigned[];
  /**
   * The objective's value: total distance for 'distance' and 'vehicles' (the vehicles are
   * `routes.length`), the latest finish for 'makespan'.
   */
  cost: number;
  /** Total length of the routes. */
  distance: number;
  /** Latest finish over the routes (0 without routes). */
  makespan: number;
  /** Ruin-and-recreate iterations run. */
  iterations: number;
}

export type VrpSolveOptions = SearchOptions;

export class VrpSolver {
  private readonly instance: Instance;
  private readonly search: VrpSearch;
  /** Jobs no vehicle can serve even alone, with the reason. */
  private readonly impossible = new Map<number, UnassignedReason>();

  /** Throws VrpInputError when the problem is malformed. */
  constructor(
    private readonly problem: VrpProblem,
    options: VrpSolveOptions = {},
  ) {
    const startedAt = (options.now ?? (() => performance.now()))();
    this.instance = compileProblem(problem);
    const servable: number[] = [];
    for (let j = 0; j < this.instance.jobCount; j++) {
      const reason = impossibleAlone(this.instance, j);
      if (reason === null) servable.push(j);
      else this.impossible.set(j, reason);
    }
    this.search = new VrpSearch(this.instance, Int32Array.from(servable), {
      startedAt,
      ...options,
    });
  }

  /** Searches until the clock reaches `until` (ms) or the budget is spent. */
  run(until: number): void {
    this.search.run(until);
  }

  get finished(): boolean {
    return this.search.finished;
  }

  get iterations(): number {
    return this.search.iterations;
  }

  /**
   * Goes on from the given routes (each vehicle's jobs in visiting order) when they beat the best
   * so far: how searches of the same problem share their best. False when they do not, break a
   * rule, or the search has not started or has ended.
   */
  adopt(routes: readonly { vehicle: number; jobs: readonly number[] }[]): boolean {
    return this.search.adopt(routes);
  }

  /** How the search ranks its best solution (searches working together compare it). */
  rank(): SolutionRank {
    return this.search.bestRank();
  }

  /** The best solution so far, checked against every rule. */
  best(): VrpSolution {
    const sequences = this.search.bestSequences();
    const routes = sequences
      .map((jobs, vehicle) => ({ vehicle, jobs }))
      .filter((route) => route.jobs.length > 0);
    const check = checkSolution(this.problem, routes);
    if (!check.feasible) {
      throw new Error(`vrp: internal error, the solution breaks a rule: ${check.violations[0]}`);
    }
    const served = new Uint8Array(this.instance.jobCount);
    for (const route of routes) for (const job of route.jobs) served[job] = 1;
    let solution: Solution | null = null;
    const unassigned: VrpUnassigned[] = [];
    for (let job = 0; job < this.instance.jobCount; job++) {
      if (served[job] === 1) continue;
      let reason = this.impossible.get(job);
      if (reason === undefined) {
        if (!solution) {
          solution = new Solution(this.instance);
          sequences.forEach((jobs, v) => solution!.routes[v].assign(jobs));
        }
        reason = noRoomReason(this.instance, solution, job);
      }
      unassigned.push({ job, reason });
    }
    const makespan = routes.length > 0 ? check.makespan : 0;
    return {
      routes: check.routes,
      unassigned,
      cost: this.instance.objective === 'makespan' ? makespan : check.distance,
      distance: check.distance,
      makespan,
      iterations: this.search.iterations,
    };
  }
}

/** Solves the problem within the options' budget (throws VrpInputError on a malformed problem). */
export function solveVrp(problem: VrpProblem, options: VrpSolveOptions = {}): VrpSolution {
  const solver = new VrpSolver(problem, options);
  solver.run(Infinity);
  return solver.best();
}
