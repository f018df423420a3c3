import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkSolution } from './check.ts';
import { euclideanMatrix } from './matrix.ts';
import { VrpInputError, type VrpJob, type VrpProblem } from './problem.ts';
import { VrpSolver, solveVrp, type VrpSolution } from './solve.ts';
import { problemArbitrary } from './test-problems.ts';

/** Every job is on exactly one route or unassigned, never both, never twice. */
function expectEachJobOnce(problem: VrpProblem, solution: VrpSolution): void {
  const seen = new Map<number, number>();
  for (const route of solution.routes)
    for (const job of route.jobs) seen.set(job, (seen.get(job) ?? 0) + 1);
  for (const { job } of solution.unassigned) seen.set(job, (seen.get(job) ?? 0) + 1);
  expect([...seen.keys()].sort((a, b) => a - b)).toEqual(problem.jobs.map((_, j) => j));
  expect([...seen.values()].every((count) => count === 1)).toBe(true);
}

/** A depot at the origin and jobs at the given points (locations 1..n). */
function pointsProblem(
  points: [number, number][],
  jobs: Omit<VrpJob, 'location'>[],
  rest: Partial<VrpProblem> = {},
): VrpProblem {
  const all: [number, number][] = [[0, 0], ...points];
  return {
    locationCount: all.length,
    travelTimes: euclideanMatrix(all),
    depot: 0,
    vehicles: [{}],
    jobs: jobs.map((job, i) => ({ location: i + 1, ...job })),
    ...rest,
  };
}

const quick = { timeLimitMs: 2000, maxIterations: 300 };

// The property tests run many small searches: generous timeouts for a busy machine.
const SLOW = 30_000;

describe('solveVrp: hard rules (property)', { timeout: SLOW }, () => {
  it('meets every window, capacity, shift, stop and working-time limit and lock, and places each job once', () => {
    fc.assert(
      fc.property(problemArbitrary(), fc.nat(1000), (problem, seed) => {
        const solution = solveVrp(problem, { ...quick, seed });
        const check = checkSolution(problem, solution.routes);
        expect(check.violations).toEqual([]);
        expectEachJobOnce(problem, solution);
        for (const route of solution.routes) {
          expect(route.jobs.length).toBeGreaterThan(0);
          const jobs = route.jobs.map((j) => problem.jobs[j]);
          jobs.forEach((job, index) => {
            if (job.lock === 'first') expect(index).toBe(0);
            if (job.lock === 'last') expect(index).toBe(jobs.length - 1);
          });
        }
        expect(solution.distance).toBeCloseTo(check.distance, 6);
      }),
      { numRuns: 100 },
    );
  });

  it('keeps every rule on travel times without the triangle inequality', () => {
    fc.assert(
      fc.property(problemArbitrary(8, 3, true), fc.nat(1000), (problem, seed) => {
        const solution = solveVrp(problem, { ...quick, seed });
        expect(checkSolution(problem, solution.routes).violations).toEqual([]);
        expectEachJobOnce(problem, solution);
      }),
      { numRuns: 100 },
    );
  });

  it('the same seed gives the same result', () => {
    fc.assert(
      fc.property(problemArbitrary(12, 3), fc.nat(1000), (problem, seed) => {
        const first = solveVrp(problem, { ...quick, seed });
        const second = solveVrp(problem, { ...quick, seed });
        expect(second).toEqual(first);
      }),
      { numRuns: 30 },
    );
  });
});

describe('solveVrp: a larger instance', { timeout: SLOW }, () => {
  // 60 jobs around a depot, windows and capacity: the result stays feasible and reproducible.
  const points: [number, number][] = Array.from({ length: 60 }, (_, i) => [
    ((i * 7919) % 101) - 50,
    ((i * 104729) % 97) - 48,
  ]);
  const jobs = points.map((_, i) => ({
    demand: 1 + (i % 7),
    service: 5,
    windows: [[80 + ((i * 37) % 300), 140 + ((i * 37) % 300)]] as [number, number][],
  }));
  const problem = pointsProblem(points, jobs, {
    vehicles: Array.from({ length: 8 }, () => ({
      capacity: 40,
      shift: [0, 600] as [number, number],
    })),
  });

  it('serves every job feasibly and repeats itself with the same seed and iterations', () => {
    const first = solveVrp(problem, { seed: 3, maxIterations: 400, timeLimitMs: 10_000 });
    expect(checkSolution(problem, first.routes).violations).toEqual([]);
    expect(first.unassigned).toEqual([]);
    expect(first.iterations).toBe(400);
    const second = solveVrp(problem, { seed: 3, maxIterations: 400, timeLimitMs: 10_000 });
    expect(second.routes).toEqual(first.routes);
  });

  it('runs in slices, its best so far never getting worse, and stops at its time budget', () => {
    // A clock that advances 0.05 ms per reading: the same slices on a busy machine.
    let clock = 0;
    const now = () => (clock += 0.05);
    const solver = new VrpSolver(problem, { seed: 1, timeLimitMs: 250, now });
    const costs: number[] = [];
    while (!solver.finished) {
      solver.run(clock + 20);
      const best = solver.best();
      expect(best.unassigned).toEqual([]);
      costs.push(best.cost);
    }
    expect(clock).toBeGreaterThanOrEqual(250);
    expect(clock).toBeLessThan(251);
    expect(costs.length).toBeGreaterThanOrEqual(12);
    for (let i = 1; i < costs.length; i++) expect(costs[i]).toBeLessThanOrEqual(costs[i - 1]);
    expect(costs.at(-1)).toBeLessThan(costs[0]);
  });
});

describe('VrpSolver.adopt: searches sharing their best', () => {
  const points: [number, number][] = Array.from({ length: 30 }, (_, i) => [
    ((i * 7919) % 101) - 50,
    ((i * 104729) % 97) - 48,
  ]);
  const problem = pointsProblem(
    points,
    points.map((_, i) => ({
      demand: 1 + (i % 5),
      windows: [[(i * 37) % 200, 250 + ((i * 37) % 200)]] as [number, number][],
    })),
    {
      vehicles: Array.from({ length: 10 }, () => ({
        capacity: 20,
        shift: [0, 700] as [number, number],
      })),
      objective: 'vehicles',
    },
  );
  /** A search a few iterations in, still going: a clock that advances with each reading. */
  const started = (seed: number, maxIterations = 2000) => {
    let clock = 0;
    const solver = new VrpSolver(problem, {
      seed,
      maxIterations,
      timeLimitMs: 1e9,
      now: () => (clock += 0.01),
    });
    solver.run(clock + 0.5);
    expect(solver.finished).toBe(false);
    return solver;
  };

  it('goes on from a better solution, and its result is at least as good', () => {
    const strong = solveVrp(problem, { seed: 1, maxIterations: 3000, timeLimitMs: 10_000 });
    const weak = started(2);
    const before = weak.best();
    expect(before.routes.length * 1e6 + before.distance).toBeGreaterThan(
      strong.routes.length * 1e6 + strong.distance,
    );
    expect(weak.adopt(strong.routes)).toBe(true);
    expect(weak.best().routes).toEqual(strong.routes);
    weak.run(Infinity);
    const after = weak.best();
    expect(checkSolution(problem, after.routes).violations).toEqual([]);
    expect(after.routes.length).toBeLessThanOrEqual(strong.routes.length);
    if (after.routes.length === strong.routes.length)
      expect(after.distance).toBeLessThanOrEqual(strong.distance + 1e-9);
  });

  it('refuses a worse solution, one that breaks a rule, and malformed routes', () => {
    // A clock that advances with each reading: the search is still going after the slice.
    let clock = 0;
    const solver = new VrpSolver(problem, {
      seed: 1,
      timeLimitMs: 1e9,
      now: () => (clock += 0.01),
    });
    solver.run(clock + 30);
    expect(solver.finished).toBe(false);
    const best = solver.best();
    const worse = started(2).best();
    expect(worse.routes.length * 1e6 + worse.distance).toBeGreaterThan(
      best.routes.length * 1e6 + best.distance,
    );
    expect(solver.adopt(worse.routes)).toBe(false);
    // Every job on one vehicle: over its capacity.
    const all = [{ vehicle: 0, jobs: problem.jobs.map((_, j) => j) }];
    const fresh = started(3);
    expect(fresh.adopt(all)).toBe(false);
    expect(fresh.adopt([{ vehicle: 99, jobs: [0] }])).toBe(false);
    expect(fresh.adopt([{ vehicle: 0, jobs: [0, 0] }])).toBe(false);
    expect(fresh.adopt([{ vehicle: 0, jobs: [1.5] }])).toBe(false);
    expect(fresh.adopt([{ vehicle: 0, jobs: 'x' as unknown as number[] }])).toBe(false);
    expect(solver.best()).toEqual(best);
  });
});

describe('solveVrp: unassigned jobs and their reasons', () => {
  it('a window that closes before any vehicle can arrive', () => {
    const problem = pointsProblem(
      [
        [100, 0],
        [5, 0],
      ],
      [{ windows: [[0, 50]] }, {}],
    );
    const solution = solveVrp(problem, quick);
    expect(solution.unassigned).toEqual([{ job: 0, reason: 'window' }]);
    expect(solution.routes.map((route) => route.jobs)).toEqual([[1]]);
  });

  it('a demand over every capacity', () => {
    const problem = pointsProblem(
      [
        [1, 0],
        [2, 0],
      ],
      [{ demand: 20 }, { demand: 5 }],
      {
        vehicles: [{ capacity: 10 }, { capacity: 12 }],
      },
    );
    expect(solveVrp(problem, quick).unassigned).toEqual([{ job: 0, reason: 'capacity' }]);
  });

  it('a shift too short to come back', () => {
    // Reached at 10, served until 20, back at 30: after the shift's end at 25.
    const problem = pointsProblem([[10, 0]], [{ service: 10 }], { vehicles: [{ shift: [0, 25] }] });
    expect(solveVrp(problem, quick).unassigned).toEqual([{ job: 0, reason: 'shift' }]);
  });

  it('a working time too short, and a limit on stops', () => {
    const long = pointsProblem([[10, 0]], [{ service: 10 }], {
      vehicles: [{ maxWorkingTime: 29 }],
    });
    expect(solveVrp(long, quick).unassigned).toEqual([{ job: 0, reason: 'shift' }]);
    const stops = pointsProblem(
      [
        [1, 0],
        [2, 0],
      ],
      [{}, {}],
      { vehicles: [{ maxStops: 1 }] },
    );
    expect(solveVrp(stops, quick).unassigned).toEqual([
      { job: expect.any(Number), reason: 'max-stops' },
    ]);
  });

  it('two jobs locked first for one vehicle, and two jobs wanted at the same time far apart', () => {
    const locks = pointsProblem(
      [
        [1, 0],
        [2, 0],
      ],
      [{ lock: 'first' }, { lock: 'first' }],
    );
    expect(solveVrp(locks, quick).unassigned).toEqual([
      { job: expect.any(Number), reason: 'lock' },
    ]);
    const clash = pointsProblem(
      [
        [50, 0],
        [-50, 0],
      ],
      [{ windows: [[60, 60]] }, { windows: [[60, 60]] }],
    );
    const solution = solveVrp(clash, quick);
    expect(solution.unassigned).toEqual([{ job: expect.any(Number), reason: 'no-room' }]);
    expect(solution.routes).toHaveLength(1);
  });
});

describe('solveVrp: objectives, end rules, working time', () => {
  // Four long jobs side by side, 10 away from the depot; two vehicles.
  const cluster = pointsProblem(
    [
      [10, 0],
      [10, 1],
      [10, 2],
      [10, 3],
    ],
    [{ service: 100 }, { service: 100 }, { service: 100 }, { service: 100 }],
    { vehicles: [{}, {}] },
  );

  it('distance keeps one vehicle; makespan splits the work to finish earlier', () => {
    const byDistance = solveVrp({ ...cluster, objective: 'distance' }, quick);
    const byMakespan = solveVrp({ ...cluster, objective: 'makespan' }, quick);
    expect(byDistance.routes).toHaveLength(1);
    expect(byMakespan.routes).toHaveLength(2);
    expect(byMakespan.makespan).toBeLessThan(byDistance.makespan - 150);
    expect(byMakespan.distance).toBeGreaterThan(byDistance.distance);
    expect(byMakespan.cost).toBe(byMakespan.makespan);
    expect(byDistance.cost).toBe(byDistance.distance);
  });

  it('vehicles uses fewer vehicles than distance when that costs length', () => {
    // Jobs 1 and 2 are 1 from the depot but 100 from each other.
    const m = [
      [0, 1, 1],
      [1, 0, 100],
      [1, 100, 0],
    ];
    const problem: VrpProblem = {
      locationCount: 3,
      travelTimes: Float64Array.from(m.flat()),
      depot: 0,
      vehicles: [{}, {}],
      jobs: [{ location: 1 }, { location: 2 }],
    };
    const byDistance = solveVrp({ ...problem, objective: 'distance' }, quick);
    const byVehicles = solveVrp({ ...problem, objective: 'vehicles' }, quick);
    expect(byDistance.routes).toHaveLength(2);
    expect(byDistance.distance).toBe(4);
    expect(byVehicles.routes).toHaveLength(1);
    expect(byVehicles.distance).toBe(102);
  });

  it('end rules: back to the depot, at the last stop, or at a given location', () => {
    const line = pointsProblem(
      [
        [10, 0],
        [20, 0],
        [30, 0],
      ],
      [{}, {}],
    );
    const back = solveVrp(line, quick);
    expect(back.distance).toBe(40);
    const open = solveVrp({ ...line, end: 'last-stop' }, quick);
    expect(open.routes[0].jobs).toEqual([0, 1]);
    expect(open.distance).toBe(20);
    const there = solveVrp({ ...line, end: { location: 3 } }, quick);
    expect(there.routes[0].jobs).toEqual([0, 1]);
    expect(there.distance).toBe(30);
  });

  it('locks put a job first or last even when that is longer', () => {
    const line = pointsProblem(
      [
        [10, 0],
        [20, 0],
        [30, 0],
      ],
      [{ lock: 'last' }, {}, { lock: 'first' }],
      { end: 'last-stop' },
    );
    const solution = solveVrp(line, quick);
    expect(solution.routes[0].jobs).toEqual([2, 1, 0]);
    expect(solution.distance).toBe(30 + 10 + 10);
  });

  it('working time leaves out the waiting a later departure avoids', () => {
    // The job opens at 100, 10 away: leaving at 90 the day lasts 10 + 5 + 10 = 25.
    const problem = pointsProblem([[10, 0]], [{ service: 5, windows: [[100, 120]] }], {
      vehicles: [{ maxWorkingTime: 25 }],
    });
    const solution = solveVrp(problem, quick);
    expect(solution.unassigned).toEqual([]);
    expect(solution.routes[0]).toMatchObject({ finish: 115, duration: 25 });
    const tighter = { ...problem, vehicles: [{ maxWorkingTime: 24 }] };
    expect(solveVrp(tighter, quick).unassigned).toEqual([{ job: 0, reason: 'shift' }]);
  });

  it('picks the open one of several windows', () => {
    // Window 1 is missed (arrival at 10 > 5), window 2 opens at 40.
    const problem = pointsProblem(
      [[10, 0]],
      [
        {
          windows: [
            [0, 5],
            [40, 50],
          ],
        },
      ],
    );
    const solution = solveVrp({ ...problem, objective: 'makespan' }, quick);
    expect(solution.routes[0]).toMatchObject({ finish: 50 });
  });
});

describe('solveVrp: input errors', () => {
  const base = pointsProblem([[1, 0]], [{}]);
  it.each([
    [{ ...base, depot: 5 }, /depot must be a location index in 0\.\.1/],
    [
      { ...base, travelTimes: new Float64Array(3) },
      /travelTimes must hold 2 × 2 = 4 numbers, not 3/,
    ],
    [
      { ...base, travelTimes: Float64Array.from([0, -1, 1, 0]) },
      /travelTimes\[0\]\[1\] must be a finite number >= 0/,
    ],
    [{ ...base, vehicles: [] }, /vehicles must be a non-empty array/],
    [{ ...base, jobs: [{ location: 7 }] }, /job 0: location must be an index in 0\.\.1/],
    [
      { ...base, jobs: [{ location: 1, windows: [[5, 1]] }] },
      /job 0: window 0 must be \[start, end\] with start <= end/,
    ],
    [
      {
        ...base,
        jobs: [
          {
            location: 1,
            windows: [
              [0, 5],
              [4, 9],
            ],
          },
        ],
      },
      /job 0: windows must be sorted and must not overlap/,
    ],
    [{ ...base, vehicles: [{ capacity: -1 }] }, /vehicle 0: capacity must be a finite number >= 0/],
    [{ ...base, objective: 'fastest' }, /objective must be one of distance, vehicles, makespan/],
    [{ ...base, end: { location: 9 } }, /end must be "depot", "last-stop" or \{location\}/],
  ])('rejects a malformed problem (%#)', (problem, message) => {
    expect(() => solveVrp(problem as VrpProblem, quick)).toThrow(VrpInputError);
    expect(() => solveVrp(problem as VrpProblem, quick)).toThrow(message);
  });
});
