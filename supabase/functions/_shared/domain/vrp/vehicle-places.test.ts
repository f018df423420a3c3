import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkSolution } from './check.ts';
import { euclideanMatrix } from './matrix.ts';
import { VrpInputError, type VrpEnd, type VrpProblem } from './problem.ts';
import { solveVrp } from './solve.ts';
import { problemArbitrary } from './test-problems.ts';

/** A line: the depot at 0, homes at -100 and 100, jobs at -90, -80, 80 and 90. */
const points: [number, number][] = [
  [0, 0],
  [-100, 0],
  [100, 0],
  [-90, 0],
  [-80, 0],
  [80, 0],
  [90, 0],
];
const line = (rest: Partial<VrpProblem>): VrpProblem => ({
  locationCount: points.length,
  travelTimes: euclideanMatrix(points),
  depot: 0,
  vehicles: [{}, {}],
  jobs: [3, 4, 5, 6].map((location) => ({ location })),
  ...rest,
});

const budget = { timeLimitMs: 5_000, maxIterations: 500 };

describe('vehicles with their own start and end', () => {
  it('each starts at home and comes back there: each takes the jobs near home', () => {
    const problem = line({
      vehicles: [
        { start: 1, end: { location: 1 } },
        { start: 2, end: { location: 2 } },
      ],
    });
    const solution = solveVrp(problem, budget);
    const jobsOf = (vehicle: number) =>
      solution.routes.find((route) => route.vehicle === vehicle)!.jobs.sort();
    expect(jobsOf(0)).toEqual([0, 1]);
    expect(jobsOf(1)).toEqual([2, 3]);
    // Home to -80 and back: 40; the same on the other side.
    expect(solution.distance).toBe(80);
  });

  it('one ends at its last job, the other at the depot; the figures are the checker’s', () => {
    const problem = line({
      vehicles: [
        { start: 1, end: 'last-stop' },
        { start: 2, end: 'depot' },
      ],
    });
    const solution = solveVrp(problem, budget);
    const check = checkSolution(problem, solution.routes);
    expect(check.feasible).toBe(true);
    // West: 10 + 10 and no way back; east: 10 + 10 + 80 back to the depot.
    expect(solution.distance).toBe(20 + 100);
  });

  it('a single vehicle starting at home goes to the single-route optimiser from there', () => {
    const problem = line({ vehicles: [{ start: 2, end: 'last-stop' }] });
    const solution = solveVrp(problem, budget);
    // From 100: 90, 80, then -80, -90.
    expect(solution.routes[0].jobs).toEqual([3, 2, 1, 0]);
    expect(solution.distance).toBe(10 + 10 + 160 + 10);
  });

  it('refuses a start or end outside the locations', () => {
    expect(() => solveVrp(line({ vehicles: [{ start: 7 }] }))).toThrow(VrpInputError);
    expect(() => solveVrp(line({ vehicles: [{ end: { location: -1 } }] }))).toThrow(
      /vehicle 0: end must be/,
    );
    expect(() => solveVrp(line({ vehicles: [{ end: 'home' as unknown as VrpEnd }] }))).toThrow(
      VrpInputError,
    );
  });

  it(
    'keeps every hard rule with starts and ends of their own (property)',
    { timeout: 30_000 },
    () => {
      fc.assert(
        fc.property(
          problemArbitrary(),
          fc.array(fc.tuple(fc.nat(), fc.nat(3)), { minLength: 3, maxLength: 3 }),
          (problem, places) => {
            const n = problem.locationCount;
            const vehicles = problem.vehicles.map((vehicle, v) => {
              const [at, rule] = places[v];
              const end: VrpEnd =
                rule === 0 ? 'depot' : rule === 1 ? 'last-stop' : { location: (at * 7) % n };
              return { ...vehicle, start: at % n, end };
            });
            const own = { ...problem, vehicles };
            const solution = solveVrp(own, { timeLimitMs: 2_000, maxIterations: 200 });
            expect(checkSolution(own, solution.routes).violations).toEqual([]);
          },
        ),
        { numRuns: 60 },
      );
    },
  );
});
