import { describe, expect, it } from 'vitest';
import { checkSolution, euclideanMatrix, solveVrp, type VrpProblem } from './index.ts';
import { solveRoute } from '../tsp/index.ts';
import { solveAsSingleRoute } from './single-route.ts';

// 40 scattered points; the depot is point 0.
const points: [number, number][] = Array.from({ length: 41 }, (_, i) => [
  (i * 7919) % 101,
  (i * 104729) % 97,
]);
const tsp: VrpProblem = {
  locationCount: points.length,
  travelTimes: euclideanMatrix(points),
  depot: 0,
  vehicles: [{ capacity: 100 }],
  jobs: points.slice(1).map((_, i) => ({ location: i + 1, demand: 2, service: 3 })),
};

describe('solveAsSingleRoute', () => {
  it('solves one vehicle without windows with the single-route optimiser', () => {
    // A kick budget, not time: the same order from both calls however busy the machine is.
    const budget = { seed: 1, maxKicks: 2000, timeLimitMs: 60_000 };
    const solution = solveAsSingleRoute(tsp, budget);
    expect(solution).not.toBeNull();
    expect(solution!.unassigned).toEqual([]);
    expect(solution!.routes).toHaveLength(1);
    expect([...solution!.routes[0].jobs].sort((a, b) => a - b)).toEqual(tsp.jobs.map((_, j) => j));
    expect(checkSolution(tsp, solution!.routes).feasible).toBe(true);
    const direct = solveRoute(
      { n: points.length, matrix: tsp.travelTimes },
      { mode: 'round-trip', ...budget },
    );
    expect(solution!.distance).toBeCloseTo(direct.length, 9);
    // At least as short as the vrp search on the same problem (an iteration budget: the same
    // result however busy the machine is).
    const vrp = solveVrp(tsp, { timeLimitMs: 60_000, maxIterations: 3_000 });
    expect(solution!.distance).toBeLessThanOrEqual(vrp.distance + 1e-9);
  });

  it('keeps the end rule: open route, or a given end', () => {
    const open = solveAsSingleRoute({ ...tsp, end: 'last-stop' })!;
    const there = solveAsSingleRoute({ ...tsp, end: { location: 5 } })!;
    expect(open.distance).toBeLessThan(solveAsSingleRoute(tsp)!.distance);
    expect(checkSolution({ ...tsp, end: 'last-stop' }, open.routes).distance).toBeCloseTo(
      open.distance,
      9,
    );
    expect(checkSolution({ ...tsp, end: { location: 5 } }, there.routes).feasible).toBe(true);
  });

  it('leaves every other problem to the vrp search', () => {
    const cases: VrpProblem[] = [
      { ...tsp, vehicles: [{}, {}] },
      { ...tsp, vehicles: [{ capacity: 10 }] },
      { ...tsp, vehicles: [{ maxStops: 5 }] },
      { ...tsp, vehicles: [{ shift: [0, 100] }] }, // the route is longer than the shift
      { ...tsp, jobs: tsp.jobs.map((job, j) => (j === 3 ? { ...job, windows: [[0, 500]] } : job)) },
      { ...tsp, jobs: tsp.jobs.map((job, j) => (j === 3 ? { ...job, lock: 'first' } : job)) },
      { ...tsp, travelTimes: tsp.travelTimes.map((d, i) => (i === 1 ? d + 1 : d)) },
    ];
    for (const problem of cases) expect(solveAsSingleRoute(problem)).toBeNull();
  });
});
