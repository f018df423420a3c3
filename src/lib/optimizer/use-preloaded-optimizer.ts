import { useEffect } from 'react';
import { preloadOptimizeWorker, releaseOptimizeWorker } from './worker-pool.ts';

/** Idle time, or this long at most, after the page wanted it. */
const PRELOAD_WITHIN_MS = 2000;

/**
 * From this many stops the optimiser loads ahead of the click, when the page is idle; below it,
 * on the first sign the user means to optimise (see usePreloadedOptimizer).
 */
export const PRELOAD_AT_IDLE_FROM = 100;

/** On intent, the worker warms up only if the click has not come this long after (worker-pool.ts). */
const INTENT_WARM_UP_AFTER_MS = 300;

const preloadOnIntent = () => preloadOptimizeWorker(INTENT_WARM_UP_AFTER_MS);

/**
 * Loads the optimiser (its worker, warming up, and its client in the page) ahead of the click.
 * With `atIdle` (a long route, whose search is worth having compiled code from the click on),
 * when the page is idle: its download and start never compete with the page's own. Otherwise
 * on intent, through the function answered: a pointer over the Optimise button, its focus, a
 * touch, or the click itself. The optimiser (17.7 KB of worker, 3 KB of client) loaded for every
 * route with stops kept a signed-in planner opening a saved route over its 250 KB target, and a
 * few stops are searched in milliseconds even from a cold worker. When the page goes (or no longer
 * wants it), a worker no optimisation took is ended.
 */
export function usePreloadedOptimizer(atIdle: boolean): () => void {
  useEffect(() => {
    if (!atIdle) return;
    const { requestIdleCallback: whenIdle, cancelIdleCallback: cancelIdle } = globalThis;
    if (typeof whenIdle === 'function' && typeof cancelIdle === 'function') {
      const idle = whenIdle(() => preloadOptimizeWorker(), { timeout: PRELOAD_WITHIN_MS });
      return () => {
        cancelIdle(idle);
        releaseOptimizeWorker();
      };
    }
    const timer = setTimeout(() => preloadOptimizeWorker(), PRELOAD_WITHIN_MS / 2);
    return () => {
      clearTimeout(timer);
      releaseOptimizeWorker();
    };
  }, [atIdle]);
  useEffect(() => releaseOptimizeWorker, []);
  return preloadOnIntent;
}
