import { describe, expect, it } from 'vitest';
import { checkSolution, euclideanMatrix, type VrpProblem } from '@domain/vrp/index.ts';
import { createWorkerHandler, handleOptimizeMessage, type WorkerResponse } from './protocol.ts';

const paris: [number, number] = [48.8566, 2.3522];
const lyon: [number, number] = [45.764, 4.8357];
const lille: [number, number] = [50.6292, 3.0573];
const orleans: [number, number] = [47.9029, 1.9093];

describe('handleOptimizeMessage', () => {
  it('answers a request with the new order and the lengths before and after, in metres', () => {
    let clock = 0;
    const response = handleOptimizeMessage(
      {
        type: 'optimize',
        id: 7,
        points: [paris, lyon, lille, orleans],
        metric: 'haversine',
        mode: 'fixed-start',
      },
      () => (clock += 5),
    );
    expect(response).toMatchObject({ type: 'result', id: 7, ms: 5 });
    if (response.type !== 'result') throw new Error('expected a result');
    expect(response.order[0]).toBe(0);
    expect(new Set(response.order).size).toBe(4);
    expect(response.after).toBeLessThan(response.before);
    expect(response.before).toBeGreaterThan(500_000);
  });

  it('returns the input order and equal lengths when nothing can be gained', () => {
    const response = handleOptimizeMessage({
      type: 'optimize',
      id: 1,
      points: [paris, lille],
      metric: 'haversine',
      mode: 'round-trip',
    });
    expect(response).toMatchObject({ type: 'result', order: [0, 1] });
    if (response.type === 'result') expect(response.after).toBe(response.before);
  });

  it('answers malformed requests and bad points with an error for the same id', () => {
    expect(handleOptimizeMessage(null)).toEqual({
      type: 'error',
      id: -1,
      message: 'expected an optimize request with an integer id',
    });
    expect(
      handleOptimizeMessage({
        type: 'optimize',
        id: 2,
        points: 'x',
        metric: 'haversine',
        mode: 'round-trip',
      }),
    ).toEqual({
      type: 'error',
      id: 2,
      message: 'points must be an array',
    });
    expect(
      handleOptimizeMessage({
        type: 'optimize',
        id: 3,
        points: [],
        metric: 'taxicab',
        mode: 'round-trip',
      }),
    ).toMatchObject({
      type: 'error',
      id: 3,
      message: 'unknown metric: taxicab',
    });
    expect(
      handleOptimizeMessage({
        type: 'optimize',
        id: 4,
        points: [],
        metric: 'haversine',
        mode: 'loop',
      }),
    ).toMatchObject({
      type: 'error',
      id: 4,
      message: 'unknown mode: loop',
    });
    expect(
      handleOptimizeMessage({
        type: 'optimize',
        id: 5,
        points: [paris, [100, 0]],
        metric: 'haversine',
        mode: 'fixed-start',
      }),
    ).toEqual({
      type: 'error',
      id: 5,
      message: 'point 1: latitude 100 is outside -90..90',
    });
  });

  it('compares the given matrix instead of the metric when there is one', () => {
    // Four points on a line, but the matrix says 0-3 and 3-1 and 1-2 are the short hops.
    const cost = [
      [0, 9, 9, 1],
      [9, 0, 1, 1],
      [9, 1, 0, 9],
      [1, 1, 9, 0],
    ];
    const matrix = Float64Array.from(cost.flat());
    const response = handleOptimizeMessage({
      type: 'optimize',
      id: 8,
      points: [paris, lyon, lille, orleans],
      metric: 'haversine',
      mode: 'fixed-start',
      matrix,
    });
    expect(response).toMatchObject({ type: 'result', order: [0, 3, 1, 2], before: 19, after: 3 });
  });

  it('refuses a matrix that does not fit the points or is not symmetric', () => {
    const base = {
      type: 'optimize',
      points: [paris, lyon, lille, orleans],
      metric: 'haversine',
      mode: 'fixed-start',
    };
    expect(handleOptimizeMessage({ ...base, id: 9, matrix: [1, 2, 3] })).toEqual({
      type: 'error',
      id: 9,
      message: 'matrix must be a Float64Array',
    });
    expect(handleOptimizeMessage({ ...base, id: 10, matrix: new Float64Array(4) })).toMatchObject({
      type: 'error',
      id: 10,
    });
    const asymmetric = new Float64Array(16).fill(1);
    asymmetric[1] = 5;
    expect(handleOptimizeMessage({ ...base, id: 11, matrix: asymmetric })).toMatchObject({
      type: 'error',
      id: 11,
    });
  });
});

describe('createWorkerHandler: vrp runs', () => {
  // 30 jobs on a grid, windows, capacity, three vehicles.
  const points: [number, number][] = [[0, 0]];
  for (let i = 0; i < 30; i++) points.push([(i % 6) * 10 - 25, Math.floor(i / 6) * 10 - 20]);
  const problem: VrpProblem = {
    locationCount: points.length,
    travelTimes: euclideanMatrix(points),
    depot: 0,
    vehicles: [{ capacity: 12 }, { capacity: 12 }, { capacity: 12 }],
    jobs: points.slice(1).map((_, i) => ({
      location: i + 1,
      demand: 1,
      service: 2,
      windows: [[(i % 5) * 20, (i % 5) * 20 + 80]],
    })),
  };

  /** A worker handler on a fake clock (each reading advances it) with tasks run by hand. */
  function harness(tick = 0.25) {
    let clock = 0;
    const tasks: (() => void)[] = [];
    const responses: { at: number; response: WorkerResponse }[] = [];
    const handle = createWorkerHandler(
      (response) => responses.push({ at: clock, response }),
      (task) => tasks.push(task),
      () => (clock += tick),
    );
    const drain = (limit = Infinity) => {
      for (let i = 0; i < limit && tasks.length > 0; i++) tasks.shift()!();
    };
    return { handle, responses, drain, tasks };
  }

  it('reports the best so far at least every 200 ms, then the result at the end of the budget', () => {
    const { handle, responses, drain } = harness();
    handle({ type: 'vrp', id: 3, problem, timeLimitMs: 1000, seed: 2 });
    expect(responses).toEqual([]); // the search runs in later tasks
    drain();
    const progress = responses.filter(({ response }) => response.type === 'vrp-progress');
    expect(progress.length).toBeGreaterThanOrEqual(4);
    const times = [0, ...responses.map(({ at }) => at)];
    for (let i = 1; i < times.length; i++) expect(times[i] - times[i - 1]).toBeLessThanOrEqual(200);
    const last = responses.at(-1)!.response;
    expect(last).toMatchObject({ type: 'vrp-result', id: 3, stopped: false });
    if (last.type !== 'vrp-result') throw new Error('expected a result');
    expect(last.solution.unassigned).toEqual([]);
    expect(checkSolution(problem, last.solution.routes).violations).toEqual([]);
    expect(last.ms).toBeGreaterThanOrEqual(1000);
    for (const { response } of progress) {
      if (response.type !== 'vrp-progress') continue;
      expect(response.id).toBe(3);
      expect(checkSolution(problem, response.best.routes).feasible).toBe(true);
    }
  });

  it('a stop request ends the run at once with the best so far', () => {
    const { handle, responses, drain, tasks } = harness();
    handle({ type: 'vrp', id: 4, problem, timeLimitMs: 60_000 });
    drain(3);
    handle({ type: 'stop', id: 99 }); // another run's id: ignored
    expect(responses.some(({ response }) => response.type === 'vrp-result')).toBe(false);
    handle({ type: 'stop', id: 4 });
    const last = responses.at(-1)!.response;
    expect(last).toMatchObject({ type: 'vrp-result', id: 4, stopped: true });
    const count = responses.length;
    drain();
    expect(responses).toHaveLength(count);
    expect(tasks).toHaveLength(0);
  });

  it("a shared solution better than the run's own is taken over; others and other ids are not", () => {
    // A good plan from a longer search, shared into a run that has just started.
    const good = (() => {
      const { handle, responses, drain } = harness();
      handle({ type: 'vrp', id: 1, problem, timeLimitMs: 1e9, seed: 7, maxIterations: 3000 });
      drain();
      const last = responses.at(-1)!.response;
      if (last.type !== 'vrp-result') throw new Error('expected a result');
      return last.solution;
    })();
    const { handle, responses, drain } = harness();
    handle({ type: 'vrp', id: 5, problem, timeLimitMs: 1e9, seed: 2, maxIterations: 300 });
    drain(1);
    const routes = good.routes.map(({ vehicle, jobs }) => ({ vehicle, jobs }));
    handle({ type: 'vrp-share', id: 6, routes }); // another run's: ignored
    handle({ type: 'vrp-share', id: 5, routes: [{ vehicle: 0, jobs: [0, 0] }] }); // malformed
    drain();
    const alone = responses.at(-1)!.response;
    if (alone.type !== 'vrp-result') throw new Error('expected a result');
    expect(alone.solution.distance).toBeGreaterThan(good.distance);

    const shared = harness();
    shared.handle({ type: 'vrp', id: 5, problem, timeLimitMs: 1e9, seed: 2, maxIterations: 300 });
    shared.drain(1);
    expect(shared.responses.map(({ response }) => response.type)).not.toContain('vrp-result');
    shared.handle({ type: 'vrp-share', id: 5, routes });
    shared.drain();
    const last = shared.responses.at(-1)!.response;
    if (last.type !== 'vrp-result') throw new Error('expected a result');
    expect(checkSolution(problem, last.solution.routes).violations).toEqual([]);
    expect(last.solution.distance).toBeLessThanOrEqual(good.distance);
  });

  it('the same seed and iterations give the same routes', () => {
    const solve = () => {
      const { handle, responses, drain } = harness();
      handle({ type: 'vrp', id: 1, problem, timeLimitMs: 1e9, seed: 5, maxIterations: 200 });
      drain();
      const last = responses.at(-1)!.response;
      return last.type === 'vrp-result' ? last.solution.routes : null;
    };
    expect(solve()).toEqual(solve());
  });

  it('a new request drops the run in progress; bad problems get an error', () => {
    const { handle, responses, drain } = harness();
    handle({ type: 'vrp', id: 5, problem, timeLimitMs: 60_000 });
    drain(2);
    const before = responses.length;
    handle({ type: 'vrp', id: 6, problem: { ...problem, depot: 99 }, timeLimitMs: 100 });
    drain();
    // Run 5 never answers again: no more progress, no result.
    expect(responses.slice(before).map(({ response }) => response.id)).toEqual([6]);
    expect(responses.at(-1)!.response).toEqual({
      type: 'error',
      id: 6,
      message: 'depot must be a location index in 0..30',
    });
    handle({ type: 'vrp', id: 7, problem, timeLimitMs: 0 });
    expect(responses.at(-1)!.response).toEqual({
      type: 'error',
      id: 7,
      message: 'timeLimitMs must be a number > 0',
    });
    handle({ type: 'vrp', id: 8, problem: null, timeLimitMs: 10 });
    expect(responses.at(-1)!.response).toMatchObject({ type: 'error', id: 8 });
  });

  it('sends one vehicle without windows to the single-route optimiser', () => {
    const { handle, responses, drain } = harness();
    const oneRoute: VrpProblem = {
      ...problem,
      vehicles: [{}],
      jobs: problem.jobs.map(({ location }) => ({ location })),
    };
    handle({ type: 'vrp', id: 10, problem: oneRoute, timeLimitMs: 1000 });
    drain();
    expect(responses).toHaveLength(1);
    const last = responses[0].response;
    expect(last).toMatchObject({ type: 'vrp-result', id: 10, stopped: false });
    if (last.type !== 'vrp-result') throw new Error('expected a result');
    expect(last.solution.routes).toHaveLength(1);
    expect(last.solution.routes[0].jobs).toHaveLength(30);
  });

  it('still answers single-route requests at once', () => {
    const { handle, responses } = harness();
    handle({
      type: 'optimize',
      id: 9,
      points: [paris, lyon, lille],
      metric: 'haversine',
      mode: 'round-trip',
    });
    expect(responses.at(-1)!.response).toMatchObject({ type: 'result', id: 9 });
  });
});
