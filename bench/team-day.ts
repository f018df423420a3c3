/**
 * 'Split among drivers' on generated team days, on one core:
 *   deno run --quiet --allow-read --import-map=bench/team-day.imports.json \
 *     --v8-flags=--single-threaded bench/team-day.ts
 * (or npm run bench). Options: --only=30x3,60x5 (days by stops x drivers), --seed=N.
 *
 * Each day is a depot on the edge of a 16 × 12 km town and its stops spread over the town, 5
 * minutes at each, drivers leaving the depot at 08:00 and back there, travel at the straight-line
 * fallback speed; with
 * windows, a third of the stops must be served in a one- or two-hour window between 08:00
 * and 17:00. Every day is split as the dialog splits it (the problem of
 * src/features/team-day/model/team-problem.ts, the app's search budget, seed 1) twice: everyone
 * finishing early (the balanced day, the dialog's default) and the least total driving.
 * Printed per day: the drivers with stops, the longest working day against the average, the
 * latest finish, and the balanced day's driving against the least-driving plan's. Targets: every
 * stop served, every driver used by both, and without windows the longest day at most 1.25 times
 * the average.
 */
import type { DayPlan } from '../supabase/functions/_shared/domain/day-plan/day-plan.ts';
import { checkSolution, solveVrp } from '../supabase/functions/_shared/domain/vrp/index.ts';
import {
  searchBudget,
  straightTravelTimes,
  type DayStop,
} from '../src/lib/optimizer/day-problem.ts';
import { teamPlanFromSolution } from '../src/features/team-day/model/team-plan.ts';
import {
  buildTeamProblem,
  teamPlaces,
  type TeamDriver,
} from '../src/features/team-day/model/team-problem.ts';

const TARGET_LONGEST_OVER_AVERAGE = 1.25;
const DAYS = [
  [30, 3],
  [60, 5],
  [120, 10],
] as const;

const option = (name: string): string | undefined =>
  Deno.args.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
const seed = Number(option('seed') ?? 1);
const only = option('only')?.split(',');

const PLAN: DayPlan = {
  departure: '2030-03-04T08:00+01:00',
  timeZone: 'Europe/Paris',
  defaultServiceMinutes: 5,
};
const DEPARTURE = Date.parse('2030-03-04T07:00:00Z');

/** A town's stops from a seeded generator (Park and Miller's), the depot first. */
function teamDay(stops: number, windows: boolean, daySeed: number): DayStop[] {
  let state = daySeed;
  const next = () => (state = (state * 16_807) % 2_147_483_647) / 2_147_483_647;
  const day: DayStop[] = [{ name: 'Depot', lat: 48.8, lng: 2.25 }];
  for (let i = 1; i <= stops; i++) {
    const stop: DayStop = {
      name: `Stop ${i}`,
      lat: 48.8 + next() * 0.11,
      lng: 2.25 + next() * 0.22,
    };
    if (windows && i % 3 === 0) {
      const opens = 8 + Math.floor(next() * 8);
      const hours = next() < 0.5 ? 1 : 2;
      const clock = (hour: number) => `${String(hour).padStart(2, '0')}:00`;
      stop.window = { start: clock(opens), end: clock(Math.min(17, opens + hours)) };
    }
    day.push(stop);
  }
  return day;
}

interface Split {
  drivers: number;
  unassigned: number;
  longest: number;
  average: number;
  finish: number;
  distance: number;
  ms: number;
}

function split(stops: DayStop[], drivers: number, objective: 'makespan' | 'distance'): Split {
  const started = performance.now();
  // The dialog's default drivers: from the depot at the departure, back to the depot.
  const team: TeamDriver[] = Array.from({ length: drivers }, () => ({
    start: 'depot',
    end: 'start',
    leaves: DEPARTURE,
  }));
  const times = straightTravelTimes(teamPlaces(stops, team).places);
  const day = buildTeamProblem(stops, PLAN, times, team, objective);
  const solution = solveVrp(day.problem, { ...searchBudget(day.problem.jobs.length), seed });
  const ms = performance.now() - started;
  const check = checkSolution(day.problem, solution.routes);
  if (!check.feasible) throw new Error(`team-day: a split breaks a rule: ${check.violations[0]}`);
  // Each driver's working day as the dialog shows it: leaving as late as the route allows.
  const plan = teamPlanFromSolution(day, times, PLAN, stops, team, solution);
  const days = plan.drivers.flatMap((driver) =>
    driver.schedule
      ? [
          {
            working: driver.schedule.finish - driver.schedule.stops[0].departure,
            finish: driver.schedule.finish,
          },
        ]
      : [],
  );
  const working = days.map((entry) => entry.working);
  return {
    drivers: days.length,
    unassigned: solution.unassigned.length,
    longest: Math.max(...working),
    average: working.reduce((sum, value) => sum + value, 0) / drivers,
    finish: Math.max(...days.map((entry) => entry.finish)),
    distance: check.distance,
    ms,
  };
}

const clock = (moment: number) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Paris',
    hour: '2-digit',
    minute: '2-digit',
  }).format(moment);
const hours = (ms: number) => (ms / 3_600_000).toFixed(2);

// Warm-up: the JIT compiles the search on a small day first (as the app's worker is warm).
split(teamDay(20, true, 99), 2, 'makespan');

let allOk = true;
const rows: string[] = [];
for (const [stops, drivers] of DAYS) {
  if (only && !only.includes(`${stops}x${drivers}`)) continue;
  for (const windows of [false, true]) {
    const day = teamDay(stops, windows, 1_000 + stops);
    const balanced = split(day, drivers, 'makespan');
    const least = split(day, drivers, 'distance');
    const ratio = balanced.longest / balanced.average;
    const extra = (balanced.distance / least.distance - 1) * 100;
    const ok =
      balanced.unassigned === 0 &&
      least.unassigned === 0 &&
      balanced.drivers === drivers &&
      least.drivers === drivers &&
      (windows || ratio <= TARGET_LONGEST_OVER_AVERAGE);
    allOk &&= ok;
    const name = `${stops} stops, ${drivers} drivers, ${windows ? 'windows' : 'no windows'}`;
    console.log(
      `team-day  ${name.padEnd(34)} balanced: drivers=${balanced.drivers} longest/average=${ratio.toFixed(2)} ` +
        `(${hours(balanced.longest)} h / ${hours(balanced.average)} h) finish=${clock(balanced.finish)} ` +
        `driving=${(balanced.distance / 1000).toFixed(1)} km (${extra >= 0 ? '+' : ''}${extra.toFixed(1)} % on the least) ms=${Math.round(balanced.ms)}; ` +
        `least driving: drivers=${least.drivers} longest/average=${(least.longest / least.average).toFixed(2)} ` +
        `finish=${clock(least.finish)} driving=${(least.distance / 1000).toFixed(1)} km ms=${Math.round(least.ms)}` +
        (ok ? '' : '  NOT MET'),
    );
    rows.push(
      `| ${stops} | ${drivers} | ${windows ? 'yes' : 'no'} | ${balanced.drivers} | ${ratio.toFixed(2)} | ` +
        `${clock(balanced.finish)} | ${extra >= 0 ? '+' : ''}${extra.toFixed(1)} % | ${least.drivers} | ` +
        `${(least.longest / least.average).toFixed(2)} | ${clock(least.finish)} | ${Math.round(balanced.ms)} |`,
    );
  }
}
console.log(
  '\n| stops | drivers | windows | drivers used | longest / average | latest finish | driving vs least | least: drivers used | least: longest / average | least: latest finish | ms |',
);
console.log('|---|---|---|---|---|---|---|---|---|---|---|');
for (const row of rows) console.log(row);
console.log(
  `team-day  targets (every stop served, every driver used, without windows the longest day <= ${TARGET_LONGEST_OVER_AVERAGE} × the average): ${allOk ? 'all met' : 'NOT ALL MET'}`,
);
if (!allOk) Deno.exit(1);
