/**
 * Optimiser benchmark on TSPLIB instances (bench/tsplib), on one core: run with
 *   deno run --quiet --allow-read --v8-flags=--single-threaded bench/optimizer.ts
 * (or npm run bench).
 * Lengths use TSPLIB's EUC_2D (nint) distances, like the published optima in optima.json.
 * Each instance gets a time budget (the kicks are unlimited), so the time targets hold on a
 * busy machine too; a busier machine only means fewer kicks. Like any JavaScript benchmark it
 * first warms the JIT up (as the app's worker is after its first run) and prints that cold run.
 */
import {
  solveRoute,
  tsplibEuc2dCost,
  routeLength,
  type Point,
} from '../supabase/functions/_shared/domain/tsp/index.ts';

const INSTANCES = [
  'eil51',
  'st70',
  'eil76',
  'kroC100',
  'ch130',
  'ch150',
  'kroA200',
  'rat783',
  'pcb1173',
];
/** Targets: average gap and time per instance for 50-200 points; gap and time for ~1000 points. */
const SMALL = { maxPoints: 200, averageGapPercent: 1, maxMs: 100 };
const LARGE = { gapPercent: 3, maxMs: 2000 };

/** Time budget of the whole solve, set-up included: proportional to n, capped below the target. */
const budgetMs = (n: number): number => (n <= SMALL.maxPoints ? 60 : Math.min(1500, 1.4 * n));

const folder = new URL('./tsplib/', import.meta.url);

function parseTsp(text: string): Point[] {
  const points: Point[] = [];
  let inCoordinates = false;
  for (const line of text.split('\n')) {
    const trimmed = line.trim();
    if (trimmed === 'NODE_COORD_SECTION') inCoordinates = true;
    else if (trimmed === 'EOF') break;
    else if (inCoordinates && trimmed !== '') {
      const [, x, y] = trimmed.split(/\s+/).map(Number);
      points.push([x, y]);
    }
  }
  return points;
}

const warmUpPoints: Point[] = Array.from({ length: 200 }, (_, i) => [
  (i * 7919) % 1009,
  (i * 104729) % 997,
]);
const coldStarted = performance.now();
const coldRun = solveRoute(
  { n: 200, cost: tsplibEuc2dCost(warmUpPoints) },
  { mode: 'round-trip', maxKicks: 2000, timeLimitMs: Infinity },
);
console.log(
  `optimizer  warm-up (cold JIT, not a target) n=200 kicks=${coldRun.kicks} ms=${Math.round(performance.now() - coldStarted)}`,
);

const optimaJson = await Deno.readTextFile(new URL('optima.json', folder));
const optima = JSON.parse(optimaJson) as Record<string, number>;
const results: { name: string; n: number; gap: number; ms: number }[] = [];
for (const name of INSTANCES) {
  const points = parseTsp(await Deno.readTextFile(new URL(`${name}.tsp`, folder)));
  const cost = tsplibEuc2dCost(points);
  const started = performance.now();
  const result = solveRoute(
    { n: points.length, cost },
    { mode: 'round-trip', seed: 1, maxKicks: Infinity, timeLimitMs: budgetMs(points.length) },
  );
  const ms = performance.now() - started;
  const length = routeLength(result.order, cost, 'round-trip');
  const optimum = optima[name];
  const gap = ((length - optimum) / optimum) * 100;
  results.push({ name, n: points.length, gap, ms });
  console.log(
    `optimizer  ${name.padEnd(8)} n=${String(points.length).padEnd(5)} length=${String(length).padEnd(6)} ` +
      `optimum=${String(optimum).padEnd(6)} gap=${gap.toFixed(2)}%  ms=${Math.round(ms)}  kicks=${result.kicks}`,
  );
}

const small = results.filter((r) => r.n <= SMALL.maxPoints);
const large = results.filter((r) => r.n > SMALL.maxPoints);
const averageGap = small.reduce((sum, r) => sum + r.gap, 0) / small.length;
const smallMaxMs = Math.max(...small.map((r) => r.ms));
const verdict = (ok: boolean) => (ok ? 'met' : 'NOT MET');
const smallGapOk = averageGap <= SMALL.averageGapPercent;
const smallTimeOk = smallMaxMs < SMALL.maxMs;
console.log(
  `optimizer  summary 50-200 points: average gap=${averageGap.toFixed(2)}% (target <= ${SMALL.averageGapPercent}%: ${verdict(smallGapOk)})  ` +
    `max ms=${Math.round(smallMaxMs)} (target < ${SMALL.maxMs}: ${verdict(smallTimeOk)})`,
);
let allOk = smallGapOk && smallTimeOk;
for (const r of large) {
  const ok = r.gap <= LARGE.gapPercent && r.ms < LARGE.maxMs;
  allOk &&= ok;
  console.log(
    `optimizer  summary ${r.name} (~1000 points class): gap=${r.gap.toFixed(2)}% (target <= ${LARGE.gapPercent}%)  ` +
      `ms=${Math.round(r.ms)} (target < ${LARGE.maxMs}): ${verdict(ok)}`,
  );
}
console.log(`optimizer  targets: ${allOk ? 'all met' : 'NOT ALL MET'}`);
if (!allOk) Deno.exit(1);
