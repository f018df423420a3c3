// `npm test`: the whole suite, in order of speed — types, unit, database (RLS on
// PGlite and PostgreSQL 15), HTTP contract against the local stack, load, limits and
// faults against a production-config stack, browser end to end.
// Ends with one line 'N passed, N failed' summing every runner.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const reports = mkdtempSync(path.join(tmpdir(), 'route-planner-test-'));
const bin = (name) => path.join('node_modules', '.bin', name);
const only = process.argv.slice(2);

const steps = [
  { name: 'typecheck', command: [bin('tsc'), '-b'] },
  ...['unit', 'db', 'api', 'load'].map((project) => ({
    name: project,
    command: [
      bin('vitest'),
      'run',
      '--project',
      project,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${path.join(reports, `${project}.json`)}`,
    ],
    counts: () => vitestCounts(path.join(reports, `${project}.json`)),
  })),
  {
    name: 'e2e',
    command: [bin('playwright'), 'test'],
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(reports, 'e2e.json') },
    counts: () => playwrightCounts(path.join(reports, 'e2e.json')),
  },
].filter((step) => only.length === 0 || only.includes(step.name));

const totals = { passed: 0, failed: 0, skipped: 0 };
const failedSteps = [];
for (const step of steps) {
  console.log(`\n=== ${step.name}: ${step.command.join(' ')}`);
  const started = Date.now();
  const result = spawnSync(step.command[0], step.command.slice(1), {
    stdio: 'inherit',
    env: { ...process.env, ...step.env },
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const counts = step.counts?.() ?? null;
  if (counts) {
    totals.passed += counts.passed;
    totals.failed += counts.failed;
    totals.skipped += counts.skipped;
  }
  const ok = result.status === 0;
  if (!ok) {
    failedSteps.push(step.name);
    if (!counts || counts.failed === 0) totals.failed += 1; // a step that broke before reporting
  }
  console.log(
    `=== ${step.name}: ${ok ? 'ok' : 'FAILED'} in ${seconds}s${counts ? ` (${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped)` : ''}`,
  );
}
rmSync(reports, { recursive: true, force: true });

if (failedSteps.length) console.log(`\nFailed steps: ${failedSteps.join(', ')}`);
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedSteps.length ? 1 : 0);

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

function vitestCounts(file) {
  const report = readJson(file);
  if (!report) return null;
  return {
    passed: report.numPassedTests ?? 0,
    failed: report.numFailedTests ?? 0,
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
  };
}

function playwrightCounts(file) {
  const report = readJson(file);
  if (!report?.stats) return null;
  const { expected = 0, unexpected = 0, flaky = 0, skipped = 0 } = report.stats;
  return { passed: expected + flaky, failed: unexpected, skipped };
}
