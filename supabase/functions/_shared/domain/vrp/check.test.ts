import { describe, expect, it } from 'vitest';
import { checkSolution } from './check.ts';
import { euclideanMatrix } from './matrix.ts';
import type { VrpProblem } from './problem.ts';

// Depot at 0; jobs on a line at 10, 20 and 30.
const base: VrpProblem = {
  locationCount: 4,
  travelTimes: euclideanMatrix([
    [0, 0],
    [10, 0],
    [20, 0],
    [30, 0],
  ]),
  depot: 0,
  vehicles: [{ capacity: 10, shift: [0, 100], maxStops: 3, maxWorkingTime: 80 }, {}],
  jobs: [
    { location: 1, demand: 4, service: 5, windows: [[30, 40]] },
    { location: 2, demand: 4, service: 5 },
    { location: 3, demand: 4, service: 5, lock: 'last' },
  ],
};

describe('checkSolution', () => {
  it('computes the figures of a feasible route, leaving out the waiting a later start avoids', () => {
    const check = checkSolution(base, [{ vehicle: 1, jobs: [0, 1, 2] }]);
    expect(check.violations).toEqual([]);
    // Reach job 0 at 10, wait until 30, serve until 35; job 1 at 45-50; job 2 at 60-65; home at 95.
    expect(check.routes[0]).toMatchObject({ distance: 60, travelTime: 60, load: 12, finish: 95 });
    expect(check.routes[0].duration).toBe(75); // leaving at 20 instead of 0
    expect(check.distance).toBe(60);
    expect(check.makespan).toBe(95);
  });

  it('names every broken rule', () => {
    const violations = (routes: { vehicle: number; jobs: number[] }[], problem = base) =>
      checkSolution(problem, routes).violations;
    expect(violations([{ vehicle: 0, jobs: [0, 1, 2] }])).toEqual([
      'vehicle 0 carries 12, over its capacity 10',
    ]);
    expect(violations([{ vehicle: 1, jobs: [2, 1, 0] }])).toEqual([
      'job 2 is locked last but is not',
      'vehicle 1: job 0 reached at 60, after its windows',
    ]);
    expect(
      violations([
        { vehicle: 1, jobs: [1] },
        { vehicle: 1, jobs: [1] },
      ]),
    ).toEqual(['vehicle 1 drives two routes', 'job 1 is on vehicles 1 and 1']);
    expect(violations([{ vehicle: 7, jobs: [1] }])).toEqual(['route for unknown vehicle 7']);
    expect(violations([{ vehicle: 1, jobs: [9] }])).toEqual(['vehicle 1: unknown job 9']);
    const tight: VrpProblem = {
      ...base,
      vehicles: [{ shift: [0, 50], maxStops: 1, maxWorkingTime: 30 }],
    };
    expect(violations([{ vehicle: 0, jobs: [1, 2] }], tight)).toEqual([
      'vehicle 0 ends at 70, after its shift',
      'vehicle 0 has 2 stops, over its 1',
      'vehicle 0 works 70, over its 30',
    ]);
  });

  it('tolerates rounding, not lateness', () => {
    const late = (due: number) =>
      checkSolution({ ...base, jobs: [{ location: 1, windows: [[0, due]] }] }, [
        { vehicle: 1, jobs: [0] },
      ]).feasible;
    expect(late(10)).toBe(true);
    expect(late(10 - 1e-12)).toBe(true);
    expect(late(9.99)).toBe(false);
  });
});
