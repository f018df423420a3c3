// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WARM_UP } from './warm-up.ts';

/** A stand-in for the browser's Worker that records what the page does with it. */
class FakeWorker {
  static started: FakeWorker[] = [];
  readonly posted: unknown[] = [];
  terminated = false;
  onerror: ((event: { preventDefault(): void }) => void) | null = null;
  onmessage: unknown = null;
  constructor(
    readonly url: URL,
    readonly options: WorkerOptions,
  ) {
    FakeWorker.started.push(this);
  }
  postMessage(message: unknown) {
    this.posted.push(message);
  }
  terminate() {
    this.terminated = true;
  }
  fail() {
    this.onerror?.({ preventDefault: () => {} });
  }
}

/** A fresh module each time: the worker waiting is module state. */
async function freshModule() {
  vi.resetModules();
  FakeWorker.started = [];
  vi.stubGlobal('Worker', FakeWorker);
  const pool = await import('./worker-pool.ts');
  const { createOptimizeWorker } = await import('./create-worker.ts');
  return {
    preloadOptimizeWorker: pool.preloadOptimizeWorker,
    releaseOptimizeWorker: pool.releaseOptimizeWorker,
    createOptimizeWorker,
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the optimiser worker loaded ahead of the click', () => {
  it('loaded on intent: warms up a moment later, or not at all if the click takes it first', async () => {
    vi.useFakeTimers();
    try {
      const { preloadOptimizeWorker, createOptimizeWorker, releaseOptimizeWorker } =
        await freshModule();
      preloadOptimizeWorker(300);
      const [first] = FakeWorker.started;
      expect(first.posted).toEqual([]);
      vi.advanceTimersByTime(300);
      expect(first.posted).toEqual([WARM_UP]);
      releaseOptimizeWorker();

      preloadOptimizeWorker(300);
      const second = FakeWorker.started[1];
      expect(createOptimizeWorker()).toBe(second);
      vi.advanceTimersByTime(1000);
      expect(second.posted).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('starts one module worker, warming up, and the next optimisation takes it', async () => {
    const { preloadOptimizeWorker, createOptimizeWorker } = await freshModule();
    preloadOptimizeWorker();
    preloadOptimizeWorker();
    expect(FakeWorker.started).toHaveLength(1);
    const [waiting] = FakeWorker.started;
    expect(waiting.options).toEqual({ type: 'module' });
    expect(waiting.url.pathname).toMatch(/optimize\.worker\.ts$/);
    expect(waiting.posted).toEqual([WARM_UP]);

    expect(createOptimizeWorker()).toBe(waiting);
    expect(waiting.onerror).toBeNull();
    // Taken: the next one starts cold, without a warm-up.
    const next = createOptimizeWorker() as unknown as FakeWorker;
    expect(next).not.toBe(waiting);
    expect(next.posted).toEqual([]);
    expect(FakeWorker.started).toHaveLength(2);
  });

  it('without one waiting, an optimisation starts its own worker', async () => {
    const { createOptimizeWorker } = await freshModule();
    const worker = createOptimizeWorker() as unknown as FakeWorker;
    expect(FakeWorker.started).toEqual([worker]);
    expect(worker.posted).toEqual([]);
  });

  it('a worker that failed to load while waiting is dropped, and the click starts a new one', async () => {
    const { preloadOptimizeWorker, createOptimizeWorker } = await freshModule();
    preloadOptimizeWorker();
    const [failed] = FakeWorker.started;
    failed.fail();
    expect(failed.terminated).toBe(true);
    const worker = createOptimizeWorker();
    expect(worker).not.toBe(failed);
    // And another can be loaded ahead of the next click.
    preloadOptimizeWorker();
    expect(FakeWorker.started).toHaveLength(3);
  });

  it('does nothing where there are no workers', async () => {
    const { preloadOptimizeWorker } = await freshModule();
    vi.stubGlobal('Worker', undefined);
    expect(() => preloadOptimizeWorker()).not.toThrow();
    expect(FakeWorker.started).toEqual([]);
  });

  it('ends the worker loaded ahead when released before an optimisation took it', async () => {
    const { preloadOptimizeWorker, releaseOptimizeWorker, createOptimizeWorker } =
      await freshModule();
    preloadOptimizeWorker();
    const [waiting] = FakeWorker.started;
    releaseOptimizeWorker();
    expect(waiting.terminated).toBe(true);
    // The next optimisation starts a new one; a worker already taken is never ended here.
    const taken = createOptimizeWorker() as unknown as FakeWorker;
    expect(taken).not.toBe(waiting);
    releaseOptimizeWorker();
    expect(taken.terminated).toBe(false);
  });
});
