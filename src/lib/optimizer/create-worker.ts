import type { OptimizeWorker } from './optimize-client.ts';

/** Vite bundles the worker from this URL (and serves it as a module in development). */
export function createOptimizeWorker(): OptimizeWorker {
  return new Worker(new URL('./optimize.worker.ts', import.meta.url), { type: 'module' });
}
