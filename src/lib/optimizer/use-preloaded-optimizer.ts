import { useEffect } from 'react';
import { preloadOptimizeWorker, releaseOptimizeWorker } from './worker-pool.ts';

/** Idle time, or this long at most, after the page wanted it. */
const PRELOAD_WITHIN_MS = 2000;

/**
 * Loads the optimiser's worker ahead of the click once `wanted` (the route has stops to order),
 * when the page is idle: its download and start never compete with the page's own. When the
 * page goes (or no longer wants it), a worker no optimisation took is ended.
 */
export function usePreloadedOptimizer(wanted: boolean): void {
  useEffect(() => {
    if (!wanted) return;
    const { requestIdleCallback: whenIdle, cancelIdleCallback: cancelIdle } = globalThis;
    if (typeof whenIdle === 'function' && typeof cancelIdle === 'function') {
      const idle = whenIdle(preloadOptimizeWorker, { timeout: PRELOAD_WITHIN_MS });
      return () => {
        cancelIdle(idle);
        releaseOptimizeWorker();
      };
    }
    const timer = setTimeout(preloadOptimizeWorker, PRELOAD_WITHIN_MS / 2);
    return () => {
      clearTimeout(timer);
      releaseOptimizeWorker();
    };
  }, [wanted]);
}
