import { describe, expect, it, vi } from 'vitest';

// The engine, recording the options each search is given.
const given = vi.hoisted(() => [] as unknown[]);
vi.mock('@domain/tsp/index.ts', async (importOriginal) => {
  const engine = await importOriginal<typeof import('@domain/tsp/index.ts')>();
  return {
    ...engine,
    solveRoute: (...args: Parameters<typeof engine.solveRoute>) => {
      given.push(args[1]);
      return engine.solveRoute(...args);
    },
    optimizePoints: (...args: Parameters<typeof engine.optimizePoints>) => {
      given.push(args[1]);
      return engine.optimizePoints(...args);
    },
  };
});

import { handleOptimizeMessage } from './protocol.ts';

const points = [
  [48.8566, 2.3522],
  [45.764, 4.8357],
  [50.6292, 3.0573],
  [47.9029, 1.9093],
] as const;
const request = { type: 'optimize', id: 1, points, metric: 'haversine', mode: 'fixed-start' };

describe("a request's time budget", () => {
  it("is the search's, with points or with a matrix; without one the engine's default holds", () => {
    given.length = 0;
    handleOptimizeMessage({ ...request, timeLimitMs: 30 });
    handleOptimizeMessage({ ...request, matrix: new Float64Array(16).fill(1), timeLimitMs: 25 });
    handleOptimizeMessage(request);
    expect(given).toEqual([
      { metric: 'haversine', mode: 'fixed-start', timeLimitMs: 30 },
      { mode: 'fixed-start', timeLimitMs: 25 },
      { metric: 'haversine', mode: 'fixed-start' },
    ]);
  });

  it('must be a number > 0', () => {
    for (const timeLimitMs of [0, -5, NaN, '30'])
      expect(handleOptimizeMessage({ ...request, timeLimitMs })).toEqual({
        type: 'error',
        id: 1,
        message: 'timeLimitMs must be a number > 0',
      });
  });
});
