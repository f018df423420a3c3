/**
 * The day's optimiser on Gehring & Homberger's VRPTW instances with 200, 400 and 1000 customers
 * (bench/vrptw/homberger), objective 'vehicles' (fewest vehicles, then least distance), run as
 * the page runs it: a team of workers (src/lib/optimizer's OptimizeClient, one Web Worker per
 * search, sharing their best solutions):
 *   deno run --quiet --allow-read --allow-sys=loadavg --import-map=import-map.json bench/homberger.ts
 * (or npm run bench). Options: --workers=N (default: one per core, navigator.hardwareConcurrency),
 * --only=r1_2,c2 (name prefixes), --seed=N, --scale=F (every budget times F, for short trials),
 * --no-gain (skip the one-worker comparison).
 *
 * Each instance gets a wall-clock budget, set-up included (200 customers 10 s, 400 30 s, 1000
 * 60 s); every solution is checked against every rule by checkSolution, independently of the
 * search. Best-known values (bks.json) use the hierarchical objective: a distance is compared
 * only when the vehicle count equals the best known. Then the 200-customer instances run again
 * with one worker: the difference is the team's gain on this machine. A busy machine gives each
 * worker less of a core, and so worse figures: each line prints the CPU time the workers got
 * (cpu=, all workers together) and the summary its share of what the budget offered (the time
 * times the workers), with the load average.
 */
import process from 'node:process';
import { checkSolution, type VrpProblem } from '../supabase/functions/_shared/domain/vrp/index.ts';
import { OptimizeClient } from '../src/lib/optimizer/optimize-client.ts';
import { parseSolomon } from './vrptw-instances.ts';

/** Targets per size: best-known vehicles everywhere, a mean gap, a time; 1000: vehicles over. */
const TARGETS: Record<
  number,
  { budgetMs: number; meanGapPercent?: number; extraVehicles: number }
> = {
  200: { budgetMs: 10_000, meanGapPercent: 1.5, extraVehicles: 0 },
  400: { budgetMs: 30_000, meanGapPercent: 3, extraVehicles: 0 },
  1000: { budgetMs: 60_000, extraVehicles: 2 },
};
/** The search's own budget: the rest of the wall-clock budget is for copying the problem over. */
const SEARCH_SHARE = 0.97;

const option = (name: string): string | undefined =>
  Deno.args.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
const workers = Number(option('workers') ?? navigator.hardwareConcurrency ?? 1);
const seed = Number(option('seed') ?? 1);
const scale = Number(option('scale') ?? 1);
const only = option('only')?.split(',');
const gain = !Deno.args.includes('--no-gain');
if (!(workers >= 1) || !(scale > 0)) {
  console.error('homberger: --workers must be >= 1 and --scale > 0');
  Deno.exit(2);
}

const folder = new URL('./vrptw/homberger/', import.meta.url);
interface Known {
  jobs: number;
  bks_vehicles: number;
  bks_distance: number;
}
const known = JSON.parse(await Deno.readTextFile(new URL('bks.json', folder))) as Record<
  string,
  Known
>;

const client = new OptimizeClient(
  () =>
    new Worker(new URL('../src/lib/optimizer/optimize.worker.ts', import.meta.url), {
      type: 'module',
    }),
);

interface Result {
  name: string;
  customers: number;
  feasible: boolean;
  vehicles: number;
  bestVehicles: number;
  distance: number;
  /** Percent over the best-known distance; null when the vehicle counts differ. */
  gap: number | null;
  ms: number;
  /** CPU time of the whole process (every worker) during the solve. */
  cpuMs: number;
  team: number;
}

async function solve(name: string, problem: VrpProblem, team: number): Promise<Result> {
  const entry = known[name];
  const budget = TARGETS[entry.jobs].budgetMs * scale;
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const solution = await client.solveVrp(problem, {
    timeLimitMs: SEARCH_SHARE * budget,
    seed,
    workers: team,
  });
  const ms = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  const check = checkSolution(problem, solution.routes);
  const feasible = check.feasible && solution.unassigned.length === 0;
  const vehicles = check.routes.length;
  const gap =
    vehicles === entry.bks_vehicles
      ? ((check.distance - entry.bks_distance) / entry.bks_distance) * 100
      : null;
  return {
    name,
    customers: entry.jobs,
    feasible,
    vehicles,
    bestVehicles: entry.bks_vehicles,
    distance: check.distance,
    gap,
    ms,
    cpuMs: (cpu.user + cpu.system) / 1000,
    team,
  };
}

const print = (r: Result, team: number) =>
  console.log(
    `homberger  ${r.name.padEnd(9)} n=${String(r.customers).padEnd(5)} ${r.feasible ? 'feasible  ' : 'INFEASIBLE'} ` +
      `vehicles=${r.vehicles}/${r.bestVehicles}${r.vehicles > r.bestVehicles ? ` (+${r.vehicles - r.bestVehicles})` : ''}`.padEnd(
        20,
      ) +
      ` distance=${r.distance.toFixed(2).padEnd(9)} gap=${r.gap === null ? '  —  ' : `${r.gap.toFixed(2).padStart(5)}%`}` +
      `  ms=${Math.round(r.ms)}  cpu=${(r.cpuMs / 1000).toFixed(1)}s  workers=${team}`,
  );

/** The CPU time the runs got, as a share of what their budgets offered (time × workers). */
const cpuShare = (rs: Result[]) =>
  `${Math.round((100 * rs.reduce((sum, r) => sum + r.cpuMs, 0)) / rs.reduce((sum, r) => sum + r.ms * r.team, 0))} %`;
const load = () =>
  Deno.loadavg()
    .map((x) => x.toFixed(1))
    .join(' ');

const mean = (values: number[]) =>
  values.length === 0 ? NaN : values.reduce((sum, x) => sum + x, 0) / values.length;

async function runAll(names: string[], team: number): Promise<Result[]> {
  const results: Result[] = [];
  for (const name of names) {
    const problem = parseSolomon(await Deno.readTextFile(new URL(`${name}.txt`, folder)));
    problem.objective = 'vehicles';
    const result = await solve(name, problem, team);
    print(result, team);
    results.push(result);
  }
  return results;
}

// Warm-up: every worker compiles the search on a 200-customer instance, briefly.
{
  const problem = parseSolomon(await Deno.readTextFile(new URL('r1_2_1.txt', folder)));
  problem.objective = 'vehicles';
  const started = performance.now();
  await client.solveVrp(problem, { timeLimitMs: 500, seed: 99, workers });
  console.log(
    `homberger  warm-up (cold JIT, not a target) r1_2_1 500 ms, ${workers} workers: ms=${Math.round(performance.now() - started)}`,
  );
}

const names = Object.keys(known)
  .filter((name) => !only || only.some((prefix) => name.startsWith(prefix)))
  .sort((a, b) => known[a].jobs - known[b].jobs || a.localeCompare(b));
const results = await runAll(names, workers);

const verdict = (ok: boolean) => (ok ? 'met' : 'NOT MET');
let allOk = true;
for (const size of [200, 400, 1000]) {
  const members = results.filter((r) => r.customers === size);
  if (members.length === 0) continue;
  const target = TARGETS[size];
  const feasible = members.every((r) => r.feasible);
  const over = members.map((r) => r.vehicles - r.bestVehicles);
  const atBest = over.filter((x) => x <= 0).length;
  const gaps = members.flatMap((r) => (r.gap === null ? [] : [r.gap]));
  const gap = mean(gaps);
  const maxMs = Math.max(...members.map((r) => r.ms));
  const budget = target.budgetMs * scale;
  const vehiclesOk = Math.max(...over) <= target.extraVehicles;
  const gapOk = target.meanGapPercent === undefined || gap <= target.meanGapPercent;
  const ok = feasible && vehiclesOk && gapOk && maxMs <= budget;
  allOk &&= ok;
  console.log(
    `homberger  summary ${size} customers (${members.length}): all feasible=${feasible}  ` +
      `best-known vehicles on ${atBest} of ${members.length}, most over=${Math.max(...over)} (target <= ${target.extraVehicles})  ` +
      `mean gap at best-known vehicles=${Number.isNaN(gap) ? '—' : `${gap.toFixed(2)}%`} (${gaps.length} instances${target.meanGapPercent === undefined ? ', reported' : `; target <= ${target.meanGapPercent}%`})  ` +
      `max ms=${Math.round(maxMs)} (target <= ${budget}), CPU ${cpuShare(members)} of the budget, load ${load()}: ${verdict(ok)}`,
  );
}

if (gain && workers > 1) {
  const small = names.filter((name) => known[name].jobs === 200);
  if (small.length > 0) {
    console.log(`homberger  the 200-customer instances again with one worker (the team's gain):`);
    const alone = await runAll(small, 1);
    const together = results.filter((r) => r.customers === 200);
    const describe = (rs: Result[]) => {
      const extra = rs.reduce((sum, r) => sum + Math.max(0, r.vehicles - r.bestVehicles), 0);
      const both = rs.filter((r, i) => r.gap !== null && alone[i].gap !== null);
      return { extra, gap: mean(both.map((r) => r.gap!)), count: both.length };
    };
    const one = describe(alone);
    const team = describe(together);
    console.log(
      `homberger  gain ${workers} workers vs 1 on 200 customers: vehicles over best known ${team.extra} vs ${one.extra}, ` +
        `mean gap ${team.gap.toFixed(2)}% vs ${one.gap.toFixed(2)}% (${team.count} instances at best-known vehicles in both); ` +
        `CPU ${cpuShare(together)} vs ${cpuShare(alone)} of the budget, load ${load()}`,
    );
  }
}

client.dispose();
console.log(`homberger  targets: ${allOk ? 'all met' : 'NOT ALL MET'}`);
if (!allOk) Deno.exit(1);
