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
 * Points of the road-distance matrix run: as many as the planner asks road distances for at most
 * (features/optimize, ROAD_DISTANCES_MAX_STOPS), the largest route a click solves on a matrix.
 */
const MATRIX_POINTS = 200;

/**
 * Runs both paths the planner uses (great-circle points, and a road-distance matrix) with a
 * fixed amount of work, enough for the JIT to compile the search's hot loops for good. The
 * matrix run is as large as the planner's road-distance routes: after a run of 60 points only,
 * the first 200-point search still ran partly unoptimised code. Measured on a busy 2-core
 * machine, a cold Deno process per run, 4 instances (200 made-up Paris stops twice, kroA200,
 * ch150) x 4 runs, 40 ms budget: median kicks 22-371 → 622-673, the orders 0.6-1.6 % → 0.5-0.9 %
 * above 12 000 kicks' on average; in the page's worker, 0-19 kicks → 0-373. It costs some
 * 60 ms more, in the worker, ahead of the click. Returns the kicks run, for tests.
 */
export function warmUpOptimizers(): number {
  const options = { mode: 'fixed-start', timeLimitMs: 400 } as const;
  const byPoints = optimizePoints(madeUpPoints(60), {
    metric: 'haversine',
    maxKicks: 150,
    ...options,
  });
  const points = madeUpPoints(MATRIX_POINTS);
  const n = points.length;
  const matrix = new Float64Array(n * n);
  for (let i = 0; i < n; i++)
    for (let j = 0; j < n; j++)
      matrix[i * n + j] = Math.hypot(points[i][0] - points[j][0], points[i][1] - points[j][1]);
  const byMatrix = solveRoute({ n, matrix }, { maxKicks: 300, ...options });
  return byPoints.kicks + byMatrix.kicks;
}
