import { optimizePoints, solveRoute, type Point } from '@domain/tsp/index.ts';

/**
 * A worker loaded ahead of the click (create-worker.ts) is sent this first: it runs the
 * single-route optimiser on a made-up route, so that the JIT has compiled the search before
 * the user's route arrives (a cold 200-stop search spends most of a 50 ms budget compiling).
 */
export const WARM_UP = { type: 'warm-up' } as const;

export const isWarmUp = (message: unknown): boolean =>
  typeof message === 'object' &&
  message !== null &&
  (message as { type?: unknown }).type === WARM_UP.type;

/** Points on a lattice with a twist: not a tour the construction gets right at once. */
function madeUpPoints(count: number): Point[] {
  return Array.from({ length: count }, (_, i) => [
    48.8 + ((i * 7919) % 211) / 1000,
    2.3 + ((i * 104_729) % 199) / 1000,
  ]);
}

/**
 * Runs both paths the planner uses (great-circle points, and a road-distance matrix) with a
 * fixed, small amount of work: some 30 ms on a desktop, enough for the JIT to compile the
 * search's hot loops. Returns the kicks run, for tests.
 */
export function warmUpOptimizers(): number {
  const points = madeUpPoints(60);
  const options = { mode: 'fixed-start', maxKicks: 150, timeLimitMs: 200 } as const;
  const byPoints = optimizePoints(points, { metric: 'haversine', ...options });
  const n = points.length;
  const matrix = new Float64Array(n * n);
  for (let i = 0; i < n; i++)
    for (let j = 0; j < n; j++)
      matrix[i * n + j] = Math.hypot(points[i][0] - points[j][0], points[i][1] - points[j][1]);
  const byMatrix = solveRoute({ n, matrix }, options);
  return byPoints.kicks + byMatrix.kicks;
}
