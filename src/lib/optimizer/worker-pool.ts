import type { OptimizeWorker } from './optimize-client.ts';
import { WARM_UP } from './warm-up.ts';

/** Vite bundles the worker from this URL (and serves it as a module in development). */
function startWorker(): Worker {
  return new Worker(new URL('./optimize.worker.ts', import.meta.url), { type: 'module' });
}

/**
 * The worker's client in the page (the search team, the protocol): loaded with the worker
 * ahead of the click, or by the click (see use-preloaded-optimizer.ts for when).
 */
export const loadOptimizeClient = () => import('./optimize-client.ts');

/** A worker started ahead of the click, warming up, until an optimisation takes it. */
let waiting: Worker | null = null;

/** Its warm-up, not sent yet (see preloadOptimizeWorker). */
let warmUpTimer: ReturnType<typeof setTimeout> | undefined;

/**
 * Starts the optimiser's worker ahead of the first 'Optimise': its script downloads and compiles
 * and the search's code is compiled on a made-up route (warm-up.ts), so that the click pays only
 * for the search itself. One worker waits at most; the next optimisation takes it.
 *
 * `warmUpAfterMs`: the warm-up (some 60 ms of work in the worker) is sent that long after, and
 * not at all if an optimisation takes the worker first: loaded on intent, a click that follows at
 * once does not wait for it (a 50-stop route then searches cold, as the command line does).
 */
export function preloadOptimizeWorker(warmUpAfterMs = 0): void {
  void loadOptimizeClient().catch(() => undefined);
  if (waiting || typeof Worker === 'undefined') return;
  const worker = startWorker();
  // A worker that could not load (offline, say) is dropped: the click starts a new one.
  worker.onerror = (event) => {
    event.preventDefault();
    worker.terminate();
    if (waiting === worker) waiting = null;
  };
  if (warmUpAfterMs <= 0) worker.postMessage(WARM_UP);
  else
    warmUpTimer = setTimeout(() => {
      if (waiting === worker) worker.postMessage(WARM_UP);
    }, warmUpAfterMs);
  waiting = worker;
}

/** The worker loaded ahead of the click if there is one, else a new one. */
export function takeOptimizeWorker(): OptimizeWorker {
  const worker = waiting ?? startWorker();
  waiting = null;
  clearTimeout(warmUpTimer);
  worker.onerror = null;
  return worker;
}

/** Ends the worker loaded ahead if no optimisation took it (the page that wanted it is gone). */
export function releaseOptimizeWorker(): void {
  clearTimeout(warmUpTimer);
  waiting?.terminate();
  waiting = null;
}
