// @vitest-environment node
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
const { fileURLToPath } = (await load('node:url')) as { fileURLToPath(url: URL): string };

// Runs the command of package.json's "optimize" script, with the deno binary from node_modules.
const root = fileURLToPath(new URL('../../../', import.meta.url));
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

  const badInputs: [string, () => string[], RegExp][] = [
    ['no file argument', () => [], /^optimize: usage: npm run --silent optimize -- FILE\.json\n$/],
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
