// Runs every benchmark in turn (npm run bench); exits non-zero if one fails or misses its targets.
// Add a benchmark by adding its command to BENCHMARKS.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const BENCHMARKS = [
  // One core: the optimiser is single-threaded JavaScript. (Deno 2 always allows high-resolution time.)
  ['deno', 'run', '--quiet', '--allow-read', 'bench/optimizer.ts'],
];

const root = fileURLToPath(new URL('..', import.meta.url));
const binaries = fileURLToPath(new URL('../node_modules/.bin', import.meta.url));
const env = { ...process.env, PATH: `${binaries}:${process.env.PATH}` };

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
