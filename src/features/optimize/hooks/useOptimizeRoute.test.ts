import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FakeOptimizeWorker } from '../worker/fake-worker.ts';
import { OptimizeCancelledError } from '../worker/optimize-client.ts';
import { useOptimizeRoute } from './useOptimizeRoute.ts';

const stops = [
  { lat: 48.8566, lng: 2.3522 },
  { lat: 45.764, lng: 4.8357 },
  { lat: 50.6292, lng: 3.0573 },
  { lat: 47.9029, lng: 1.9093 },
];

function setUp() {
  const workers: FakeOptimizeWorker[] = [];
  const createWorker = () => {
    const worker = new FakeOptimizeWorker(false);
    workers.push(worker);
    return worker;
  };
  const hook = renderHook(() => useOptimizeRoute(createWorker));
  return { hook, workers };
}

describe('useOptimizeRoute', () => {
  it('goes idle -> running -> done and resolves with the order and both lengths', async () => {
    const { hook, workers } = setUp();
    expect(hook.result.current.status).toBe('idle');
    let run!: Promise<unknown>;
    act(() => {
      run = hook.result.current.optimize(stops, 'fixed-start');
    });
    expect(hook.result.current.status).toBe('running');
    expect(workers[0].received[0]).toMatchObject({ metric: 'haversine', mode: 'fixed-start', points: [[48.8566, 2.3522], [45.764, 4.8357], [50.6292, 3.0573], [47.9029, 1.9093]] });
    await act(async () => {
      workers[0].flush();
      await run;
    });
    expect(hook.result.current.status).toBe('done');
    // Paris, Lille, Orléans, Lyon.
    await expect(run).resolves.toMatchObject({ order: [0, 2, 3, 1] });
  });

  it('cancel rejects the run and reports cancelled; a superseded run does not overwrite the status', async () => {
    const { hook, workers } = setUp();
    let first!: Promise<unknown>;
    act(() => {
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
    act(() => {
      run = hook.result.current.optimize([{ lat: 0, lng: 0 }, { lat: 0, lng: 500 }], 'fixed-start');
    });
    await act(async () => {
      workers[0].flush();
      await expect(run).rejects.toThrow('longitude 500 is outside -180..180');
    });
    expect(hook.result.current.status).toBe('failed');
    hook.unmount();
    expect(workers[0].terminated).toBe(true);
  });
});
