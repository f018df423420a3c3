/**
 * The optimiser's JSON form (the command line's `{"problem": "vrp", ...}`), read into a
 * VrpProblem with one clear message for the first thing wrong:
 *
 *   {"problem": "vrp",
 *    "locations": [[x, y], ...], "metric": "euclidean" | "haversine", "speed": 13.9,
 *      (or "matrix": [[travel times]], square, row = from)
 *    "distances": [[...]],            optional, same shape: what "distance" minimises
 *    "depot": 0,                      default 0
 *    "end": "depot" | "last-stop" | {"location": 3},          default "depot"
 *    "vehicles": {"count": 25, "capacity": 200, "shift": [0, 230], "maxStops": 20,
 *                 "maxWorkingTime": 480}   (or a list of such objects without "count",
 *                 each also with its own "start": 4 and "end", as the top-level "end")
 *    "jobs": [{"location": 1, "demand": 10, "window": [161, 171], "service": 10,
 *              "windows": [[0, 50], [100, 150]], "lock": "first" | "last"}, ...],
 *    "objective": "distance" | "vehicles" | "makespan",      default "distance"
 *    "useEveryVehicle": true,         optional: every vehicle gets jobs when it can
 *    "timeLimitMs": 2000, "seed": 1, "maxIterations": 50000}  optional
 *
 * Euclidean: travel time = distance. Haversine: [lat, lng] pairs, distances in metres, travel
 * time = metres / speed (default 1, so times are in metres unless a speed is given).
 */
import { euclideanMatrix, greatCircleMatrix } from './matrix.ts';
import {
  VrpInputError,
  validateProblem,
  type TimeWindow,
  type VrpEnd,
  type VrpJob,
  type VrpObjective,
  type VrpProblem,
  type VrpVehicle,
} from './problem.ts';

export interface VrpRequest {
  problem: VrpProblem;
  timeLimitMs?: number;
  seed?: number;
  maxIterations?: number;
}

const describe = (value: unknown): string =>
  value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value;

const fail = (message: string): never => {
  throw new VrpInputError(message);
};

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);

function squareMatrix(name: string, value: unknown): Float64Array {
  if (!Array.isArray(value) || value.length === 0) {
    return fail(`"${name}" must be a non-empty square array of arrays of numbers`);
  }
  const n = value.length;
  const flat = new Float64Array(n * n);
  value.forEach((row: unknown, i) => {
    if (!Array.isArray(row) || row.length !== n) {
      fail(`"${name}"[${i}] must be an array of ${n} numbers (the matrix is ${n} × ${n})`);
    }
    (row as unknown[]).forEach((cell, j) => {
      if (!isNumber(cell) || cell < 0) {
        fail(`"${name}"[${i}][${j}] must be a finite number >= 0, got ${JSON.stringify(cell)}`);
      }
      flat[i * n + j] = cell as number;
    });
  });
  return flat;
}

function travelTimes(data: Record<string, unknown>): { n: number; times: Float64Array } {
  if (data.matrix !== undefined) {
    if (data.locations !== undefined) fail('give "locations" or "matrix", not both');
    const times = squareMatrix('matrix', data.matrix);
    return { n: Math.sqrt(times.length), times };
  }
  const { locations, metric, speed } = data;
  if (!Array.isArray(locations) || locations.length === 0) {
    return fail(
      `"locations" must be a non-empty array of [x, y] pairs (or give "matrix"), not ${describe(locations)}`,
    );
  }
  locations.forEach((point: unknown, i) => {
    if (!Array.isArray(point) || point.length !== 2 || !point.every(isNumber)) {
      fail(`"locations"[${i}] must be a pair of finite numbers, got ${JSON.stringify(point)}`);
    }
  });
  const points = locations as [number, number][];
  if (metric === 'euclidean') return { n: points.length, times: euclideanMatrix(points) };
  if (metric !== 'haversine') {
    return fail(`"metric" must be "euclidean" or "haversine", got ${JSON.stringify(metric)}`);
  }
  points.forEach(([lat, lng], i) => {
    if (!(lat >= -90 && lat <= 90)) fail(`"locations"[${i}]: latitude ${lat} is outside -90..90`);
    if (!(lng >= -180 && lng <= 180)) {
      fail(`"locations"[${i}]: longitude ${lng} is outside -180..180`);
    }
  });
  if (speed !== undefined && !(isNumber(speed) && speed > 0)) {
    fail(`"speed" must be a number > 0, got ${JSON.stringify(speed)}`);
  }
  return { n: points.length, times: greatCircleMatrix(points, (speed as number | undefined) ?? 1) };
}

function window(where: string, value: unknown): TimeWindow {
  if (!Array.isArray(value) || value.length !== 2 || !value.every((x) => typeof x === 'number')) {
    return fail(`${where} must be [start, end], got ${JSON.stringify(value)}`);
  }
  return value as unknown as TimeWindow;
}

const VEHICLE_KEYS = ['start', 'end', 'capacity', 'shift', 'maxStops', 'maxWorkingTime'];

function vehicle(where: string, value: Record<string, unknown>): VrpVehicle {
  for (const key of Object.keys(value)) {
    if (key !== 'count' && !VEHICLE_KEYS.includes(key)) {
      fail(`${where}: unknown key "${key}" (expected ${VEHICLE_KEYS.join(', ')})`);
    }
  }
  const result: VrpVehicle = {};
  if (value.start !== undefined) result.start = value.start as number;
  if (value.end !== undefined) result.end = end(value.end);
  if (value.capacity !== undefined) result.capacity = value.capacity as number;
  if (value.shift !== undefined) result.shift = window(`${where}: "shift"`, value.shift);
  if (value.maxStops !== undefined) result.maxStops = value.maxStops as number;
  if (value.maxWorkingTime !== undefined) result.maxWorkingTime = value.maxWorkingTime as number;
  return result;
}

function vehicles(value: unknown): VrpVehicle[] {
  if (Array.isArray(value)) {
    if (value.length === 0) fail('"vehicles" must not be empty');
    return value.map((entry: unknown, i) => {
      if (!isObject(entry)) return fail(`"vehicles"[${i}] must be an object`);
      if (entry.count !== undefined) fail(`"vehicles"[${i}]: "count" belongs to the fleet form`);
      return vehicle(`"vehicles"[${i}]`, entry);
    });
  }
  if (!isObject(value)) {
    return fail(
      `"vehicles" must be {"count": n, ...} or a list of vehicles, not ${describe(value)}`,
    );
  }
  const count = value.count;
  if (!Number.isInteger(count) || (count as number) < 1 || (count as number) > 10_000) {
    fail(`"vehicles"."count" must be an integer in 1..10000, got ${JSON.stringify(count)}`);
  }
  const one = vehicle('"vehicles"', value);
  return Array.from({ length: count as number }, () => ({ ...one }));
}

const JOB_KEYS = ['location', 'demand', 'service', 'window', 'windows', 'lock'];

function jobs(value: unknown): VrpJob[] {
  if (!Array.isArray(value)) return fail(`"jobs" must be an array, not ${describe(value)}`);
  return value.map((entry: unknown, i) => {
    const where = `"jobs"[${i}]`;
    if (!isObject(entry)) return fail(`${where} must be an object`);
    for (const key of Object.keys(entry)) {
      if (!JOB_KEYS.includes(key))
        fail(`${where}: unknown key "${key}" (expected ${JOB_KEYS.join(', ')})`);
    }
    if (entry.window !== undefined && entry.windows !== undefined) {
      fail(`${where}: give "window" or "windows", not both`);
    }
    const job: VrpJob = { location: entry.location as number };
    if (entry.demand !== undefined) job.demand = entry.demand as number;
    if (entry.service !== undefined) job.service = entry.service as number;
    if (entry.window !== undefined) job.windows = [window(`${where}: "window"`, entry.window)];
    if (entry.windows !== undefined) {
      if (!Array.isArray(entry.windows)) fail(`${where}: "windows" must be a list of [start, end]`);
      job.windows = (entry.windows as unknown[]).map((w, k) =>
        window(`${where}: "windows"[${k}]`, w),
      );
    }
    if (entry.lock !== undefined) job.lock = entry.lock as VrpJob['lock'];
    return job;
  });
}

function end(value: unknown): VrpEnd | undefined {
  if (value === undefined || value === 'depot' || value === 'last-stop') return value;
  if (isObject(value) && Object.keys(value).length === 1 && 'location' in value) {
    return { location: value.location as number };
  }
  return fail(
    `"end" must be "depot", "last-stop" or {"location": index}, got ${JSON.stringify(value)}`,
  );
}

function optionalInteger(
  data: Record<string, unknown>,
  key: string,
  min: number,
): number | undefined {
  const value = data[key];
  if (value === undefined) return undefined;
  if (!Number.isInteger(value) || (value as number) < min) {
    fail(`"${key}" must be an integer >= ${min}, got ${JSON.stringify(value)}`);
  }
  return value as number;
}

const TOP_KEYS = [
  'problem',
  'locations',
  'metric',
  'speed',
  'matrix',
  'distances',
  'depot',
  'end',
  'vehicles',
  'jobs',
  'objective',
  'useEveryVehicle',
  'timeLimitMs',
  'seed',
  'maxIterations',
];

/** Reads the JSON form; throws VrpInputError with a message naming the first problem. */
export function parseVrpRequest(data: unknown): VrpRequest {
  if (!isObject(data)) return fail(`the request must be a JSON object, not ${describe(data)}`);
  if (data.problem !== 'vrp') fail(`"problem" must be "vrp", got ${JSON.stringify(data.problem)}`);
  for (const key of Object.keys(data)) {
    if (!TOP_KEYS.includes(key)) fail(`unknown key "${key}"`);
  }
  const { n, times } = travelTimes(data);
  const distances =
    data.distances === undefined ? undefined : squareMatrix('distances', data.distances);
  if (distances && distances.length !== times.length) {
    fail(`"distances" must be ${n} × ${n}, like the travel times`);
  }
  const problem: VrpProblem = {
    locationCount: n,
    travelTimes: times,
    ...(distances ? { distances } : {}),
    depot: (data.depot ?? 0) as number,
    end: end(data.end),
    vehicles: vehicles(data.vehicles),
    jobs: jobs(data.jobs),
    objective: (data.objective ?? 'distance') as VrpObjective,
    ...(data.useEveryVehicle === undefined
      ? {}
      : { useEveryVehicle: data.useEveryVehicle as boolean }),
  };
  validateProblem(problem);
  const request: VrpRequest = { problem };
  if (data.timeLimitMs !== undefined) {
    if (!isNumber(data.timeLimitMs) || data.timeLimitMs <= 0) {
      fail(`"timeLimitMs" must be a number > 0, got ${JSON.stringify(data.timeLimitMs)}`);
    }
    request.timeLimitMs = data.timeLimitMs as number;
  }
  const seed = optionalInteger(data, 'seed', 0);
  if (seed !== undefined) request.seed = seed;
  const maxIterations = optionalInteger(data, 'maxIterations', 0);
  if (maxIterations !== undefined) request.maxIterations = maxIterations;
  return request;
}
