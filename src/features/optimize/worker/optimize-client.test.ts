import { describe, expect, it } from 'vitest';
import { FakeOptimizeWorker } from './fake-worker.ts';
import { OptimizeCancelledError, OptimizeClient } from './optimize-client.ts';

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

  it('dispose terminates the worker', async () => {
    const { client, workers } = clientWithWorkers();
    await client.run(points, 'haversine', 'fixed-start');
    client.dispose();
    expect(workers[0].terminated).toBe(true);
  });
});
