import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkSolution } from './check.ts';
import type { VrpProblem } from './problem.ts';
import { solveVrp } from './solve.ts';
import { problemArbitrary } from './test-problems.ts';

function permutations(items: number[]): number[][] {
  if (items.length <= 1) return [items];
  return items.flatMap((item, i) =>
    permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]),
  );
}

/**
 * Brute force: every split of the jobs between the vehicles (or left out) and every order of
 * each route, judged by the independent checker. The best serves the most jobs, then is shortest.
 */
function bruteForce(problem: VrpProblem): { served: number; distance: number } {
  const m = problem.jobs.length;
  const vehicles = problem.vehicles.length;
  // shortest[v][subset]: the shortest feasible route of vehicle v through the subset's jobs.
  const shortest = problem.vehicles.map((_, vehicle) =>
    Array.from({ length: 1 << m }, (_, subset) => {
      const jobs = problem.jobs.map((_, j) => j).filter((j) => subset & (1 << j));
      if (jobs.length === 0) return 0;
      let best = Infinity;
      for (const order of permutations(jobs)) {
        const check = checkSolution(problem, [{ vehicle, jobs: order }]);
        if (check.feasible && check.distance < best) best = check.distance;
      }
      return best;
    }),
  );
  let best = { served: -1, distance: Infinity };
  const assign = (v: number, free: number, served: number, distance: number) => {
    if (v === vehicles) {
      if (served > best.served || (served === best.served && distance < best.distance - 1e-9)) {
        best = { served, distance };
      }
      return;
    }
    // Every subset of the free jobs for vehicle v.
    for (let subset = free; ; subset = (subset - 1) & free) {
      const cost = shortest[v][subset];
      if (cost < Infinity) {
        let count = 0;
        for (let s = subset; s; s &= s - 1) count++;
        assign(v + 1, free & ~subset, served + count, distance + cost);
      }
      if (subset === 0) break;
    }
  };
  assign(0, (1 << m) - 1, 0, 0);
  return best;
}

describe('solveVrp against brute force', { timeout: 30_000 }, () => {
  it('finds the optimum of tiny instances (up to 6 jobs, 2 vehicles, distance objective)', () => {
    fc.assert(
      fc.property(problemArbitrary(6, 2), fc.nat(1000), (generated, seed) => {
        const problem: VrpProblem = { ...generated, objective: 'distance' };
        const optimum = bruteForce(problem);
        const solution = solveVrp(problem, { seed, maxIterations: 1500, timeLimitMs: 5000 });
        const served = problem.jobs.length - solution.unassigned.length;
        expect(served).toBe(optimum.served);
        expect(solution.distance).toBeCloseTo(optimum.distance, 6);
      }),
      // A fixed seed: a heuristic could miss an optimum on some rare case, and CI must not flake.
      { numRuns: 30, seed: 20261124 },
    );
  });
});
