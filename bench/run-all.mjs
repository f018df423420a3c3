// Runs every benchmark in turn (npm run bench); exits non-zero if one fails or misses its targets.
// Add a benchmark by adding its command to BENCHMARKS.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const BENCHMARKS = [
  // One core: V8 without its background compiler and GC threads. (Deno 2 dropped --allow-hrtime:
  // high-resolution time is always allowed, and the flag only prints a warning.)
  ['deno', 'run', '--quiet', '--allow-read', '--v8-flags=--single-threaded', 'bench/optimizer.ts'],
  ['deno', 'run', '--quiet', '--allow-read', '--v8-flags=--single-threaded', 'bench/vrptw.ts'],
  [
    'deno',
    'run',
    '--quiet',
    '--allow-read',
    '--import-map=bench/team-day.imports.json',
    '--v8-flags=--single-threaded',
    'bench/team-day.ts',
  ],
  // A team of workers, one per core, as the page runs it (each worker single-threaded too).
  [
    'deno',
    'run',
    '--quiet',
    '--allow-read',
    '--import-map=import-map.json',
    '--allow-sys=loadavg',
    '--v8-flags=--single-threaded',
    'bench/homberger.ts',
  ],
  ['node', 'bench/bundle-size.mjs'],
  ['node', 'bench/first-optimise.mjs'],
  ['node', 'bench/interaction.mjs'],
  ['node', 'bench/my-routes.mjs'],
  ['node', 'bench/routing.mjs'],
];

const root = fileURLToPath(new URL('..', import.meta.url));
const binaries = fileURLToPath(new URL('../node_modules/.bin', import.meta.url));
const env = { ...process.env, PATH: `${binaries}:${process.env.PATH}` };

/** @type {string[]} */
const failed = [];
for (const [command, ...args] of BENCHMARKS) {
  const label = [command, ...args].join(' ');
  console.log(`\n> ${label}`);
  const { status, error } = spawnSync(command, args, { cwd: root, env, stdio: 'inherit' });
  if (error || status !== 0) failed.push(`${label} (${error ? error.message : `exit ${status}`})`);
}
if (failed.length > 0) {
  console.error(`\n${failed.length} benchmark(s) failed:\n  ${failed.join('\n  ')}`);
  process.exit(1);
}
console.log(`\nAll ${BENCHMARKS.length} benchmark(s) passed.`);
