// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
// The default cost loader's API client is not used here (each test passes its loader).
vi.mock('@/lib/routing', () => ({ loadRoadTableFromApi: vi.fn() }));
vi.mock('../api/road-distances.ts', () => ({ getRoadDistances: vi.fn() }));

import { FakeOptimizeWorker } from '@/test/fake-optimize-worker.ts';
import { OptimizeCancelledError } from '@/lib/optimizer/optimize-client.ts';
import { STRAIGHT_LINE, costFromTable, type OptimizeCost } from '../cost/optimize-cost.ts';
import { ROAD_SEARCH_BUDGET_MS, useOptimizeRoute, type CostLoader } from './use-optimize-route.ts';

const stops = [
  { lat: 48.8566, lng: 2.3522 },
  { lat: 45.764, lng: 4.8357 },
  { lat: 50.6292, lng: 3.0573 },
  { lat: 47.9029, lng: 1.9093 },
];

const straightLine: CostLoader = async () => STRAIGHT_LINE;

function setUp(loadCost: CostLoader = straightLine) {
  const workers: FakeOptimizeWorker[] = [];
  const createWorker = () => {
    const worker = new FakeOptimizeWorker(false);
    workers.push(worker);
    return worker;
  };
  const hook = renderHook(() => useOptimizeRoute(createWorker, loadCost));
  return { hook, workers };
}

describe('use-optimize-route', () => {
  it('goes idle -> running -> done and resolves with the order and both lengths', async () => {
    const { hook, workers } = setUp();
    expect(hook.result.current.status).toBe('idle');
    let run!: Promise<unknown>;
    await act(async () => {
      run = hook.result.current.optimize(stops, 'fixed-start');
    });
    expect(hook.result.current.status).toBe('running');
    expect(workers[0].received[0]).toMatchObject({
      metric: 'haversine',
      mode: 'fixed-start',
      points: [
        [48.8566, 2.3522],
        [45.764, 4.8357],
        [50.6292, 3.0573],
        [47.9029, 1.9093],
      ],
    });
    // On great-circle distances the engine's own budget holds.
    expect(workers[0].received[0].timeLimitMs).toBeUndefined();
    await act(async () => {
      workers[0].flush();
      await run;
    });
    expect(hook.result.current.status).toBe('done');
    // Paris, Lille, Orléans, Lyon.
    await expect(run).resolves.toMatchObject({ order: [0, 2, 3, 1], cost: 'straight' });
  });

  it('cancel rejects the run and reports cancelled; a superseded run does not overwrite the status', async () => {
    const { hook, workers } = setUp();
    let first!: Promise<unknown>;
    await act(async () => {
      first = hook.result.current.optimize(stops, 'fixed-start');
    });
    let second!: Promise<unknown>;
    await act(async () => {
      second = hook.result.current.optimize(stops, 'round-trip');
      await expect(first).rejects.toBeInstanceOf(OptimizeCancelledError);
    });
    expect(hook.result.current.status).toBe('running');
    await act(async () => {
      hook.result.current.cancel();
      await expect(second).rejects.toBeInstanceOf(OptimizeCancelledError);
    });
    expect(hook.result.current.status).toBe('cancelled');
    expect(workers.every((worker) => worker.terminated)).toBe(true);
  });

  it('reports failed when the worker answers with an error, and terminates the worker on unmount', async () => {
    const { hook, workers } = setUp();
    let run!: Promise<unknown>;
    await act(async () => {
      run = hook.result.current.optimize(
        [
          { lat: 0, lng: 0 },
          { lat: 0, lng: 500 },
        ],
        'fixed-start',
      );
    });
    await act(async () => {
      workers[0].flush();
      await expect(run).rejects.toThrow('longitude 500 is outside -180..180');
    });
    expect(hook.result.current.status).toBe('failed');
    hook.unmount();
    expect(workers[0].terminated).toBe(true);
  });

  it('compares road distances when the table gives them, and reports the directed road lengths', async () => {
    // Road metres between the four stops; one-way: 0 -> 1 is 10 km, 1 -> 0 is 12 km.
    const distances = [
      [0, 10_000, 90_000, 50_000],
      [12_000, 0, 60_000, 20_000],
      [90_000, 60_000, 0, 30_000],
      [50_000, 20_000, 30_000, 0],
    ];
    const loadCost = vi.fn<CostLoader>(async () =>
      costFromTable({ distances, estimated: false }, 4),
    );
    const { hook, workers } = setUp(loadCost);
    let run!: Promise<unknown>;
    await act(async () => {
      run = hook.result.current.optimize(stops, 'fixed-start');
    });
    expect(loadCost).toHaveBeenCalledWith(stops, expect.any(AbortSignal));
    expect(workers[0].received[0].matrix).toBeInstanceOf(Float64Array);
    expect(workers[0].received[0].timeLimitMs).toBe(ROAD_SEARCH_BUDGET_MS);
    await act(async () => {
      workers[0].flush();
      await run;
    });
    // By road: 0, 1, 3, 2 (10 + 20 + 30 km), not the great-circle order 0, 2, 3, 1.
    await expect(run).resolves.toEqual({
      order: [0, 1, 3, 2],
      before: 100_000,
      after: 60_000,
      cost: 'road',
    });
    expect(hook.result.current.status).toBe('done');
  });

  it('cancels while the road distances load, without starting the optimiser', async () => {
    let release!: (cost: OptimizeCost) => void;
    const { hook, workers } = setUp(
      (_, signal) =>
        new Promise((resolve, reject) => {
          release = resolve;
          signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    let run!: Promise<unknown>;
    await act(async () => {
      run = hook.result.current.optimize(stops, 'fixed-start');
    });
    expect(hook.result.current.status).toBe('running');
    await act(async () => {
      hook.result.current.cancel();
      await expect(run).rejects.toBeInstanceOf(OptimizeCancelledError);
    });
    release(STRAIGHT_LINE);
    expect(hook.result.current.status).toBe('cancelled');
    expect(workers.every((worker) => worker.received.length === 0)).toBe(true);
  });
});
