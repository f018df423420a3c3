import { costFor, embeddingFor, validatePoints, type Metric, type Point } from './metrics.ts';
import { solveRoute, type SolveOptions, type SolveResult } from './solve.ts';

export interface OptimizePointsOptions extends SolveOptions {
  metric: Metric;
}

/** Validates the points for the metric, then solves (see solveRoute). */
export function optimizePoints(
  points: readonly Point[],
  options: OptimizePointsOptions,
): SolveResult {
  validatePoints(points, options.metric);
  const { metric } = options;
  return solveRoute(
    { n: points.length, cost: costFor(points, metric), embedding: embeddingFor(points, metric) },
    options,
  );
}
