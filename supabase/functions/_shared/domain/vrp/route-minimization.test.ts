import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRandom } from '../random.ts';
import { checkSolution } from './check.ts';
import { Ejector } from './ejection.ts';
import { Inserter } from './insertion.ts';
import { compileProblem } from './instance.ts';
import { euclideanMatrix } from './matrix.ts';
import { Perturber } from './perturb.ts';
import type { VrpProblem } from './problem.ts';
import { RouteMinimizer } from './route-minimization.ts';
import { DEFAULT_SETTINGS } from './search.ts';
import { Solution } from './solution.ts';
import { solveVrp } from './solve.ts';
import { problemArbitrary } from './test-problems.ts';

function minimizer(problem: VrpProblem, seed: number) {
  const instance = compileProblem(problem);
  const random = createRandom(seed);
  const rm = new RouteMinimizer(
    instance,
    new Inserter(instance),
    new Ejector(instance),
    new Perturber(instance),
    random,
    DEFAULT_SETTINGS,
  );
  return { instance, rm };
}

describe('RouteMinimizer', () => {
  it('takes routes out until the jobs fill as few vehicles as the capacity allows', () => {
    // Twelve jobs of demand 1 around the depot, vehicles of capacity 4: three routes at least.
    const points: [number, number][] = [[0, 0]];
    for (let i = 0; i < 12; i++) {
      const angle = (i / 12) * 2 * Math.PI;
      points.push([10 * Math.cos(angle), 10 * Math.sin(angle)]);
    }
    const problem: VrpProblem = {
      locationCount: points.length,
      travelTimes: euclideanMatrix(points),
      depot: 0,
      vehicles: Array.from({ length: 12 }, () => ({ capacity: 4 })),
      jobs: points.slice(1).map((_, j) => ({ location: j + 1, demand: 1 })),
      objective: 'vehicles',
    };
    const { instance, rm } = minimizer(problem, 3);
    const solution = new Solution(instance);
    for (let j = 0; j < 12; j++) {
      solution.routes[j].assign([j]);
      solution.jobRoute[j] = j;
    }
    const pool = new Int32Array(12);
    let waiting = 0;
    for (let round = 0; round < 9; round++) {
      waiting = rm.removeRoute(solution, pool, waiting);
      for (let step = 0; step < 500 && waiting > 0; step++)
        waiting = rm.step(solution, pool, waiting);
      expect(waiting).toBe(0);
    }
    expect(solution.usedVehicles()).toBe(3);
    expect(RouteMinimizer.lowerBound(instance, Int32Array.from(problem.jobs.keys()))).toBe(3);
    const routes = solution.sequences().map((jobs, vehicle) => ({ vehicle, jobs }));
    expect(checkSolution(problem, routes).violations).toEqual([]);
  });

  it('keeps every rule, and every job either on one route or in the pool, at each step (property)', () => {
    fc.assert(
      fc.property(problemArbitrary(10, 4), fc.nat(1000), (problem, seed) => {
        const solved = solveVrp(problem, { maxIterations: 30, timeLimitMs: 2000, seed });
        if (solved.routes.length === 0) return;
        const { instance, rm } = minimizer(problem, seed);
        const solution = new Solution(instance);
        for (const route of solved.routes) {
          solution.routes[route.vehicle].assign(route.jobs);
          for (const job of route.jobs) solution.jobRoute[job] = route.vehicle;
        }
        const served = solved.routes.flatMap((route) => route.jobs).sort((a, b) => a - b);
        const pool = new Int32Array(instance.jobCount);
        let waiting = rm.removeRoute(solution, pool, 0);
        for (let step = 0; step < 30; step++) {
          waiting = rm.step(solution, pool, waiting);
          const routes = solution.sequences().map((jobs, vehicle) => ({ vehicle, jobs }));
          expect(checkSolution(problem, routes).violations).toEqual([]);
          const placed = routes.flatMap((route) => route.jobs);
          const all = [...placed, ...pool.subarray(0, waiting)].sort((a, b) => a - b);
          expect(all).toEqual(served);
          for (const job of pool.subarray(0, waiting)) expect(solution.jobRoute[job]).toBe(-1);
        }
      }),
      { numRuns: 100 },
    );
  });

  it('bounds the vehicles by the total demand over the largest capacity', () => {
    const problem: VrpProblem = {
      locationCount: 2,
      travelTimes: new Float64Array(4),
      depot: 0,
      vehicles: [{ capacity: 5 }, { capacity: 10 }],
      jobs: [7, 7, 7].map((demand) => ({ location: 1, demand })),
    };
    const instance = compileProblem(problem);
    expect(RouteMinimizer.lowerBound(instance, Int32Array.from([0, 1, 2]))).toBe(3);
    expect(RouteMinimizer.lowerBound(instance, Int32Array.from([0]))).toBe(1);
    const unlimited = compileProblem({ ...problem, vehicles: [{}] });
    expect(RouteMinimizer.lowerBound(unlimited, Int32Array.from([0, 1, 2]))).toBe(1);
  });
});
