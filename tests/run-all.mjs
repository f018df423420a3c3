// `npm test`: the whole suite — types, lint and format, unit, database (RLS on PGlite and
// PostgreSQL 15), HTTP contract against the local stack, load, limits and faults against a
// production-config stack, browser end to end. `npm test -- unit db` runs some steps only.
//
// Steps of one stage run at the same time (each its own process; their output is printed
// whole when they end, one after the other): the type check and lint share the machine well;
// the api tests on the shared stack, which leave most of a core idle, run beside the api tests
// that start their own processes; the database tests and the format check fill what the load
// tests leave idle. Otherwise the stages run one after another, so the api tests' short
// upstream timeouts never compete with the CPU-bound suites (beside the type check, the api
// stage took 146 s instead of 79). Ends with one line 'N passed, N failed, N skipped' summing
// every runner, after each step's time.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';

/**
 * @typedef {{passed: number, failed: number, skipped: number, flaky?: number,
 *   failures?: string[]}} Counts failures: each failed (or flaky) test's name and the first
 *   lines of its error, printed again at the very end, where a CI log's tail shows them
 * @typedef {{name: string, command: string[], env?: Record<string, string>,
 *   counts?: () => Counts | null}} Step
 */

const reports = mkdtempSync(path.join(tmpdir(), 'route-planner-test-'));
/** @param {string} name */
const bin = (name) => path.join('node_modules', '.bin', name);
const only = process.argv.slice(2);
const scripts = JSON.parse(readFileSync('package.json', 'utf8')).scripts ?? {};

/** @type {(name: string, projects: string[]) => Step} */
const vitest = (name, projects) => ({
  name,
  command: [
    bin('vitest'),
    'run',
    ...projects.flatMap((project) => ['--project', project]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${path.join(reports, `${name}.json`)}`,
  ],
  counts: () => vitestCounts(path.join(reports, `${name}.json`)),
});

/**
 * Stages in order; the steps of a stage run side by side.
 * @type {Step[][]}
 */
const stages = [
  [
    // Lint (type-aware: ~1.3 cores with its garbage collector) is the stage's long pole; the
    // type check (TypeScript 7's native compiler: 7 s and 12 CPU-s alone, where TypeScript 5.9
    // took 27 s and 42 CPU-s and ran at a lower priority) fits in what it leaves.
    { name: 'typecheck', command: ['npm', 'run', '--silent', 'typecheck'] },
    // npm scripts added by the lint and format setup (run when package.json has them).
    ...(scripts.lint ? [{ name: 'lint', command: ['npm', 'run', '--silent', 'lint'] }] : []),
  ],
  // jsdom and plain-Node unit tests, shared and isolated (vitest.config.ts), in one run over
  // every core.
  [vitest('unit', ['unit', 'unit-node', 'unit-isolated', 'unit-node-isolated'])],
  // The HTTP tests on the shared stack, and beside them those that start their own processes.
  [vitest('api', ['api']), vitest('api-standalone', ['api-standalone'])],
  // The load tests wait on their clients and the rate limits (a third of a core): the database
  // tests, two files at a time, use the rest. The one speed load needs: the limit test's 75
  // requests within about 15 s (a bucket of 60 that refills one a second), which take 1.9 s
  // beside the database tests (1.7 s alone); load.test's 50 clients must see no error.
  // The format check (13 s and 19 CPU-s alone) fits there too. (Tried: the format check beside
  // lint: lint, the first stage's long pole, then took 96–103 s instead of 74–84.)
  [
    vitest('load', ['load']),
    vitest('db', ['db']),
    ...(scripts['format:check']
      ? [{ name: 'format', command: ['npm', 'run', '--silent', 'format:check'] }]
      : []),
  ],
  [
    {
      name: 'e2e',
      command: [bin('playwright'), 'test'],
      env: { PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(reports, 'e2e.json') },
      counts: () => playwrightCounts(path.join(reports, 'e2e.json')),
    },
  ],
]
  // `npm test -- api` runs api-standalone too.
  .map((stage) =>
    stage.filter(
      (step) =>
        only.length === 0 ||
        only.some((name) => step.name === name || step.name.startsWith(`${name}-`)),
    ),
  )
  .filter((stage) => stage.length > 0);

const totals = { passed: 0, failed: 0, skipped: 0 };
/** @type {string[]} */
const failedSteps = [];
/** @type {string[]} */
const timings = [];
/** @type {string[]} */
const failures = [];
/** @type {number | undefined} clock ticks per second (clockTicks) */
let clockTicksPerSecond;
const started = Date.now();
const startLoad = loadavg()[0];
const startCpu = childCpuSeconds();

for (const stage of stages) {
  const alone = stage.length === 1;
  const names = stage.map((step) => step.name).join(' + ');
  if (!alone) console.log(`\n=== ${names}, side by side`);
  const begin = Date.now();
  const cpu = childCpuSeconds();
  await Promise.all(stage.map((step) => runStep(step, alone)));
  // CPU time of everything the stage ran (its processes and theirs): less noisy than the wall
  // time on a shared machine.
  const cpuNow = childCpuSeconds();
  const used = cpu === null || cpuNow === null ? '' : `, cpu ${(cpuNow - cpu).toFixed(1)}s`;
  if (!alone) timings.push(`${names}: ${seconds(Date.now() - begin)} side by side${used}`);
  else timings[timings.length - 1] += used;
}
rmSync(reports, { recursive: true, force: true });

console.log('\nTimes (wall clock, and the CPU time of the processes each stage ran):');
for (const line of timings) console.log(`  ${line}`);
const endCpu = childCpuSeconds();
const totalCpu =
  startCpu === null || endCpu === null ? '' : `, cpu ${(endCpu - startCpu).toFixed(1)}s`;
console.log(
  `  total ${seconds(Date.now() - started)}${totalCpu} (load average ${startLoad.toFixed(2)} at the start, ${loadavg()[0].toFixed(2)} at the end)`,
);
if (failures.length) console.log(`\nFailed or flaky tests:\n${failures.join('\n')}`);
if (failedSteps.length) console.log(`\nFailed steps: ${failedSteps.join(', ')}`);
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedSteps.length ? 1 : 0);

/**
 * Runs one step; alone, its output streams; beside others, it is printed when the step ends.
 * @param {Step} step
 * @param {boolean} alone
 */
async function runStep(step, alone) {
  const header = `=== ${step.name}: ${step.command.join(' ')}`;
  if (alone) console.log(`\n${header}`);
  const begin = Date.now();
  const child = spawn(step.command[0], step.command.slice(1), {
    stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...step.env, ...(alone ? {} : { FORCE_COLOR: '1' }) },
  });
  /** @type {Buffer[]} */
  const output = [];
  child.stdout?.on('data', (chunk) => output.push(chunk));
  child.stderr?.on('data', (chunk) => output.push(chunk));
  /** @type {number | null} */
  const status = await new Promise((resolve) => {
    child.once('error', (error) => {
      output.push(Buffer.from(`${String(error)}\n`));
      resolve(1);
    });
    child.once('close', (code) => resolve(code));
  });
  const took = seconds(Date.now() - begin);
  if (!alone) {
    console.log(`\n${header}`);
    process.stdout.write(Buffer.concat(output));
  }
  const counts = step.counts?.() ?? null;
  if (counts) {
    totals.passed += counts.passed;
    totals.failed += counts.failed;
    totals.skipped += counts.skipped;
    for (const failure of counts.failures ?? []) failures.push(`  ${step.name}: ${failure}`);
  }
  const ok = status === 0;
  if (!ok) {
    failedSteps.push(step.name);
    if (!counts || counts.failed === 0) totals.failed += 1; // a step that broke before reporting
  }
  const flaky = counts?.flaky
    ? `, ${counts.flaky} FLAKY (passed only on a retry: a bug to fix)`
    : '';
  const summary = `${step.name}: ${ok ? 'ok' : 'FAILED'} in ${took}${counts ? ` (${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped${flaky})` : ''}`;
  timings.push(summary);
  console.log(`=== ${summary}`);
}

/**
 * User + system CPU seconds of this process's finished children and their descendants (Linux).
 * @returns {number | null}
 */
function childCpuSeconds() {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[13]) + Number(fields[14])) / clockTicks();
  } catch {
    return null;
  }
}

function clockTicks() {
  clockTicksPerSecond ??= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' })) || 100;
  return clockTicksPerSecond;
}

/** @param {number} ms */
function seconds(ms) {
  return `${(ms / 1000).toFixed(1)}s`;
}

/** @param {string} file */
function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/**
 * @param {string} file Vitest's JSON report
 * @returns {Counts | null}
 */
function vitestCounts(file) {
  /** @type {{numPassedTests?: number, numFailedTests?: number, numPendingTests?: number,
   *   numTodoTests?: number, testResults?: {name?: string, message?: string,
   *   assertionResults?: {fullName: string, status: string, failureMessages?: string[]}[]}[]}
   *   | null} */
  const report = readJson(file);
  if (!report) return null;
  const failures = (report.testResults ?? []).flatMap((file) => {
    const failed = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    const where = path.relative(process.cwd(), file.name ?? '');
    return [
      ...failed.map(
        (test) => `${where} › ${test.fullName}: ${firstLines(test.failureMessages?.[0] ?? '')}`,
      ),
      // An error outside the tests (in a hook, or on import).
      ...(file.message ? [`${where}: ${firstLines(file.message)}`] : []),
    ];
  });
  return {
    passed: report.numPassedTests ?? 0,
    failed: report.numFailedTests ?? 0,
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
    failures,
  };
}

/**
 * @param {string} file Playwright's JSON report
 * @returns {Counts | null}
 */
function playwrightCounts(file) {
  /** @type {{stats?: {expected?: number, unexpected?: number, flaky?: number,
   *   skipped?: number}, suites?: PlaywrightSuite[]} | null} */
  const report = readJson(file);
  if (!report?.stats) return null;
  const { expected = 0, unexpected = 0, flaky = 0, skipped = 0 } = report.stats;
  /** @type {string[]} */
  const failures = [];
  /** @param {PlaywrightSuite} suite @param {string[]} titles */
  const visit = (suite, titles) => {
    const here = suite.title ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected' && test.status !== 'flaky') continue;
        const error = test.results?.find((result) => result.error)?.error?.message ?? '';
        failures.push(
          `${test.projectName ? `[${test.projectName}] ` : ''}${[...here, spec.title].join(' › ')}${test.status === 'flaky' ? ' (flaky)' : ''}: ${firstLines(error)}`,
        );
      }
    for (const child of suite.suites ?? []) visit(child, here);
  };
  for (const suite of report.suites ?? []) visit(suite, []);
  return { passed: expected + flaky, failed: unexpected, skipped, flaky, failures };
}

/**
 * @typedef {{title?: string, suites?: PlaywrightSuite[], specs?: {title: string,
 *   tests?: {projectName?: string, status?: string,
 *   results?: {error?: {message?: string}}[]}[]}[]}} PlaywrightSuite
 */

/**
 * The first lines of an error (its message and diff, not its stack), without colour codes.
 * @param {string} message
 */
function firstLines(message) {
  // eslint-disable-next-line no-control-regex
  const plain = message.replace(/\u001b\[[0-9;]*m/g, '');
  return plain
    .split('\n')
    .filter((line) => line.trim() && !/^\s*at /.test(line))
    .slice(0, 8)
    .join('\n      ');
}
