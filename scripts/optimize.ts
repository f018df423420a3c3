/**
 * Optimise the order of points from a JSON file and print one JSON line:
 *   npm run --silent optimize -- FILE.json
 * FILE: {"points": [[x, y], ...], "metric": "euclidean" | "haversine",
 *        "mode": "round-trip" | "fixed-start" | "fixed-start-end"}
 * (points are [lat, lng] for haversine; the first point is the start, and the last the end in
 * fixed-start-end). Prints {"order": [...], "length": number, "ms": number}; bad input gets one
 * line on stderr and exit code 1.
 */
import {
  METRICS,
  OptimizeInputError,
  ROUTE_MODES,
  optimizePoints,
  type Metric,
  type Point,
  type RouteMode,
} from '../src/features/optimize/model/index.ts';

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

if (Deno.args.length !== 1) fail('usage: npm run --silent optimize -- FILE.json');
const { points, metric, mode } = parseRequest(await readInput(Deno.args[0]));
const started = performance.now();
try {
  const result = optimizePoints(points, { metric, mode });
  const ms = Math.round((performance.now() - started) * 10) / 10;
  console.log(JSON.stringify({ order: result.order, length: result.length, ms }));
} catch (error) {
  if (error instanceof OptimizeInputError) fail(error.message);
  throw error;
}
