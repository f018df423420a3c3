/**
 * Optimise the order of points, or a day's routes, from a JSON file and print one JSON line:
 *   npm run --silent optimize -- FILE.json [--workers=N]
 *
 * Single route: {"points": [[x, y], ...], "metric": "euclidean" | "haversine",
 *                "mode": "round-trip" | "fixed-start" | "fixed-start-end"}
 * (points are [lat, lng] for haversine; the first point is the start, and the last the end in
 * fixed-start-end). Prints {"order": [...], "length": number, "ms": number}.
 *
 * Vehicle routing (time windows, service times, capacity, several vehicles):
 *   {"problem": "vrp",
 *    "locations": [[x, y], ...], "metric": "euclidean" | "haversine",
 *      (or "matrix": [[travel times]], square, row = from; "speed" divides haversine metres)
 *    "distances": [[...]],                 optional, what "distance" minimises (default: times)
 *    "depot": 0,
 *    "end": "depot" | "last-stop" | {"location": i},             optional, default "depot"
 *    "vehicles": {"count": 25, "capacity": 200, "shift": [0, 230],
 *                 "maxStops": 20, "maxWorkingTime": 480},  all but count optional
 *                (or a list of vehicles, each with its own capacity, shift, ..., and
 *                 "start": i and "end" as above: where it starts and ends)
 *    "jobs": [{"location": 1, "demand": 10, "window": [161, 171], "service": 10}, ...]
 *            (also "windows": [[a, b], [c, d]] for several, "lock": "first" | "last")
 *    "objective": "distance" | "vehicles" | "makespan",          optional, default "distance"
 *    "useEveryVehicle": true,   optional: every vehicle gets jobs when it can (not with "vehicles")
 *    "timeLimitMs": 2000, "seed": 1, "maxIterations": 50000}     optional (default 1000 ms)
 * Times, windows, service and working times use the matrix's unit (euclidean: travel time =
 * distance). Windows are hard: service starts inside one; arriving early means waiting.
 * Prints {"routes": [[job indices in visiting order], ...], "cost": number,
 * "unassigned": [job indices], "ms": number}: one route per vehicle used, each from the depot
 * (back to the depot unless "end" says otherwise); cost is the total distance for "distance" and
 * "vehicles", the latest finish for "makespan". With "maxIterations" (and a time limit that is not
 * reached) the same seed gives the same result. A problem that is one route through every job (one
 * vehicle, no windows or locks, a symmetric matrix) goes to the single-route optimiser.
 * `--workers=N` (default 1) runs N searches together, one per worker thread, as the page does
 * with one per core (src/lib/optimizer's OptimizeClient): each with its own seed (seed, seed + 1,
 * ...), sharing their best solutions; the same seed then no longer gives the same result.
 *
 * Bad input gets one line on stderr and exit code 1.
 */
import {
  METRICS,
  OptimizeInputError,
  ROUTE_MODES,
  optimizePoints,
  type Metric,
  type Point,
  type RouteMode,
} from '../supabase/functions/_shared/domain/tsp/index.ts';
import {
  VrpInputError,
  solveVrp,
  type VrpProblem,
  type VrpSolution,
} from '../supabase/functions/_shared/domain/vrp/index.ts';
import { parseVrpRequest } from '../supabase/functions/_shared/domain/vrp/json.ts';
import { solveAsSingleRoute } from '../supabase/functions/_shared/domain/vrp/single-route.ts';

function fail(message: string): never {
  console.error(`optimize: ${message}`);
  Deno.exit(1);
}

const describe = (value: unknown) =>
  value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value;

async function readInput(file: string): Promise<unknown> {
  let text: string;
  try {
    text = await Deno.readTextFile(file);
  } catch (error) {
    fail(
      error instanceof Deno.errors.NotFound
        ? `cannot read ${file}: no such file`
        : `cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    fail(`${file} is not valid JSON (${error instanceof Error ? error.message : String(error)})`);
  }
}

function parseRequest(data: unknown): { points: Point[]; metric: Metric; mode: RouteMode } {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    fail(
      `the file must hold a JSON object with "points", "metric" and "mode", not ${describe(data)}`,
    );
  }
  const { points, metric, mode } = data as Record<string, unknown>;
  if (!Array.isArray(points))
    fail(`"points" must be an array of [x, y] pairs, not ${describe(points)}`);
  points.forEach((point, index) => {
    if (!Array.isArray(point) || point.length !== 2 || point.some((c) => typeof c !== 'number')) {
      fail(`"points"[${index}] must be a pair of numbers, got ${JSON.stringify(point)}`);
    }
  });
  if (!METRICS.includes(metric as Metric)) {
    fail(
      `"metric" must be one of ${METRICS.map((m) => `"${m}"`).join(', ')}, got ${JSON.stringify(metric)}`,
    );
  }
  if (!ROUTE_MODES.includes(mode as RouteMode)) {
    fail(
      `"mode" must be one of ${ROUTE_MODES.map((m) => `"${m}"`).join(', ')}, got ${JSON.stringify(mode)}`,
    );
  }
  return { points: points as Point[], metric: metric as Metric, mode: mode as RouteMode };
}

function optimizeRoute(data: unknown): void {
  const { points, metric, mode } = parseRequest(data);
  const started = performance.now();
  try {
    const result = optimizePoints(points, { metric, mode });
    const ms = Math.round((performance.now() - started) * 10) / 10;
    console.log(JSON.stringify({ order: result.order, length: result.length, ms }));
  } catch (error) {
    if (error instanceof OptimizeInputError) fail(error.message);
    throw error;
  }
}

/** The same search in `workers` Deno workers (the page's worker script), sharing their best. */
async function solveTogether(
  problem: VrpProblem,
  options: { timeLimitMs: number; seed?: number; maxIterations?: number },
  workers: number,
): Promise<VrpSolution> {
  // Loaded only here: a one-worker run starts without the client and its worker script.
  const { OptimizeClient } = await import('../src/lib/optimizer/optimize-client.ts');
  const client = new OptimizeClient(
    () =>
      new Worker(new URL('../src/lib/optimizer/optimize.worker.ts', import.meta.url), {
        type: 'module',
      }),
  );
  try {
    return await client.solveVrp(problem, { ...options, workers });
  } finally {
    client.dispose();
  }
}

async function optimizeVrp(data: unknown, workers: number): Promise<void> {
  const started = performance.now();
  try {
    const { problem, timeLimitMs, seed, maxIterations } = parseVrpRequest(data);
    const options = { timeLimitMs: timeLimitMs ?? 1000, seed, maxIterations };
    // One vehicle, no windows: the single-route optimiser (see single-route.ts).
    const solution =
      solveAsSingleRoute(problem, options) ??
      (workers > 1 ? await solveTogether(problem, options, workers) : solveVrp(problem, options));
    const ms = Math.round((performance.now() - started) * 10) / 10;
    const routes = solution.routes.map((route) => route.jobs);
    const unassigned = solution.unassigned.map(({ job }) => job);
    console.log(JSON.stringify({ routes, cost: solution.cost, unassigned, ms }));
  } catch (error) {
    if (error instanceof VrpInputError) fail(error.message);
    throw error;
  }
}

const USAGE = 'usage: npm run --silent optimize -- FILE.json [--workers=N]';
const files = Deno.args.filter((arg) => !arg.startsWith('--'));
const flags = Deno.args.filter((arg) => arg.startsWith('--'));
if (files.length !== 1) fail(USAGE);
let workers = 1;
for (const flag of flags) {
  const match = /^--workers=(\d+)$/.exec(flag);
  if (!match) fail(`unknown option ${flag}; ${USAGE}`);
  workers = Number(match[1]);
  if (!(workers >= 1 && workers <= 64)) fail('--workers must be a whole number from 1 to 64');
}
const data = await readInput(files[0]);
const isVrp = typeof data === 'object' && data !== null && 'problem' in data;
if (isVrp) await optimizeVrp(data, workers);
else optimizeRoute(data);
