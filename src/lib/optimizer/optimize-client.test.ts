// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { checkSolution, euclideanMatrix, type VrpProblem } from '@domain/vrp/index.ts';
import { FakeOptimizeWorker } from '@/test/fake-optimize-worker.ts';
import { OptimizeCancelledError, OptimizeClient } from './optimize-client.ts';
import type { WorkerRequest } from './protocol.ts';
import { solveVrp } from './solve-vrp.ts';

const points: [number, number][] = [
  [48.8566, 2.3522],
  [45.764, 4.8357],
  [50.6292, 3.0573],
  [47.9029, 1.9093],
];

function clientWithWorkers(answerAutomatically = true) {
  const workers: FakeOptimizeWorker[] = [];
  const client = new OptimizeClient(() => {
    const worker = new FakeOptimizeWorker(answerAutomatically);
    workers.push(worker);
    return worker;
  });
  return { client, workers };
}

/** Keeps the buffers each message hands over. */
class RecordingWorker extends FakeOptimizeWorker {
  readonly transfers: (Transferable[] | undefined)[] = [];
  override postMessage(message: WorkerRequest, transfer?: Transferable[]): void {
    this.transfers.push(transfer);
    super.postMessage(message);
  }
}

describe('OptimizeClient', () => {
  it('creates one worker on first use and reuses it', async () => {
    const { client, workers } = clientWithWorkers();
    const first = await client.run(points, 'haversine', 'fixed-start');
    expect(first.after).toBeLessThan(first.before);
    await client.run(points, 'haversine', 'round-trip');
    expect(workers).toHaveLength(1);
    expect(workers[0].terminated).toBe(false);
  });

  it('cancel terminates the busy worker, rejects the run and starts a fresh worker next time', async () => {
    const { client, workers } = clientWithWorkers(false);
    const run = client.run(points, 'haversine', 'fixed-start');
    expect(client.running).toBe(true);
    client.cancel();
    await expect(run).rejects.toBeInstanceOf(OptimizeCancelledError);
    expect(workers[0].terminated).toBe(true);
    expect(client.running).toBe(false);
    const next = client.run(points, 'haversine', 'fixed-start');
    workers[1].flush();
    await expect(next).resolves.toMatchObject({ order: expect.any(Array) });
  });

  it('a new run supersedes the running one', async () => {
    const { client, workers } = clientWithWorkers(false);
    const first = client.run(points, 'haversine', 'fixed-start');
    const second = client.run(points, 'haversine', 'round-trip');
    await expect(first).rejects.toBeInstanceOf(OptimizeCancelledError);
    workers[1].flush();
    await expect(second).resolves.toMatchObject({ order: expect.any(Array) });
  });

  it('rejects with the worker error message, and recovers from a crashed worker', async () => {
    const { client, workers } = clientWithWorkers(false);
    const bad = client.run(
      [
        [0, 0],
        [95, 0],
      ],
      'haversine',
      'fixed-start',
    );
    workers[0].flush();
    await expect(bad).rejects.toThrow('point 1: latitude 95 is outside -90..90');
    const crashed = client.run(points, 'haversine', 'fixed-start');
    workers[0].crash('out of memory');
    await expect(crashed).rejects.toThrow('out of memory');
    expect(workers[0].terminated).toBe(true);
    const recovered = client.run(points, 'haversine', 'fixed-start');
    workers[1].flush();
    await expect(recovered).resolves.toBeDefined();
  });

  it("hands the matrix's buffer to the worker instead of copying it, unless it is shared", async () => {
    const worker = new RecordingWorker();
    const { transfers } = worker;
    const client = new OptimizeClient(() => worker);
    // Costs 0-1-3-2 cheapest (1 + 1 + 1), the given order 0-1-2-3 dearer (1 + 5 + 1).
    const costs = [0, 1, 5, 5, 1, 0, 5, 1, 5, 5, 0, 1, 5, 1, 1, 0];
    const matrix = Float64Array.from(costs);
    await expect(client.run(points, 'haversine', 'fixed-start', matrix)).resolves.toEqual({
      order: [0, 1, 3, 2],
      before: 7,
      after: 3,
    });
    expect(transfers[0]).toHaveLength(1);
    expect(transfers[0]?.[0]).toBe(matrix.buffer);

    // A view on a larger buffer, or no matrix at all: nothing handed over.
    const view = new Float64Array(32).subarray(0, 16);
    view.set(costs);
    await expect(client.run(points, 'haversine', 'fixed-start', view)).resolves.toMatchObject({
      after: 3,
    });
    await client.run(points, 'haversine', 'fixed-start');
    expect(transfers.slice(1)).toEqual([[], []]);
  });

  it('dispose terminates the worker', async () => {
    const { client, workers } = clientWithWorkers();
    await client.run(points, 'haversine', 'fixed-start');
    client.dispose();
    expect(workers[0].terminated).toBe(true);
  });
});

describe('OptimizeClient.solveVrp and solveVrp', () => {
  const grid: [number, number][] = [[0, 0]];
  for (let i = 0; i < 24; i++) grid.push([(i % 6) * 10 - 25, Math.floor(i / 6) * 10 - 15]);
  const problem: VrpProblem = {
    locationCount: grid.length,
    travelTimes: euclideanMatrix(grid),
    depot: 0,
    vehicles: [{ capacity: 10 }, { capacity: 10 }, { capacity: 10 }],
    jobs: grid.slice(1).map((_, i) => ({ location: i + 1, demand: 1, service: 1 })),
  };

  it('reports progress and resolves with a feasible plan at the end of its budget', async () => {
    const { client } = clientWithWorkers();
    const progress: number[] = [];
    // Progress comes every 100 ms: a budget of several intervals, even on a busy machine.
    const outcome = await client.solveVrp(problem, {
      timeLimitMs: 800,
      seed: 4,
      onProgress: (best) => progress.push(best.cost),
    });
    expect(outcome.stopped).toBe(false);
    expect(outcome.unassigned).toEqual([]);
    expect(checkSolution(problem, outcome.routes).violations).toEqual([]);
    expect(progress.length).toBeGreaterThan(0);
    expect(Math.min(...progress)).toBeGreaterThanOrEqual(outcome.cost);
    expect(client.running).toBe(false);
  });

  it('aborting the signal stops the search and resolves with the best so far', async () => {
    const { client, workers } = clientWithWorkers();
    const controller = new AbortController();
    const started = performance.now();
    const outcome = await client.solveVrp(problem, {
      timeLimitMs: 60_000,
      signal: controller.signal,
      onProgress: () => controller.abort(),
    });
    expect(outcome.stopped).toBe(true);
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(checkSolution(problem, outcome.routes).feasible).toBe(true);
    expect(workers[0].messages.map((message) => message.type)).toEqual(['vrp', 'stop']);
    expect(workers[0].terminated).toBe(false);
  });

  it('cancel rejects and terminates; a new run supersedes; an aborted signal rejects at once', async () => {
    const { client, workers } = clientWithWorkers();
    const first = client.solveVrp(problem, { timeLimitMs: 60_000 });
    client.cancel();
    await expect(first).rejects.toBeInstanceOf(OptimizeCancelledError);
    expect(workers[0].terminated).toBe(true);
    const second = client.solveVrp(problem, { timeLimitMs: 60_000 });
    const third = client.run(points, 'haversine', 'fixed-start');
    await expect(second).rejects.toBeInstanceOf(OptimizeCancelledError);
    await expect(third).resolves.toMatchObject({ order: expect.any(Array) });
    const aborted = new AbortController();
    aborted.abort();
    await expect(client.solveVrp(problem, { signal: aborted.signal })).rejects.toBeInstanceOf(
      OptimizeCancelledError,
    );
  });

  it('rejects with the problem error', async () => {
    const { client } = clientWithWorkers();
    await expect(client.solveVrp({ ...problem, vehicles: [] })).rejects.toThrow(
      'vehicles must be a non-empty array',
    );
  });

  it('a team searches in several workers with their own seeds, shares its best, and answers with it', async () => {
    const { client, workers } = clientWithWorkers();
    const progress: number[] = [];
    const outcome = await client.solveVrp(problem, {
      timeLimitMs: 600,
      seed: 4,
      workers: 2,
      onProgress: (best) => progress.push(best.distance),
    });
    expect(workers).toHaveLength(2);
    const runs = workers.map((worker) => worker.messages.find((message) => message.type === 'vrp'));
    expect(runs.map((run) => run?.type === 'vrp' && run.seed)).toEqual([4, 5]);
    expect(runs[0]?.id).toBe(runs[1]?.id);
    // The first reports share at once: each member hears of the other's best at least once.
    const shares = workers.flatMap((worker) =>
      worker.messages.filter((message) => message.type === 'vrp-share'),
    );
    expect(shares.length).toBeGreaterThan(0);
    for (const share of shares) {
      if (share.type !== 'vrp-share') continue;
      expect(share.id).toBe(runs[0]?.id);
      expect(checkSolution(problem, share.routes).feasible).toBe(true);
    }
    expect(checkSolution(problem, outcome.routes).violations).toEqual([]);
    expect(outcome.unassigned).toEqual([]);
    // The progress is the team's best: it never gets worse, and the answer is at least as good.
    for (let i = 1; i < progress.length; i++)
      expect(progress[i]).toBeLessThanOrEqual(progress[i - 1]);
    expect(outcome.distance).toBeLessThanOrEqual(Math.min(...progress));
    expect(client.running).toBe(false);
  });

  it('a stop reaches every member of the team; cancel terminates them all', async () => {
    const { client, workers } = clientWithWorkers();
    const controller = new AbortController();
    const outcome = await client.solveVrp(problem, {
      timeLimitMs: 60_000,
      workers: 3,
      signal: controller.signal,
      onProgress: () => controller.abort(),
    });
    expect(outcome.stopped).toBe(true);
    for (const worker of workers) {
      expect(worker.messages.filter((message) => message.type === 'stop')).toHaveLength(1);
    }
    const next = client.solveVrp(problem, { timeLimitMs: 60_000, workers: 3 });
    client.cancel();
    await expect(next).rejects.toBeInstanceOf(OptimizeCancelledError);
    expect(workers.every((worker) => worker.terminated)).toBe(true);
  });

  it('solveVrp runs in a worker of its own and ends it', async () => {
    const workers: FakeOptimizeWorker[] = [];
    // The iterations end the run, never the clock: the same answer on a busy machine.
    const outcome = await solveVrp(problem, {
      timeLimitMs: 60_000,
      seed: 1,
      maxIterations: 50,
      createWorker: () => {
        const worker = new FakeOptimizeWorker();
        workers.push(worker);
        return worker;
      },
    });
    expect(outcome.iterations).toBe(50);
    expect(outcome.unassigned).toEqual([]);
    expect(workers).toHaveLength(1);
    expect(workers[0].terminated).toBe(true);
  });
});
