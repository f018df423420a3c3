import type { VrpProblem } from '@domain/vrp/index.ts';
import { createOptimizeWorker } from './create-worker.ts';
import {
  OptimizeClient,
  type OptimizeWorker,
  type VrpOutcome,
  type VrpRunOptions,
} from './optimize-client.ts';

export interface SolveVrpOptions extends VrpRunOptions {
  /** The worker to run in (default: the optimiser's Web Worker). */
  createWorker?: () => OptimizeWorker;
}

/**
 * Plans a day's routes in a Web Worker of its own, ended when the search is: the best solution
 * so far through `onProgress` (at least every 200 ms), an early stop through `signal` (resolving
 * with the best so far), a time budget and a seed. Rejects with the problem's first error when it
 * is malformed (see @domain/vrp's VrpProblem).
 */
export async function solveVrp(
  problem: VrpProblem,
  { createWorker = createOptimizeWorker, ...options }: SolveVrpOptions = {},
): Promise<VrpOutcome> {
  const client = new OptimizeClient(createWorker);
  try {
    return await client.solveVrp(problem, options);
  } finally {
    client.dispose();
  }
}
