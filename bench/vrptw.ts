/**
 * The day's optimiser on Solomon's VRPTW and on TSPTW instances (bench/vrptw), on one core:
 *   deno run --quiet --allow-read --v8-flags=--single-threaded bench/vrptw.ts
 * (or npm run bench). Options: --budget=MS (per instance, set-up included; default 900, under
 * the 1 s aim), --only=C1,R2,n20 (name prefixes), --seed=N, --settings='{"blinkRate": 0.02}'.
 *
 * Costs follow bench/vrptw/README.md: Solomon in double-precision Euclidean distances
 * (distance-only objective, travel time = distance), TSPTW as the sum of the matrix's arcs.
 * Every solution is checked against every rule by checkSolution, independently of the search.
 * Each instance gets a time budget, set-up included, so the time targets hold on a busy machine
 * too (a busier machine only means fewer iterations). Like any JavaScript benchmark it first
 * warms the JIT up and prints that cold run.
 */
import {
  checkSolution,
  solveVrp,
  type SearchSettings,
  type VrpProblem,
} from '../supabase/functions/_shared/domain/vrp/index.ts';
import { parseSolomon, parseTsptw } from './vrptw-instances.ts';

/** Targets: mean gap and time per instance, every solution feasible. */
const SOLOMON = { meanGapPercent: 2.5, maxMs: 2000, aimGapPercent: 1.5, aimMs: 1000 };
const TSPTW = { meanGapPercent: 2, maxMs: 2000 };

const option = (name: string): string | undefined =>
  Deno.args.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
const budgetMs = Number(option('budget') ?? 900);
const seed = Number(option('seed') ?? 1);
const only = option('only')?.split(',');
const settings = JSON.parse(option('settings') ?? '{}') as Partial<SearchSettings>;

const folder = new URL('./vrptw/', import.meta.url);
interface Known {
  family: string;
  file: string;
  distance_bks: number;
}
const known = JSON.parse(await Deno.readTextFile(new URL('bks.json', folder))) as Record<
  string,
  Known
>;

interface Result {
  name: string;
  group: string;
  feasible: boolean;
  vehicles: number;
  cost: number;
  gap: number;
  ms: number;
}

function solve(name: string, group: string, problem: VrpProblem, best: number): Result {
  const started = performance.now();
  const solution = solveVrp(problem, { timeLimitMs: budgetMs, seed, settings });
  const ms = performance.now() - started;
  const check = checkSolution(problem, solution.routes);
  const feasible = check.feasible && solution.unassigned.length === 0;
  const gap = ((check.distance - best) / best) * 100;
  console.log(
    `vrptw  ${name.padEnd(11)} ${feasible ? 'feasible  ' : 'INFEASIBLE'} vehicles=${String(check.routes.length).padEnd(2)} ` +
      `cost=${check.distance.toFixed(2).padEnd(8)} best=${String(best).padEnd(9)} gap=${gap.toFixed(2).padStart(5)}%  ` +
      `ms=${Math.round(ms)}  iterations=${solution.iterations}` +
      (feasible
        ? ''
        : `  (${solution.unassigned.length} unassigned; ${check.violations[0] ?? ''})`),
  );
  return { name, group, feasible, vehicles: check.routes.length, cost: check.distance, gap, ms };
}

// Warm-up: a small Solomon-like instance, briefly.
{
  const text = await Deno.readTextFile(new URL('solomon/RC101.txt', folder));
  const started = performance.now();
  const solution = solveVrp(parseSolomon(text), { timeLimitMs: 300, seed: 99 });
  console.log(
    `vrptw  warm-up (cold JIT, not a target) RC101 300 ms budget: cost=${solution.distance.toFixed(2)} ` +
      `ms=${Math.round(performance.now() - started)} iterations=${solution.iterations}`,
  );
}

const selected = Object.entries(known).filter(
  ([name]) => !only || only.some((prefix) => name.startsWith(prefix)),
);
const results: Result[] = [];
for (const [name, entry] of selected) {
  const text = await Deno.readTextFile(new URL(entry.file, folder));
  const solomon = entry.family.startsWith('solomon');
  const problem = solomon ? parseSolomon(text) : parseTsptw(text);
  const group = solomon ? name.match(/^[A-Z]+\d/)![0] : 'TSPTW';
  results.push(solve(name, group, problem, entry.distance_bks));
}

const mean = (values: number[]) => values.reduce((sum, x) => sum + x, 0) / values.length;
const verdict = (ok: boolean) => (ok ? 'met' : 'NOT MET');
let allOk = true;

const solomon = results.filter((r) => r.group !== 'TSPTW');
if (solomon.length > 0) {
  for (const group of [...new Set(solomon.map((r) => r.group))]) {
    const members = solomon.filter((r) => r.group === group);
    console.log(
      `vrptw  family ${group.padEnd(4)} ${String(members.length).padStart(2)} instances: mean gap=${mean(members.map((r) => r.gap)).toFixed(2)}%  ` +
        `mean vehicles=${mean(members.map((r) => r.vehicles)).toFixed(1)}  max ms=${Math.round(Math.max(...members.map((r) => r.ms)))}`,
    );
  }
  const gap = mean(solomon.map((r) => r.gap));
  const maxMs = Math.max(...solomon.map((r) => r.ms));
  const feasible = solomon.every((r) => r.feasible);
  const ok = feasible && gap <= SOLOMON.meanGapPercent && maxMs <= SOLOMON.maxMs;
  allOk &&= ok;
  console.log(
    `vrptw  summary Solomon (${solomon.length}): all feasible=${feasible}  mean gap=${gap.toFixed(2)}% (target <= ${SOLOMON.meanGapPercent}%)  ` +
      `mean ms=${Math.round(mean(solomon.map((r) => r.ms)))}  max ms=${Math.round(maxMs)} (target <= ${SOLOMON.maxMs}): ${verdict(ok)}; ` +
      `aim <= ${SOLOMON.aimGapPercent}% in <= ${SOLOMON.aimMs} ms: ${verdict(gap <= SOLOMON.aimGapPercent && maxMs <= SOLOMON.aimMs)}`,
  );
}
const tsptw = results.filter((r) => r.group === 'TSPTW');
if (tsptw.length > 0) {
  const gap = mean(tsptw.map((r) => r.gap));
  const maxMs = Math.max(...tsptw.map((r) => r.ms));
  const feasible = tsptw.every((r) => r.feasible);
  const ok = feasible && gap <= TSPTW.meanGapPercent && maxMs <= TSPTW.maxMs;
  allOk &&= ok;
  console.log(
    `vrptw  summary TSPTW (${tsptw.length}): all feasible=${feasible}  mean gap=${gap.toFixed(2)}% (target <= ${TSPTW.meanGapPercent}%)  ` +
      `max ms=${Math.round(maxMs)} (target <= ${TSPTW.maxMs}): ${verdict(ok)}`,
  );
}
console.log(`vrptw  targets: ${allOk ? 'all met' : 'NOT ALL MET'}`);
if (!allOk) Deno.exit(1);
