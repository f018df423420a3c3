// Interaction benchmark: the planner with 500 stops stays responsive. Adding, removing
// and moving a stop must each update the list, the markers and the trip summary in under 100 ms.
//
// How: the whole product runs locally as in the end-to-end tests (the fake Nominatim and OSRM of
// tests/fakes, the local stack of supabase/local on a throwaway PGlite database: Auth, Data API
// and the `api` Edge Function on Deno), and the SPA is built for production and served by
// `vite preview`, which proxies /api to that stack. Debian's Chromium opens /plan with a draft of
// 500 stops in localStorage ('routeDraft'), then adds (search, click on a result), removes (the
// first stop's × button: every later stop is renumbered) and moves (Alt+Arrow Down on a stop)
// several times. The planner measures each change itself (src/features/planner/components/
// interaction-timing.ts): from the input event to the first frame painted after React committed
// the list, markers and summary, as User Timing entries `planner:add|remove|move`.
//
// Prints one line per action: `interaction  <action>  n=  median=  p95=  max=  target<100ms  ok|MISSED`
// and exits non-zero when a median misses the target. `--runs N` sets the measured runs per action;
// `--profile` builds without minifying and prints where each action's CPU time went (top functions).
//
// Then a day of 400 stops split among 10 drivers on the benchmarks' phone (CPU 4x, fast 3G),
// `--team-runs N` times (default 3; `--team-only` skips the 500-stop planner): the split, the map
// with every route, moving a stop between drivers, Save all and reopening the day, each the
// browser's own measure of the interaction (bench/support/team-day-interactions.mjs). Fails when
// an interaction's median reaches 100 ms, or a task after the search has finished takes more
// than 200 ms. With `--profile`, the first run prints where the page's CPU time went from the
// search's end (Playwright's own locator queries run in the page and show there too).
import { build, preview } from 'vite';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumExecutable } from '../tests/support/chromium.mjs';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startFakeNominatim } from '../tests/fakes/nominatim.mjs';
import { startFakePhoton } from '../tests/fakes/photon.mjs';
import { startFakeOsrm } from '../tests/fakes/osrm.mjs';
import { freePort, startStack } from '../supabase/local/stack.mjs';
import { localKeys, readSettings } from '../supabase/local/settings.mjs';
import { topFunctions } from './support/profile.mjs';
import { keepLocal } from './support/product.mjs';
import { TEAM_DRIVERS, TEAM_STOPS, teamDayRun } from './support/team-day-interactions.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const STOP_COUNT = 500;
const TARGET_MS = 100;
const WARMUP_RUNS = 2;
const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 12;
const PROFILE = process.argv.includes('--profile');
const teamRunsArg = process.argv.indexOf('--team-runs');
const TEAM_RUNS = teamRunsArg > 0 ? Number(process.argv[teamRunsArg + 1]) : 3;
const TEAM_ONLY = process.argv.includes('--team-only');
/** No task after the team day's search has finished may take longer. */
const TEAM_TASK_TARGET_MS = 200;

/**
 * 500 stops on a grid over the Lyon area (about 40 x 30 km), named like search results.
 * @param {number} count
 */
function seededStops(count) {
  const columns = 25;
  return Array.from({ length: count }, (_, index) => {
    const row = Math.floor(index / columns);
    const column = index % columns;
    const lat = Math.round((45.62 + row * 0.0135) * 1e6) / 1e6;
    const lng = Math.round((4.65 + column * 0.021) * 1e6) / 1e6;
    return {
      name: `Stop ${index + 1}, Rue ${column + 1}, Lyon, Auvergne-Rhône-Alpes, France`,
      lat,
      lng,
    };
  });
}

/**
 * @param {number[]} sorted
 * @param {number} share
 */
function percentile(sorted, share) {
  if (sorted.length === 0) return NaN;
  const position = Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1);
  return sorted[Math.max(0, position)];
}

const scratch = mkdtempSync(path.join(tmpdir(), 'route-planner-interaction-'));
/** @type {(() => Promise<unknown>)[]} */
const cleanups = [];
async function cleanUp() {
  for (const cleanup of cleanups.reverse()) {
    try {
      await cleanup();
    } catch (error) {
      console.error('cleanup:', error instanceof Error ? error.message : error);
    }
  }
  rmSync(scratch, { recursive: true, force: true });
}

let failed = false;
try {
  // The third-party services, faked with their real payloads.
  const nominatim = await startFakeNominatim({ host: '127.0.0.1' });
  cleanups.push(() => nominatim.close());
  const osrm = await startFakeOsrm({ host: '127.0.0.1' });
  cleanups.push(() => osrm.close());
  const photon = await startFakePhoton({ host: '127.0.0.1' });
  cleanups.push(() => photon.close());

  // The local stack on a throwaway database, without per-client limits (one browser asks fast).
  const settings = readSettings({
    LOCAL_DATA_DIR: path.join(scratch, 'pglite'),
    SUPABASE_LOCAL_PORT: String(await freePort()),
    FUNCTIONS_LOCAL_PORT: String(await freePort()),
    NOMINATIM_URL: nominatim.url,
    OSRM_URL: osrm.url,
    PHOTON_URL: photon.url,
  });
  const stack = await startStack({
    ...settings,
    quiet: true,
    functionsEnv: {
      UPSTREAM_MIN_INTERVAL_MS: '0',
      GEOCODING_RATE_LIMIT_PER_MINUTE: '0',
      ROUTING_RATE_LIMIT_PER_MINUTE: '0',
    },
  });
  cleanups.push(() => stack.stop());

  // The production build, served with /api, /auth/v1 and /rest/v1 proxied to the stack.
  process.env.VITE_SUPABASE_ANON_KEY = localKeys.publishableKey;
  process.env.SUPABASE_LOCAL_URL = stack.gatewayUrl;
  const outDir = path.join(scratch, 'dist');
  await build({ root, logLevel: 'error', build: { outDir, emptyOutDir: true, minify: !PROFILE } });
  const appPort = await freePort();
  const server = await preview({
    root,
    logLevel: 'error',
    build: { outDir },
    preview: { port: appPort, strictPort: true },
  });
  cleanups.push(() => server.close());
  const baseUrl = `http://127.0.0.1:${appPort}`;

  const browser = await chromium.launch({
    executablePath: chromiumExecutable(),
    args: CHROMIUM_ARGS,
  });
  cleanups.push(() => browser.close());
  if (!TEAM_ONLY) {
    const context = await browser.newContext({
      viewport: { width: 1440, height: 900 },
      locale: 'en-US',
    });
    // Nothing leaves the machine: map tiles are answered empty.
    await context.route(
      (url) => !url.href.startsWith(baseUrl),
      (route) =>
        route.request().url().includes('tile.openstreetmap.org')
          ? route.fulfill({ status: 204, body: '' })
          : route.abort(),
    );
    const draft = JSON.stringify({ title: 'Benchmark', stops: seededStops(STOP_COUNT) });
    await context.addInitScript((value) => {
      if (sessionStorage.getItem('bench-seeded')) return;
      sessionStorage.setItem('bench-seeded', '1');
      localStorage.setItem('i18nextLng', 'en');
      localStorage.setItem('routeDraft', value);
    }, draft);
    const page = await context.newPage();
    page.on('pageerror', (error) => console.error('page error:', error.message));

    const loadStart = Date.now();
    await page.goto(`${baseUrl}/plan`);
    const stopsCount = page.getByTestId('summary-stops');
    await stopsCount.filter({ hasText: String(STOP_COUNT) }).waitFor();
    await page.locator('.stop-list > li').first().waitFor();
    const loadMs = Date.now() - loadStart;

    /** Lets the route recalculation that follows every change finish, so runs do not overlap. */
    async function settle() {
      await page.waitForTimeout(600);
      await page.locator('.trip-summary[aria-busy="false"]').waitFor({ timeout: 60_000 });
    }
    /**
     * @param {string} name
     * @param {number} count
     */
    async function measured(name, count) {
      await page.waitForFunction(
        ([entry, expected]) => performance.getEntriesByName(entry).length >= expected,
        /** @type {const} */ ([name, count]),
        { timeout: 30_000 },
      );
    }
    let expectedStops = STOP_COUNT;
    const search = page.getByRole('combobox', { name: 'Search for an address' });
    const actions = {
      /** @param {number} run */
      async add(run) {
        await search.fill(run % 2 === 0 ? 'Paris' : 'Lyon');
        const option = page.getByRole('listbox').getByRole('option').first();
        await option.waitFor();
        await option.click();
        expectedStops += 1;
      },
      async remove() {
        await page.locator('.stop-list > li').first().locator('.stop-item__remove').click();
        expectedStops -= 1;
      },
      async move() {
        const show = page.locator('.stop-list > li').first().locator('.stop-item__show');
        await show.focus();
        await page.keyboard.press('Alt+ArrowDown');
      },
    };

    await settle();
    /** @type {Record<string, number[]>} */
    const results = {};
    const cdp = PROFILE ? await context.newCDPSession(page) : null;
    if (cdp) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    }
    for (const [name, act] of Object.entries(actions)) {
      const entry = `planner:${name}`;
      for (let run = 0; run < WARMUP_RUNS + RUNS; run += 1) {
        const profiling = cdp && run === WARMUP_RUNS;
        if (profiling) await cdp.send('Profiler.start');
        await act(run);
        await measured(entry, run + 1);
        if (profiling) {
          const { profile } = await cdp.send('Profiler.stop');
          console.log(`profile  ${name} (one run, self time):`);
          for (const [where, ms] of topFunctions(profile))
            console.log(`  ${ms.toFixed(1).padStart(7)}ms  ${where}`);
        }
        await settle();
      }
      const durations = await page.evaluate(
        (entryName) => performance.getEntriesByName(entryName).map((measure) => measure.duration),
        entry,
      );
      results[name] = durations.slice(WARMUP_RUNS);
      await stopsCount.filter({ hasText: String(expectedStops) }).waitFor({ timeout: 10_000 });
    }

    console.log(
      `interaction  load     stops=${STOP_COUNT}  planner-ready=${loadMs}ms (navigation to list and summary shown)`,
    );
    for (const [name, durations] of Object.entries(results)) {
      const sorted = [...durations].sort((a, b) => a - b);
      const median = percentile(sorted, 0.5);
      const p95 = percentile(sorted, 0.95);
      const met = median < TARGET_MS;
      failed ||= !met;
      console.log(
        `interaction  ${name.padEnd(7)}  stops~${STOP_COUNT}  n=${sorted.length}  median=${median.toFixed(1)}ms  p95=${p95.toFixed(1)}ms  max=${sorted[sorted.length - 1].toFixed(1)}ms  target<${TARGET_MS}ms  ${met ? 'ok' : 'MISSED'}`,
      );
    }
  }

  // The team's day on a phone.
  /** @type {Record<string, number[]>} */
  const team = {};
  let longestTask = 0;
  let tasksOver = 0;
  for (let run = 0; run < TEAM_RUNS; run += 1) {
    const result = await teamDayRun(browser, baseUrl, (phone) => keepLocal(phone, baseUrl), {
      profile: PROFILE && run === 0,
    });
    for (const [name, values] of Object.entries(result.interactions))
      (team[name] ??= []).push(...values);
    longestTask = Math.max(longestTask, result.longestTaskAfterSearch);
    tasksOver += result.tasksOver200;
  }
  console.log(
    `interaction  team day: ${TEAM_STOPS} stops, ${TEAM_DRIVERS} drivers, phone (CPU 4x, fast 3G), ${TEAM_RUNS} runs (${loadavg()
      .map((value) => value.toFixed(1))
      .join(' ')} load)`,
  );
  for (const [name, durations] of Object.entries(team)) {
    const sorted = [...durations].sort((a, b) => a - b);
    const median = percentile(sorted, 0.5);
    const met = median < TARGET_MS;
    failed ||= !met;
    console.log(
      `interaction  team  ${name.padEnd(22)}  n=${sorted.length}  median=${median.toFixed(0)}ms  p95=${percentile(sorted, 0.95).toFixed(0)}ms  max=${sorted[sorted.length - 1].toFixed(0)}ms  target<${TARGET_MS}ms  ${met ? 'ok' : 'MISSED'}`,
    );
  }
  const tasksMet = longestTask <= TEAM_TASK_TARGET_MS;
  failed ||= !tasksMet;
  console.log(
    `interaction  team  tasks after the search  longest=${longestTask.toFixed(0)}ms  over ${TEAM_TASK_TARGET_MS} ms: ${tasksOver}  target<=${TEAM_TASK_TARGET_MS}ms  ${tasksMet ? 'ok' : 'MISSED'}`,
  );
} catch (error) {
  failed = true;
  console.error('interaction benchmark failed:', error);
} finally {
  await cleanUp();
}
process.exit(failed ? 1 : 0);
