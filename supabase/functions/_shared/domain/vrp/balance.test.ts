import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkSolution } from './check.ts';
import { euclideanMatrix } from './matrix.ts';
import { VrpInputError, type VrpJob, type VrpProblem } from './problem.ts';
import { solveVrp } from './solve.ts';
import { problemArbitrary } from './test-problems.ts';

/**
 * A depot at the origin and a row of 12 jobs 10 to 120 units east, 5 units of service each,
 * three vehicles, routes back to the depot.
 */
function row(rest: Partial<VrpProblem> = {}, jobs: Partial<VrpJob>[] = []): VrpProblem {
  const points: [number, number][] = [[0, 0]];
  for (let i = 1; i <= 12; i++) points.push([10 * i, 0]);
  return {
    locationCount: points.length,
    travelTimes: euclideanMatrix(points),
    depot: 0,
    vehicles: [{}, {}, {}],
    jobs: points.slice(1).map((_, i) => ({ location: i + 1, service: 5, ...jobs[i] })),
    ...rest,
  };
}

const budget = { timeLimitMs: 5_000, maxIterations: 2_000 };

/** Each vehicle's working time (leaving as late as it can), 0 without jobs. */
function workingTimes(problem: VrpProblem, solution: ReturnType<typeof solveVrp>): number[] {
  const check = checkSolution(problem, solution.routes);
  return problem.vehicles.map(
    (_, v) => check.routes.find((route) => route.vehicle === v)?.duration ?? 0,
  );
}

describe('the makespan objective: the latest finish, then even working days', () => {
  it('with one job held until late, the others still share the work', () => {
    // Job 0 (10 units out) opens at 1000, long after the rest could be done.
    const problem = row({ objective: 'makespan', useEveryVehicle: true }, [
      { windows: [[1000, 1100]] },
    ]);
    const solution = solveVrp(problem, budget);
    expect(solution.unassigned).toEqual([]);
    expect(solution.makespan).toBe(1000 + 5 + 10);
    // The vehicle that waits for job 0 takes a share before it, and the day of the one that
    // drives to the end of the row (240 units there and back, 5 at each job) stays short:
    // 290 when the late vehicle takes only job 0 and the next only one job.
    const late = solution.routes.find((route) => route.jobs.includes(0))!;
    expect(late.jobs.length).toBeGreaterThan(1);
    const working = workingTimes(problem, solution);
    expect(working.every((time) => time > 0)).toBe(true);
    expect(Math.max(...working)).toBeLessThanOrEqual(265);
  });

  it('never finishes later for the balance: the latest finish is the least one', () => {
    const problem = row({ objective: 'makespan' });
    const solution = solveVrp(problem, budget);
    // The farthest job alone is 240 units there and back, plus its 5: nothing can finish sooner.
    expect(solution.makespan).toBeLessThanOrEqual(245 + 1e-9);
  });
});

describe('useEveryVehicle', () => {
  it('least distance with every vehicle: none left without jobs', () => {
    const alone = solveVrp(row(), budget);
    expect(alone.routes).toHaveLength(1);
    const every = solveVrp(row({ useEveryVehicle: true }), budget);
    expect(every.routes).toHaveLength(3);
    expect(every.unassigned).toEqual([]);
  });

  it('leaves a vehicle without jobs when its limits say so, or when there are fewer jobs', () => {
    const limited = solveVrp(
      row({ useEveryVehicle: true, vehicles: [{}, {}, { maxStops: 0 }] }),
      budget,
    );
    expect(limited.routes.map((route) => route.vehicle)).toEqual([0, 1]);
    const few = row({ useEveryVehicle: true, objective: 'makespan' });
    const two = solveVrp({ ...few, jobs: few.jobs.slice(0, 2) }, budget);
    expect(two.routes).toHaveLength(2);
  });

  it('keeps every hard rule (property)', { timeout: 30_000 }, () => {
    fc.assert(
      fc.property(problemArbitrary(), fc.nat(1000), (problem, seed) => {
        if (problem.objective === 'vehicles') return;
        const every = { ...problem, useEveryVehicle: true };
        const solution = solveVrp(every, { timeLimitMs: 2_000, maxIterations: 200, seed });
        expect(checkSolution(every, solution.routes).violations).toEqual([]);
        const plain = solveVrp(problem, { timeLimitMs: 2_000, maxIterations: 200, seed });
        // Never fewer jobs served for using every vehicle.
        expect(solution.unassigned.length).toBeLessThanOrEqual(plain.unassigned.length);
      }),
      { numRuns: 60 },
    );
  });

  it('is refused with the fewest-vehicles objective, and when not a boolean', () => {
    expect(() => solveVrp(row({ useEveryVehicle: true, objective: 'vehicles' }))).toThrow(
      VrpInputError,
    );
    expect(() => solveVrp({ ...row(), useEveryVehicle: 'yes' as unknown as boolean })).toThrow(
      /useEveryVehicle must be true or false/,
    );
  });
});
