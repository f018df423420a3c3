import type { OptimizeWorker } from './optimize-client.ts';
import { takeOptimizeWorker } from './worker-pool.ts';

/** The worker an optimisation runs in: the one loaded ahead of the click (worker-pool.ts), if any. */
export function createOptimizeWorker(): OptimizeWorker {
  return takeOptimizeWorker();
}
