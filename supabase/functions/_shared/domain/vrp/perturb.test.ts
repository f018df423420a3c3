import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRandom } from '../random.ts';
import { checkSolution } from './check.ts';
import { compileProblem } from './instance.ts';
import { Perturber } from './perturb.ts';
import { Solution } from './solution.ts';
import { solveVrp } from './solve.ts';
import { problemArbitrary } from './test-problems.ts';

describe('Perturber', () => {
  it.each([false, true])(
    'moves jobs between routes without breaking a rule or losing a job (property, asymmetric times: %s)',
    (matrix) => {
      let moves = 0;
      fc.assert(
        fc.property(problemArbitrary(10, 4, matrix), fc.nat(1000), (problem, seed) => {
          const solved = solveVrp(problem, { maxIterations: 30, timeLimitMs: 2000, seed });
          const instance = compileProblem(problem);
          const solution = new Solution(instance);
          for (const route of solved.routes) {
            solution.routes[route.vehicle].assign(route.jobs);
            for (const job of route.jobs) solution.jobRoute[job] = route.vehicle;
          }
          const before = solved.routes.flatMap((route) => route.jobs).sort((a, b) => a - b);
          const changed = new Uint8Array(instance.vehicleCount);
          moves += new Perturber(instance).perturb(solution, createRandom(seed), 200, 10, changed);
          const routes = solution.sequences().map((jobs, vehicle) => ({ vehicle, jobs }));
          expect(checkSolution(problem, routes).violations).toEqual([]);
          const after = routes.flatMap((route) => route.jobs).sort((a, b) => a - b);
          expect(after).toEqual(before);
          for (const route of routes) {
            for (const job of route.jobs) expect(solution.jobRoute[job]).toBe(route.vehicle);
            const was = solved.routes.find((r) => r.vehicle === route.vehicle)?.jobs ?? [];
            if (route.jobs.join() !== was.join()) expect(changed[route.vehicle]).toBe(1);
          }
        }),
        { numRuns: 100 },
      );
      // Small random problems leave little room: some moves, not many.
      expect(moves).toBeGreaterThan(20);
    },
  );
});
