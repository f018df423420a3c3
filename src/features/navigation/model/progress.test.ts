import { describe, expect, it } from 'vitest';
import {
  initialProgress,
  nextStopToDo,
  progressReducer,
  progressView,
  readProgress,
  writeProgress,
  type NavigationProgress,
} from './progress';

const at = (currentIndex: number, started = true): NavigationProgress => ({
  currentIndex,
  started,
});

describe('progressReducer', () => {
  it('chooses any stop of the route, backwards too', () => {
    expect(progressReducer(initialProgress, { type: 'choose', index: 2, stopCount: 4 })).toEqual(
      at(2),
    );
    expect(progressReducer(at(3), { type: 'choose', index: 1, stopCount: 4 })).toEqual(at(1));
  });

  it('ignores a choice outside the route', () => {
    const state = at(1);
    expect(progressReducer(state, { type: 'choose', index: 4, stopCount: 4 })).toBe(state);
    expect(progressReducer(state, { type: 'choose', index: -1, stopCount: 4 })).toBe(state);
    expect(progressReducer(state, { type: 'choose', index: 0.5, stopCount: 4 })).toBe(state);
  });

  it('resets', () => {
    expect(progressReducer(at(3), { type: 'reset' })).toEqual(initialProgress);
  });

  it('clamps to the stop count when the route changes', () => {
    expect(progressReducer(at(5), { type: 'clamp', stopCount: 3 })).toEqual(at(2));
    expect(progressReducer(at(5, false), { type: 'clamp', stopCount: 2 })).toEqual(at(1, false));
    expect(progressReducer(at(2), { type: 'clamp', stopCount: 0 })).toEqual(initialProgress);
    const inside = at(1);
    expect(progressReducer(inside, { type: 'clamp', stopCount: 3 })).toBe(inside);
  });
});

describe('progressView', () => {
  const toDo = (count: number) => Array.from({ length: count }, () => ({}));

  it('reads current stop X of Y, where Start and Next Stop go', () => {
    expect(progressView(initialProgress, toDo(3))).toEqual({
      current: 0,
      total: 3,
      startIndex: 0,
      nextIndex: null,
    });
    expect(progressView(at(0), toDo(3))).toMatchObject({ current: 1, nextIndex: 1 });
    expect(progressView(at(2), toDo(3))).toMatchObject({ current: 3, nextIndex: null });
    expect(progressView(initialProgress, [])).toEqual({
      current: 0,
      total: 0,
      startIndex: 0,
      nextIndex: null,
    });
  });

  it('starts at the first stop still to do and skips the done and skipped ones', () => {
    const stops = [
      { status: 'done' as const },
      { status: 'skipped' as const },
      {},
      { status: 'done' as const },
      {},
      { status: 'skipped' as const },
    ];
    const before = progressView(initialProgress, stops);
    expect(before.startIndex).toBe(2);
    expect(progressView(at(before.startIndex), stops).nextIndex).toBe(4);
    // Back on a stop done earlier (its own button): Next Stop goes on from there.
    expect(progressView(at(0), stops).nextIndex).toBe(2);
    // Nothing after stop 5 is left to do.
    expect(progressView(at(4), stops).nextIndex).toBeNull();
  });

  it('starts at stop 1 when every stop is done or skipped', () => {
    expect(progressView(initialProgress, [{ status: 'done' }, { status: 'skipped' }])).toEqual({
      current: 0,
      total: 2,
      startIndex: 0,
      nextIndex: null,
    });
  });

  it('finds the next stop to do after a given one', () => {
    const stops = [{}, { status: 'done' as const }, {}];
    expect(nextStopToDo(stops, -1)).toBe(0);
    expect(nextStopToDo(stops, 0)).toBe(2);
    expect(nextStopToDo(stops, 2)).toBeNull();
  });
});

describe('progress storage', () => {
  it('writes and reads back', () => {
    const storage = new Map<string, string>();
    const fake = {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => void storage.set(key, value),
    };
    writeProgress(fake, 'sharedRouteProgress:a', at(2));
    expect(JSON.parse(storage.get('sharedRouteProgress:a')!)).toEqual({
      currentIndex: 2,
      started: true,
    });
    expect(readProgress(fake, 'sharedRouteProgress:a')).toEqual(at(2));
    expect(readProgress(fake, 'navigationProgress:b')).toBeNull();
  });

  it.each([
    'not json',
    '[]',
    'null',
    '{"currentIndex":-1,"started":true}',
    '{"currentIndex":1.5,"started":true}',
    '{"currentIndex":"1","started":true}',
    '{"currentIndex":1}',
  ])('ignores a stored value it did not write: %s', (raw) => {
    expect(readProgress({ getItem: () => raw }, 'k')).toBeNull();
  });

  it('survives storage that refuses access or writes', () => {
    const broken = {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
    };
    expect(readProgress(broken, 'k')).toBeNull();
    expect(() => writeProgress(broken, 'k', at(1))).not.toThrow();
    expect(readProgress(null, 'k')).toBeNull();
  });
});
