import { afterAll, describe, expect, it } from 'vitest';

// The SPA's tsconfig has no Node types (src/ is browser code), so this Node-only test types the
// few Node functions it uses itself and loads them with dynamic imports.
type ExecCallback = (
  error: { code?: number | string } | null,
  stdout: string,
  stderr: string,
) => void;
const load = (name: string): Promise<unknown> => import(/* @vite-ignore */ name);
const { execFile } = (await load('node:child_process')) as {
  execFile(file: string, args: string[], options: { cwd: string }, callback: ExecCallback): void;
};
const fs = (await load('node:fs')) as {
  mkdtempSync(prefix: string): string;
  readFileSync(path: string, encoding: 'utf8'): string;
  writeFileSync(path: string, content: string): void;
  rmSync(path: string, options: { recursive: true; force: true }): void;
};
const { tmpdir } = (await load('node:os')) as { tmpdir(): string };
const { join } = (await load('node:path')) as { join(...parts: string[]): string };
const { fileURLToPath } = (await load('node:url')) as { fileURLToPath(url: string): string };

// Runs the command of package.json's "optimize" script, with the deno binary from node_modules.
// (A path, not `new URL('../../../', import.meta.url)`: jsdom's URL resolves that against its page.)
const root = join(fileURLToPath(import.meta.url), '..', '..', '..', '..');
const script: string = JSON.parse(fs.readFileSync(join(root, 'package.json'), 'utf8')).scripts
  .optimize;
const [, ...denoArgs] = script.split(' ');
const deno = join(root, 'node_modules', '.bin', 'deno');
const folder = fs.mkdtempSync(join(tmpdir(), 'optimize-cli-'));
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

let files = 0;
function fileWith(content: string): string {
  const path = join(folder, `input-${files++}.json`);
  fs.writeFileSync(path, content);
  return path;
}

function run(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(deno, [...denoArgs, ...args], { cwd: root }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

const request = (body: object) => fileWith(JSON.stringify(body));

describe('npm run optimize', { timeout: 30_000 }, () => {
  it.concurrent('prints one JSON line with the order, the length and the time', async () => {
    const square = request({
      points: [
        [0, 0],
        [10, 10],
        [10, 0],
        [0, 10],
      ],
      metric: 'euclidean',
      mode: 'round-trip',
    });
    const { code, stdout, stderr } = await run(square);
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    expect(stdout.trim().split('\n')).toHaveLength(1);
    const result = JSON.parse(stdout);
    expect(Object.keys(result)).toEqual(['order', 'length', 'ms']);
    expect([
      [0, 2, 1, 3],
      [0, 3, 1, 2],
    ]).toContainEqual(result.order);
    expect(result.length).toBe(40);
    expect(result.ms).toBeGreaterThanOrEqual(0);
  });

  it.concurrent('keeps the end in fixed-start-end and measures haversine in metres', async () => {
    const points = [
      [48.8566, 2.3522],
      [45.764, 4.8357],
      [50.6292, 3.0573],
      [47.2184, -1.5536],
      [43.2965, 5.3698],
    ];
    const { code, stdout } = await run(
      request({ points, metric: 'haversine', mode: 'fixed-start-end' }),
    );
    expect(code).toBe(0);
    const result = JSON.parse(stdout);
    expect(result.order[0]).toBe(0);
    expect(result.order.at(-1)).toBe(4);
    expect(result.length).toBeGreaterThan(1_000_000);
  });

  it.concurrent('optimises a larger instance with the iterated local search', async () => {
    const points = Array.from({ length: 200 }, (_, i) => [(i * 7919) % 1009, (i * 104729) % 997]);
    const { code, stdout } = await run(
      request({ points, metric: 'euclidean', mode: 'fixed-start' }),
    );
    expect(code).toBe(0);
    const result = JSON.parse(stdout);
    expect(new Set(result.order).size).toBe(200);
  });

  it.concurrent(
    'solves the vrp form: one JSON line with routes, cost, unassigned and time',
    async () => {
      // A depot, three jobs of demand 10 for vehicles of capacity 20, and one job over capacity.
      const { code, stdout, stderr } = await run(
        request({
          problem: 'vrp',
          locations: [
            [0, 0],
            [10, 0],
            [0, 10],
            [10, 10],
            [-5, -5],
          ],
          metric: 'euclidean',
          depot: 0,
          vehicles: { count: 2, capacity: 20, shift: [0, 100] },
          jobs: [
            { location: 1, demand: 10, window: [0, 50], service: 5 },
            { location: 2, demand: 10 },
            { location: 3, demand: 10 },
            { location: 4, demand: 30 },
          ],
          objective: 'distance',
          // Iterations end the run, never the clock: the same answer on a busy machine.
          timeLimitMs: 60_000,
          maxIterations: 500,
        }),
      );
      expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
      expect(stdout.trim().split('\n')).toHaveLength(1);
      const result = JSON.parse(stdout);
      expect(Object.keys(result)).toEqual(['routes', 'cost', 'unassigned', 'ms']);
      expect(result.unassigned).toEqual([3]);
      // Optimal: 0 -> (10,0) -> (10,10) -> 0 and 0 -> (0,10) -> 0, or its mirror image.
      expect(result.routes.map((route: number[]) => [...route].sort()).sort()).toEqual([
        [0, 2],
        [1],
      ]);
      expect(result.cost).toBeCloseTo(34.142135623730951 + 20, 9);
      expect(result.ms).toBeGreaterThan(0);
    },
  );

  it.concurrent(
    'solves the vrp form from a matrix with windows, locks and an open end',
    async () => {
      const m = [
        [0, 5, 9, 4],
        [5, 0, 4, 6],
        [9, 4, 0, 5],
        [4, 6, 5, 0],
      ];
      const { code, stdout } = await run(
        request({
          problem: 'vrp',
          matrix: m,
          depot: 0,
          end: 'last-stop',
          vehicles: [{ maxStops: 3 }],
          jobs: [
            {
              location: 1,
              windows: [
                [0, 3],
                [20, 30],
              ],
            },
            { location: 2, lock: 'last' },
            { location: 3 },
          ],
          objective: 'makespan',
          // Iterations end the run, never the clock: the same answer on a busy machine.
          timeLimitMs: 60_000,
          maxIterations: 500,
        }),
      );
      expect(code).toBe(0);
      const result = JSON.parse(stdout);
      // Job 0 cannot be reached by 3, so it waits for its window at 20; job 1 comes last.
      expect(result.routes).toEqual([[2, 0, 1]]);
      expect(result.cost).toBe(20 + 4);
      expect(result.unassigned).toEqual([]);
    },
  );

  it.concurrent(
    'solves the vrp form with --workers=2: two searches together, one answer',
    async () => {
      const { code, stdout, stderr } = await run(
        request({
          problem: 'vrp',
          locations: [
            [0, 0],
            [10, 0],
            [0, 10],
            [10, 10],
            [5, 5],
          ],
          metric: 'euclidean',
          vehicles: { count: 3, capacity: 2 },
          jobs: [1, 2, 3, 4].map((location) => ({ location, demand: 1 })),
          objective: 'vehicles',
          // Iterations end each search, never the clock, however busy the machine is.
          timeLimitMs: 60_000,
          maxIterations: 500,
        }),
        '--workers=2',
      );
      expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
      const result = JSON.parse(stdout);
      expect(result.routes).toHaveLength(2);
      expect(result.routes.flat().sort()).toEqual([0, 1, 2, 3]);
      expect(result.unassigned).toEqual([]);
    },
  );

  it.concurrent('measures the vrp form in metres with haversine', async () => {
    const { code, stdout } = await run(
      request({
        problem: 'vrp',
        locations: [
          [48.8566, 2.3522],
          [45.764, 4.8357],
          [50.6292, 3.0573],
        ],
        metric: 'haversine',
        vehicles: { count: 1 },
        jobs: [{ location: 1 }, { location: 2 }],
        timeLimitMs: 50,
      }),
    );
    expect(code).toBe(0);
    expect(JSON.parse(stdout).cost).toBeGreaterThan(1_000_000);
  });

  const badInputs: [string, () => string[], RegExp][] = [
    [
      'no file argument',
      () => [],
      /^optimize: usage: npm run --silent optimize -- FILE\.json \[--workers=N\]\n$/,
    ],
    [
      'a missing file',
      () => [join(folder, 'missing.json')],
      /^optimize: cannot read .*missing\.json: no such file\n$/,
    ],
    ['invalid JSON', () => [fileWith('{"points": [')], /^optimize: .* is not valid JSON \(.*\)\n$/],
    ['not an object', () => [fileWith('[1, 2]')], /must hold a JSON object .* not an array\n$/],
    [
      'points not an array',
      () => [request({ points: 'x', metric: 'euclidean', mode: 'round-trip' })],
      /"points" must be an array/,
    ],
    [
      'a point with a string',
      () => [
        request({
          points: [
            [0, 0],
            [1, '2'],
          ],
          metric: 'euclidean',
          mode: 'round-trip',
        }),
      ],
      /"points"\[1\] must be a pair of numbers/,
    ],
    [
      'a point with three numbers',
      () => [request({ points: [[0, 0, 0]], metric: 'euclidean', mode: 'round-trip' })],
      /"points"\[0\] must be a pair of numbers/,
    ],
    [
      'an unknown metric',
      () => [request({ points: [], metric: 'manhattan', mode: 'round-trip' })],
      /"metric" must be one of "euclidean", "haversine", got "manhattan"/,
    ],
    [
      'an unknown mode',
      () => [request({ points: [], metric: 'euclidean', mode: 'one-way' })],
      /"mode" must be one of .* got "one-way"/,
    ],
    [
      'a missing mode',
      () => [request({ points: [], metric: 'euclidean' })],
      /"mode" must be one of .* got undefined/,
    ],
    [
      'a non-finite number',
      () => [
        fileWith('{"points": [[0, 0], [1e999, 1]], "metric": "euclidean", "mode": "fixed-start"}'),
      ],
      /point 1 has a coordinate that is not a finite number/,
    ],
    [
      'a latitude out of range',
      () => [
        request({
          points: [
            [0, 0],
            [95, 1],
          ],
          metric: 'haversine',
          mode: 'fixed-start',
        }),
      ],
      /point 1: latitude 95 is outside -90\.\.90/,
    ],
    [
      'a longitude out of range',
      () => [request({ points: [[0, 200]], metric: 'haversine', mode: 'fixed-start' })],
      /point 0: longitude 200 is outside -180\.\.180/,
    ],
  ];

  const vrp = (body: object) => () => [
    request({
      problem: 'vrp',
      locations: [
        [0, 0],
        [1, 1],
      ],
      metric: 'euclidean',
      vehicles: { count: 1 },
      jobs: [{ location: 1 }],
      ...body,
    }),
  ];
  badInputs.push(
    ['an unknown problem', vrp({ problem: 'tsp' }), /"problem" must be "vrp", got "tsp"/],
    [
      'vrp without locations or matrix',
      vrp({ locations: undefined }),
      /"locations" must be a non-empty array/,
    ],
    [
      'vrp with an unknown metric',
      vrp({ metric: 'manhattan' }),
      /"metric" must be "euclidean" or "haversine"/,
    ],
    [
      'vrp with a matrix that is not square',
      vrp({ locations: undefined, matrix: [[0, 1], [1]] }),
      /"matrix"\[1\] must be an array of 2 numbers/,
    ],
    [
      'vrp with a negative travel time',
      vrp({
        locations: undefined,
        matrix: [
          [0, -1],
          [1, 0],
        ],
      }),
      /"matrix"\[0\]\[1\] must be a finite number >= 0/,
    ],
    [
      'vrp without vehicles',
      vrp({ vehicles: undefined }),
      /"vehicles" must be \{"count": n, \.\.\.\} or a list of vehicles/,
    ],
    [
      'vrp with 0 vehicles',
      vrp({ vehicles: { count: 0 } }),
      /"vehicles"\."count" must be an integer in 1\.\.10000, got 0/,
    ],
    [
      'vrp with a job at an unknown location',
      vrp({ jobs: [{ location: 5 }] }),
      /job 0: location must be an index in 0\.\.1/,
    ],
    [
      'vrp with a reversed window',
      vrp({ jobs: [{ location: 1, window: [10, 5] }] }),
      /job 0: window 0 must be \[start, end\] with start <= end/,
    ],
    [
      'vrp with a malformed window',
      vrp({ jobs: [{ location: 1, window: [10] }] }),
      /"jobs"\[0\]: "window" must be \[start, end\], got \[10\]/,
    ],
    [
      'vrp with an unknown job key',
      vrp({ jobs: [{ location: 1, weight: 3 }] }),
      /"jobs"\[0\]: unknown key "weight"/,
    ],
    [
      'vrp with a bad lock',
      vrp({ jobs: [{ location: 1, lock: 'middle' }] }),
      /job 0: lock must be "first" or "last"/,
    ],
    [
      'vrp with an unknown objective',
      vrp({ objective: 'cheapest' }),
      /objective must be one of distance, vehicles, makespan/,
    ],
    [
      'vrp with a bad end',
      vrp({ end: 'anywhere' }),
      /"end" must be "depot", "last-stop" or \{"location": index\}/,
    ],
    [
      'vrp with a negative capacity',
      vrp({ vehicles: { count: 1, capacity: -5 } }),
      /vehicle 0: capacity must be a finite number >= 0/,
    ],
    [
      'vrp with a bad time limit',
      vrp({ timeLimitMs: 'soon' }),
      /"timeLimitMs" must be a number > 0/,
    ],
    [
      'an unknown option',
      () => [...vrp({})(), '--fast'],
      /^optimize: unknown option --fast; usage/,
    ],
    [
      'no workers',
      () => [...vrp({})(), '--workers=0'],
      /--workers must be a whole number from 1 to 64/,
    ],
  );
  for (const [name, args, message] of badInputs) {
    it.concurrent(`rejects ${name} with one line on stderr and a non-zero exit`, async () => {
      const { code, stdout, stderr } = await run(...args());
      expect(code).not.toBe(0);
      expect(stdout).toBe('');
      expect(stderr).toMatch(message);
      expect(stderr.trim().split('\n')).toHaveLength(1);
    });
  }
});
