import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const preload = vi.hoisted(() => vi.fn());
const release = vi.hoisted(() => vi.fn());
vi.mock('./worker-pool.ts', () => ({
  preloadOptimizeWorker: preload,
  releaseOptimizeWorker: release,
}));
const { usePreloadedOptimizer } = await import('./use-preloaded-optimizer.ts');

beforeEach(() => {
  preload.mockReset();
  release.mockReset();
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the optimiser loaded ahead of the click', () => {
  it('loads for a long route when the page is idle', () => {
    const idle: (() => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => idle.push(callback));
    vi.stubGlobal('cancelIdleCallback', vi.fn());
    const { rerender, unmount } = renderHook(({ wanted }) => usePreloadedOptimizer(wanted), {
      initialProps: { wanted: false },
    });
    expect(idle).toHaveLength(0);
    rerender({ wanted: true });
    expect(preload).not.toHaveBeenCalled();
    idle.forEach((callback) => callback());
    expect(preload).toHaveBeenCalledOnce();
    expect(release).not.toHaveBeenCalled();
    // Leaving the planner ends a worker that no optimisation took.
    unmount();
    expect(release).toHaveBeenCalled();
  });

  it('for a shorter route, on intent only: the function answered loads it, and leaving ends it', () => {
    vi.stubGlobal('requestIdleCallback', undefined);
    const { result, unmount } = renderHook(() => usePreloadedOptimizer(false));
    vi.advanceTimersByTime(5000);
    expect(preload).not.toHaveBeenCalled();
    result.current();
    expect(preload).toHaveBeenCalledOnce();
    unmount();
    expect(release).toHaveBeenCalled();
  });

  it('not at all when the stops are gone before the page was idle', () => {
    vi.stubGlobal('requestIdleCallback', undefined);
    const { rerender } = renderHook(({ wanted }) => usePreloadedOptimizer(wanted), {
      initialProps: { wanted: true },
    });
    rerender({ wanted: false });
    vi.advanceTimersByTime(5000);
    expect(preload).not.toHaveBeenCalled();
  });

  it('without requestIdleCallback (Safari), a moment after', () => {
    vi.stubGlobal('requestIdleCallback', undefined);
    renderHook(() => usePreloadedOptimizer(true));
    expect(preload).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1000);
    expect(preload).toHaveBeenCalledOnce();
  });
});
