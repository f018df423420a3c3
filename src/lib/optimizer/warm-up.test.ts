import { describe, expect, it } from 'vitest';
import { isWarmUp, WARM_UP, warmUpOptimizers } from './warm-up.ts';
import { createWorkerHandler } from './protocol.ts';

describe("the optimiser's warm-up", () => {
  it('runs both searches (points and a distance matrix) a bounded amount', () => {
    const kicks = warmUpOptimizers();
    expect(kicks).toBeGreaterThan(0);
    expect(kicks).toBeLessThanOrEqual(450);
  });

  it('is its own message, not one of the requests the worker answers', () => {
    expect(isWarmUp(WARM_UP)).toBe(true);
    expect(isWarmUp(structuredClone(WARM_UP))).toBe(true);
    for (const other of [null, 'warm-up', { type: 'optimize', id: 1 }, { type: 'stop', id: 1 }])
      expect(isWarmUp(other)).toBe(false);
    // Were it handed to the request handler, it would be answered as a malformed request.
    const answers: unknown[] = [];
    createWorkerHandler(
      (answer) => answers.push(answer),
      (task) => task(),
    )(WARM_UP);
    expect(answers).toEqual([
      { type: 'error', id: -1, message: 'expected an optimize request with an integer id' },
    ]);
  });
});
