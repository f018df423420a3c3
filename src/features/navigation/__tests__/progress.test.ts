import { describe, expect, it } from 'vitest';
import {
  initialProgress,
  progressReducer,
  progressView,
  readProgress,
  writeProgress,
  type NavigationProgress,
} from '../model/progress';

const at = (currentIndex: number, started = true): NavigationProgress => ({
  currentIndex,
  started,
});

describe('progressReducer', () => {
  it('starts at stop 1', () => {
    expect(progressReducer(initialProgress, { type: 'start' })).toEqual(at(0));
    expect(progressReducer(at(3), { type: 'start' })).toEqual(at(0));
  });

  it('advances to the next stop and stays on the last one', () => {
    expect(progressReducer(at(0), { type: 'advance', stopCount: 3 })).toEqual(at(1));
    expect(progressReducer(at(1), { type: 'advance', stopCount: 3 })).toEqual(at(2));
    expect(progressReducer(at(2), { type: 'advance', stopCount: 3 })).toEqual(at(2));
  });

  it('advancing before the start starts at stop 1; without stops it does nothing', () => {
    expect(progressReducer(initialProgress, { type: 'advance', stopCount: 3 })).toEqual(at(0));
    expect(progressReducer(initialProgress, { type: 'advance', stopCount: 0 })).toBe(
      initialProgress,
    );
  });

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
  it('reads current stop X of Y and the next stop', () => {
    expect(progressView(initialProgress, 3)).toEqual({ current: 0, total: 3, nextIndex: 0 });
    expect(progressView(at(0), 3)).toEqual({ current: 1, total: 3, nextIndex: 1 });
    expect(progressView(at(2), 3)).toEqual({ current: 3, total: 3, nextIndex: null });
    expect(progressView(initialProgress, 0)).toEqual({ current: 0, total: 0, nextIndex: null });
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
