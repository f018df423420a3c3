import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkSolution } from './check.ts';
import { Ejector } from './ejection.ts';
import { compileProblem, LOCK_NONE, type Instance } from './instance.ts';
import { euclideanMatrix } from './matrix.ts';
import type { VrpProblem } from './problem.ts';
import { simulateRoute } from './schedule.ts';
import { Solution } from './solution.ts';
import { solveVrp } from './solve.ts';
import { problemArbitrary } from './test-problems.ts';

/** Every subset of `items` with at most `most` members. */
function subsets(items: number[], most: number): number[][] {
  const all: number[][] = [[]];
  for (const item of items) {
    for (const subset of all.slice()) if (subset.length < most) all.push([...subset, item]);
  }
  return all;
}

/** True when the vehicle can drive `jobs` in this order, every rule kept. */
function routeKeepsRules(instance: Instance, v: number, jobs: number[]): boolean {
  let load = 0;
  for (const job of jobs) load += instance.demand[job];
  if (load > instance.capacity[v] || jobs.length > instance.maxStops[v]) return false;
  const timing = simulateRoute(instance, v, jobs, jobs.length);
  return timing.feasible && timing.duration <= instance.maxWorkingTime[v];
}

/**
 * The smallest penalty sum of an insertion of `job` with at most `most` ejections (none when it
 * fits as it is), by brute force.
 */
function bruteForce(
  instance: Instance,
  solution: Solution,
  job: number,
  penalty: Float64Array,
  most: number,
): number {
  let best = Infinity;
  for (const route of solution.routes) {
    if (route.len === 0) continue;
    const jobs = Array.from(route.jobs.subarray(1, route.len + 1));
    const movable = jobs.filter((j) => instance.lock[j] === LOCK_NONE);
    for (let q = 0; q <= jobs.length; q++) {
      // The job goes where the route's locks allow it (as the ejection search does).
      if (instance.lock[job] === 1 && (q !== 0 || instance.lock[jobs[0]] === 1)) continue;
      if (instance.lock[job] === 2 && (q !== jobs.length || instance.lock[jobs.at(-1)!] === 2))
        continue;
      if (instance.lock[job] === 0 && q === 0 && instance.lock[jobs[0]] === 1) continue;
      if (instance.lock[job] === 0 && q === jobs.length && instance.lock[jobs.at(-1)!] === 2)
        continue;
      const inserted = [...jobs.slice(0, q), job, ...jobs.slice(q)];
      for (const out of subsets(movable, most)) {
        const sum = out.reduce((total, j) => total + penalty[j], 0);
        if (sum >= best) continue;
        const kept = inserted.filter((j) => !out.includes(j));
        if (routeKeepsRules(instance, route.vehicle, kept)) best = sum;
      }
    }
  }
  return best;
}

/** A feasible solution of the problem with one served job taken out (or null). */
function withOneOut(problem: VrpProblem, seed: number) {
  const solved = solveVrp(problem, { maxIterations: 50, timeLimitMs: 2000, seed });
  const routes = solved.routes.filter((route) => route.jobs.length > 0);
  if (routes.length === 0) return null;
  const instance = compileProblem(problem);
  const solution = new Solution(instance);
  for (const route of routes) {
    solution.routes[route.vehicle].assign(route.jobs);
    for (const job of route.jobs) solution.jobRoute[job] = route.vehicle;
  }
  const pick = routes[seed % routes.length];
  const job = pick.jobs[seed % pick.jobs.length];
  const route = solution.routes[pick.vehicle];
  route.assign(pick.jobs.filter((j) => j !== job));
  solution.jobRoute[job] = -1;
  if (route.len === 0) return null;
  return { instance, solution, job };
}

describe('Ejector', () => {
  it('makes room for a job in a full route by ejecting the job that is easiest to place', () => {
    // Four jobs on a line, capacity 3: jobs 0-2 fill the route; job 3 needs one of them out.
    const problem: VrpProblem = {
      locationCount: 5,
      travelTimes: euclideanMatrix([
        [0, 0],
        [1, 0],
        [2, 0],
        [3, 0],
        [4, 0],
      ]),
      depot: 0,
      vehicles: [{ capacity: 3 }],
      jobs: [1, 2, 3, 4].map((location) => ({ location, demand: 1 })),
    };
    const instance = compileProblem(problem);
    const solution = new Solution(instance);
    solution.routes[0].assign([0, 1, 2]);
    solution.jobRoute.set([0, 0, 0, -1]);
    const penalty = Float64Array.from([3, 1, 2, 1]);
    const ejector = new Ejector(instance);
    expect(ejector.find(solution, 3, penalty, 2, 10)).toBe(true);
    expect(Array.from(ejector.bestEjected.subarray(0, ejector.bestCount))).toEqual([1]);
    ejector.apply(solution);
    expect(Array.from(solution.routes[0].jobs.subarray(1, 4)).sort()).toEqual([0, 2, 3]);
    // Of the places with the same counters, the shortest route: out to 4 and back.
    expect(solution.routes[0].cost).toBe(8);
    expect(Array.from(solution.jobRoute)).toEqual([0, -1, 0, 0]);
  });

  it('ejects two jobs when their counters together are lower than the one that would do', () => {
    // Capacity 4; jobs 0-2 use 1, 1 and 2; job 3 needs 2 free: job 2 alone, or jobs 0 and 1.
    const problem: VrpProblem = {
      locationCount: 5,
      travelTimes: euclideanMatrix([
        [0, 0],
        [1, 0],
        [2, 0],
        [3, 0],
        [4, 0],
      ]),
      depot: 0,
      vehicles: [{ capacity: 4 }],
      jobs: [1, 2, 3, 4].map((location, j) => ({ location, demand: [1, 1, 2, 2][j] })),
    };
    const instance = compileProblem(problem);
    const solution = new Solution(instance);
    solution.routes[0].assign([0, 1, 2]);
    solution.jobRoute.set([0, 0, 0, -1]);
    const ejector = new Ejector(instance);
    expect(ejector.find(solution, 3, Float64Array.from([1, 1, 5, 1]), 3, 10)).toBe(true);
    expect(Array.from(ejector.bestEjected.subarray(0, ejector.bestCount)).sort()).toEqual([0, 1]);
    expect(ejector.find(solution, 3, Float64Array.from([1, 1, 1, 1]), 3, 10)).toBe(true);
    expect(Array.from(ejector.bestEjected.subarray(0, ejector.bestCount))).toEqual([2]);
  });

  it.each([false, true])(
    'finds the smallest penalty sum there is, and the result keeps every rule (property, asymmetric times: %s)',
    (matrix) => {
      fc.assert(
        fc.property(
          problemArbitrary(7, 3, matrix),
          fc.nat(1000),
          fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 7, maxLength: 7 }),
          fc.integer({ min: 1, max: 3 }),
          (problem, seed, counters, most) => {
            const setUp = withOneOut(problem, seed);
            if (!setUp) return;
            const { instance, solution, job } = setUp;
            const penalty = Float64Array.from(counters.slice(0, instance.jobCount));
            const expected = bruteForce(instance, solution, job, penalty, most);
            const ejector = new Ejector(instance);
            const found = ejector.find(solution, job, penalty, most, instance.jobCount);
            if (!found) {
              expect(expected).toBe(Infinity);
              return;
            }
            const ejected = Array.from(ejector.bestEjected.subarray(0, ejector.bestCount));
            expect(ejected.reduce((sum, j) => sum + penalty[j], 0)).toBe(expected);
            ejector.apply(solution);
            const routes = solution.sequences().map((jobs, vehicle) => ({ vehicle, jobs }));
            expect(checkSolution(problem, routes).violations).toEqual([]);
            const placed = routes.flatMap((route) => route.jobs);
            expect(placed).toContain(job);
            for (const out of ejected) expect(placed).not.toContain(out);
            expect(new Set(placed).size).toBe(placed.length);
          },
        ),
        { numRuns: 150 },
      );
    },
  );
});
