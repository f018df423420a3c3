import { describe, expect, it, vi } from 'vitest';
import { rateLimitWait, runLookupQueue, type LookupItem } from './lookup-queue';

const items = (count: number): LookupItem[] =>
  Array.from({ length: count }, (_, index) => ({ line: index + 1, text: `place ${index + 1}` }));
/** The shape of the API client's ApiError (status and Retry-After seconds). */
const apiError = (status: number, retryAfterSeconds?: number) =>
  Object.assign(new Error(`status ${status}`), { status, retryAfterSeconds });
const tooMany = (retryAfterSeconds?: number) => apiError(429, retryAfterSeconds);

function harness() {
  const results = new Map<number, string>();
  const failures = new Map<number, unknown>();
  const sleeps: number[] = [];
  const waits: number[] = [];
  return {
    results,
    failures,
    sleeps,
    waits,
    options: (signal = new AbortController().signal) => ({
      signal,
      onResult: (item: LookupItem, result: string) => results.set(item.line, result),
      onFailure: (item: LookupItem, error: unknown) => failures.set(item.line, error),
      onRateLimited: (seconds: number) => waits.push(seconds),
      sleep: async (ms: number) => {
        sleeps.push(ms);
      },
    }),
  };
}

describe('runLookupQueue', () => {
  it('answers every item once, with a small number in flight', async () => {
    const h = harness();
    let inFlight = 0;
    let most = 0;
    await runLookupQueue(items(200), {
      ...h.options(),
      concurrency: 3,
      search: async ({ text }) => {
        inFlight += 1;
        most = Math.max(most, inFlight);
        await new Promise((resolve) => setTimeout(resolve, 0));
        inFlight -= 1;
        return text.toUpperCase();
      },
    });
    expect(h.results.size).toBe(200);
    expect(h.results.get(200)).toBe('PLACE 200');
    expect(most).toBe(3);
    expect(h.failures.size).toBe(0);
  });

  it('waits out a 429 for its Retry-After and asks again: no line is dropped', async () => {
    const h = harness();
    const calls: string[] = [];
    let refused = 0;
    await runLookupQueue(items(5), {
      ...h.options(),
      concurrency: 1,
      search: async ({ text }) => {
        calls.push(text);
        if (text === 'place 3' && refused < 2) {
          refused += 1;
          throw tooMany(2);
        }
        return text;
      },
    });
    expect([...h.results.keys()].sort()).toEqual([1, 2, 3, 4, 5]);
    expect(calls.filter((text) => text === 'place 3')).toHaveLength(3);
    expect(h.waits).toEqual([2, 2]);
    // every later lookup also holds off until the pause ends (this fake sleep returns at once)
    expect(h.sleeps.length).toBeGreaterThanOrEqual(2);
    expect(h.sleeps.slice(0, 2).every((ms) => ms > 1000 && ms <= 2000)).toBe(true);
  });

  it('retries other failures a few times, then reports the line as failed', async () => {
    const h = harness();
    let flaky = 0;
    await runLookupQueue(items(3), {
      ...h.options(),
      retries: 2,
      search: async ({ text }) => {
        if (text === 'place 1' && flaky < 1) {
          flaky += 1;
          throw apiError(502);
        }
        if (text === 'place 2') throw apiError(0);
        if (text === 'place 3') throw apiError(400);
        return text;
      },
    });
    expect([...h.results.keys()]).toEqual([1]);
    expect([...h.failures.keys()].sort()).toEqual([2, 3]);
  });

  it('stops the remaining lookups when cancelled and reports nothing after', async () => {
    const h = harness();
    const controller = new AbortController();
    const searched: string[] = [];
    await runLookupQueue(items(20), {
      ...h.options(controller.signal),
      concurrency: 2,
      search: async ({ text }) => {
        searched.push(text);
        if (searched.length === 6) controller.abort();
        return text;
      },
    });
    expect(searched).toHaveLength(6);
    expect(h.results.size).toBeLessThan(6);
    expect(h.failures.size).toBe(0);
  });

  it('ends at once when cancelled, without waiting for the lookups under way', async () => {
    const h = harness();
    const controller = new AbortController();
    let answer = (_: string) => {};
    const started: string[] = [];
    const run = runLookupQueue(items(5), {
      ...h.options(controller.signal),
      concurrency: 2,
      // Lookups that ignore the signal and never answer until let go.
      search: ({ text }) => {
        started.push(text);
        return new Promise<string>((resolve) => (answer = resolve));
      },
    });
    await vi.waitFor(() => expect(started).toHaveLength(2));
    controller.abort();
    await run;
    answer('late');
    await Promise.resolve();
    expect(h.results.size).toBe(0);
    expect(h.failures.size).toBe(0);
    expect(started).toHaveLength(2);
  });
});

describe('rateLimitWait', () => {
  it('reads a 429 (with or without Retry-After) and a 503 with Retry-After', () => {
    expect(rateLimitWait(tooMany(7))).toBe(7);
    expect(rateLimitWait(tooMany())).toBe(1);
    expect(rateLimitWait(apiError(503, 3))).toBe(3);
    expect(rateLimitWait(apiError(503))).toBeNull();
    expect(rateLimitWait(new Error('x'))).toBeNull();
  });
});
