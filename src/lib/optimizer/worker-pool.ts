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

/**
 * Starts the optimiser's worker ahead of the first 'Optimise': its script downloads and compiles
 * and the search's code is compiled on a made-up route (warm-up.ts), so that the click pays only
 * for the search itself. One worker waits at most; the next optimisation takes it.
 */
export function preloadOptimizeWorker(): void {
  void loadOptimizeClient().catch(() => undefined);
  if (waiting || typeof Worker === 'undefined') return;
  const worker = startWorker();
  // A worker that could not load (offline, say) is dropped: the click starts a new one.
  worker.onerror = (event) => {
    event.preventDefault();
    worker.terminate();
    if (waiting === worker) waiting = null;
  };
  worker.postMessage(WARM_UP);
  waiting = worker;
}

/** The worker loaded ahead of the click if there is one, else a new one. */
export function takeOptimizeWorker(): OptimizeWorker {
  const worker = waiting ?? startWorker();
  waiting = null;
  worker.onerror = null;
  return worker;
}

/** Ends the worker loaded ahead if no optimisation took it (the page that wanted it is gone). */
export function releaseOptimizeWorker(): void {
  waiting?.terminate();
  waiting = null;
}
