// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FakeOptimizeWorker } from '@/test/fake-optimize-worker.ts';
import { OptimizeCancelledError } from './optimize-client.ts';
import { useWorkerSearch, type WorkerSearchRun } from './use-worker-search.ts';
import type { VrpProblem } from '@domain/vrp/index.ts';

/** Three jobs on a line: enough for a search that reports progress before it ends. */
const problem: VrpProblem = {
  locationCount: 4,
  travelTimes: Float64Array.from([0, 1, 2, 3, 1, 0, 1, 2, 2, 1, 0, 1, 3, 2, 1, 0]),
  depot: 0,
  vehicles: [{}, {}],
  jobs: [{ location: 1 }, { location: 2 }, { location: 3 }],
};

function setUp() {
  const workers: FakeOptimizeWorker[] = [];
  const hook = renderHook(() =>
    useWorkerSearch<number>(() => {
      const worker = new FakeOptimizeWorker();
      workers.push(worker);
      return worker;
    }),
  );
  return { hook, workers };
}

/** A search whose input load waits until `release` is called. */
function deferredLoad() {
  let release!: (value: number) => void;
  const loaded = new Promise<number>((resolve) => (release = resolve));
  return { loaded, release };
}

describe('use-worker-search', () => {
  it('runs the search in the worker: running, progress, then done with its answer', async () => {
    const { hook } = setUp();
    expect(hook.result.current.status).toBe('idle');
    let answer!: Promise<number>;
    await act(async () => {
      answer = hook.result.current.run(async ({ client, load, startSearch, report }) => {
        const budget = await load(async () => 2_000);
        const solution = await client.solveVrp(problem, {
          timeLimitMs: budget,
          maxIterations: 50,
          signal: startSearch(),
          onProgress: (best) => report(best.routes.length),
        });
        return solution.routes.length;
      });
    });
    expect(hook.result.current.status).toBe('running');
    await act(async () => {
      await answer;
    });
    await expect(answer).resolves.toBeGreaterThan(0);
    expect(hook.result.current.status).toBe('done');
    expect(hook.result.current.progress).toBeNull();
  });

  it('the latest call wins: the one before is cancelled, its progress and status dropped', async () => {
    const { hook } = setUp();
    const first = deferredLoad();
    let cancelled!: Promise<void>;
    let later!: Promise<number>;
    await act(async () => {
      const earlier = hook.result.current.run(async ({ load, report }) => {
        const value = await load(() => first.loaded);
        report(value);
        return value;
      });
      // Cancelled at once if its client is still loading, else while its inputs load.
      cancelled = expect(earlier).rejects.toBeInstanceOf(OptimizeCancelledError);
      later = hook.result.current.run(async ({ report }) => {
        report(7);
        return 7;
      });
    });
    await act(async () => {
      first.release(1);
      await cancelled;
    });
    await expect(later).resolves.toBe(7);
    expect(hook.result.current.status).toBe('done');
  });

  it('cancel while the inputs load rejects with OptimizeCancelledError and says cancelled', async () => {
    const { hook } = setUp();
    const inputs = deferredLoad();
    let run!: Promise<number>;
    await act(async () => {
      run = hook.result.current.run(({ load }) => load(() => inputs.loaded));
    });
    const rejected = expect(run).rejects.toBeInstanceOf(OptimizeCancelledError);
    await act(async () => {
      hook.result.current.cancel();
      inputs.release(3);
      await rejected;
    });
    expect(hook.result.current.status).toBe('cancelled');
  });

  it('stop ends the search with the best so far; before the search it cancels', async () => {
    const { hook } = setUp();
    let run!: Promise<boolean>;
    let started!: () => void;
    const searching = new Promise<void>((resolve) => (started = resolve));
    await act(async () => {
      run = hook.result.current.run(async ({ client, startSearch }: WorkerSearchRun<number>) => {
        const signal = startSearch();
        const outcome = client.solveVrp(problem, { timeLimitMs: 60_000, signal });
        started();
        return (await outcome).stopped;
      });
    });
    await searching;
    act(() => hook.result.current.stop());
    await act(async () => {
      await expect(run).resolves.toBe(true);
    });
    expect(hook.result.current.status).toBe('done');

    const inputs = deferredLoad();
    let early!: Promise<number>;
    await act(async () => {
      early = hook.result.current.run(({ load }) => load(() => inputs.loaded));
    });
    const rejected = expect(early).rejects.toBeInstanceOf(OptimizeCancelledError);
    await act(async () => {
      hook.result.current.stop();
      inputs.release(3);
      await rejected;
    });
  });

  it('a failing search says failed; unmounting ends the worker', async () => {
    const { hook, workers } = setUp();
    await act(async () => {
      await expect(
        hook.result.current.run(({ client }) =>
          client.solveVrp({ ...problem, depot: 9 }, { timeLimitMs: 100 }),
        ),
      ).rejects.toThrow(/depot/);
    });
    expect(hook.result.current.status).toBe('failed');
    expect(workers).toHaveLength(1);
    hook.unmount();
    expect(workers[0].terminated).toBe(true);
  });
});
