// The planner at a courier company's size, on the benchmarks' phone (CPU 4x, fast 3G, 412 x 823):
// a day of 400 stops split among 10 drivers. Each interaction is the browser's own measure of it
// (the Event Timing API: from the input to the next frame painted, as Interaction to Next Paint
// counts it, the longest event of the interaction; 16 ms and less are not reported and count as
// 16): opening the split, starting it, showing one driver's route on the map and all again,
// opening a stop's Move and moving it to another driver, Save all, and reopening the day (My
// Routes with the day's ten routes, then one of them in the planner). The long tasks are the
// page's own (the Long Tasks API) from the moment the search has finished to the end.
import { localKeys } from '../../supabase/local/settings.mjs';
import { topFunctions } from './profile.mjs';
import { FAST_3G, PHONE, PHONE_CPU_SLOWDOWN } from './product.mjs';

export const TEAM_STOPS = 400;
export const TEAM_DRIVERS = 10;

/**
 * 400 stops over the Lyon area (about 40 x 30 km), the depot first, every fifth with a window
 * between 09:00 and 17:00.
 */
function teamStops() {
  const columns = 20;
  return Array.from({ length: TEAM_STOPS }, (_, index) => {
    const row = Math.floor(index / columns);
    const column = index % columns;
    return {
      name:
        index === 0
          ? 'Depot, Port Edouard Herriot, Lyon'
          : `Client ${index}, Rue ${column + 1}, Lyon`,
      lat: Math.round((45.62 + row * 0.0135 + (column % 3) * 0.002) * 1e6) / 1e6,
      lng: Math.round((4.7 + column * 0.021 + (row % 4) * 0.003) * 1e6) / 1e6,
      ...(index > 0 && index % 5 === 0 ? { window: { start: '09:00', end: '17:00' } } : {}),
    };
  });
}

/** Tomorrow at 08:00 in Paris, as a departure with its offset. */
function tomorrowAtEight() {
  const day = new Date(Date.now() + 24 * 3600 * 1000).toISOString().slice(0, 10);
  return `${day}T08:00+01:00`;
}

/** Records, in the page, every interaction's events and every long task. */
function recordInteractions() {
  /** @type {{id: number, start: number, duration: number}[]} */
  const events = [];
  /** @type {{start: number, duration: number}[]} */
  const tasks = [];
  Object.assign(globalThis, { __bench: { events, tasks } });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      /** @type {unknown} */
      const id = Reflect.get(entry, 'interactionId');
      if (typeof id === 'number' && id > 0)
        events.push({ id, start: entry.startTime, duration: entry.duration });
    }
    // durationThreshold: the Event Timing API's option (16 ms, its least), not in every DOM typing.
  }).observe(
    /** @type {PerformanceObserverInit} */ ({
      type: 'event',
      durationThreshold: 16,
      buffered: true,
    }),
  );
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      tasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
}

/** @typedef {{events: {id: number, start: number, duration: number}[], tasks: {start: number, duration: number}[]}} Recorded */

/**
 * @param {import('@playwright/test').Page} page
 * @returns {Promise<Recorded>}
 */
async function recorded(page) {
  /** @type {unknown} */
  const value = await page.evaluate(() => {
    /** @type {unknown} */
    const bench = Reflect.get(globalThis, '__bench');
    return bench;
  });
  return /** @type {Recorded} */ (value);
}

/** Below this the browser reports no event: such an interaction counts as this long. */
const UNREPORTED_MS = 16;

/**
 * Runs `act` and answers when it began (the page's clock) and its interaction's latency: the
 * longest event of the first interaction that started after it began (UNREPORTED_MS when the
 * browser reported none within a second).
 * @param {import('@playwright/test').Page} page
 * @param {() => Promise<unknown>} act
 */
async function interaction(page, act) {
  const since = await page.evaluate(() => performance.now());
  await act();
  for (let attempt = 0; attempt < 10; attempt += 1) {
    await page.waitForTimeout(100);
    const events = (await recorded(page)).events.filter((event) => event.start >= since);
    if (events.length > 0) {
      const first = events[0].id;
      const ms = Math.max(...events.filter((event) => event.id === first).map((e) => e.duration));
      return { since, ms };
    }
  }
  return { since, ms: UNREPORTED_MS };
}

/**
 * One run of the day: a fresh phone, signed in, with the day as the planner's draft.
 * @param {import('@playwright/test').Browser} browser
 * @param {string} baseUrl
 * @param {(context: import('@playwright/test').BrowserContext) => Promise<unknown>} keepLocal
 * @param {{profile?: boolean}} [options] profile: print where the page's CPU time went from the
 *   search's end to the end (top functions by self time), interaction by interaction (each from
 *   its input to its measure, the runs of one together) and between them, and every task after
 *   the search over 50 ms with the interaction it followed
 * @returns {Promise<{interactions: Record<string, number[]>, longestTaskAfterSearch: number, tasksOver200: number}>}
 */
export async function teamDayRun(browser, baseUrl, keepLocal, { profile = false } = {}) {
  const email = `team-day-${Date.now()}-${Math.round(Math.random() * 1e6)}@example.com`;
  const password = 'bench-password';
  const registered = await fetch(`${baseUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!registered.ok) throw new Error(`register: ${registered.status}`);
  const sessionAnswer = await fetch(`${baseUrl}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: localKeys.publishableKey, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const session = await sessionAnswer.text();
  const storageKey = `sb-${new URL(baseUrl).hostname.split('.')[0]}-auth-token`;
  const draft = JSON.stringify({
    title: 'Monday',
    stops: teamStops(),
    dayPlan: {
      departure: tomorrowAtEight(),
      timeZone: 'Europe/Paris',
      defaultServiceMinutes: 5,
      end: 'start',
    },
  });

  const context = await browser.newContext({ locale: 'en-US', ...PHONE });
  await keepLocal(context);
  await context.addInitScript(
    ([key, value, day]) => {
      if (sessionStorage.getItem('bench-seeded')) return;
      sessionStorage.setItem('bench-seeded', '1');
      localStorage.setItem('i18nextLng', 'en');
      localStorage.setItem(key, value);
      localStorage.setItem('routeDraft', day);
    },
    [storageKey, session, draft],
  );
  await context.addInitScript(recordInteractions);
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error('page error:', error.message));
  page.on('response', (response) => {
    if (response.status() >= 400 && response.url().startsWith(baseUrl))
      console.error(
        `team day: ${response.status()} ${response.request().method()} ${response.url()}`,
      );
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', FAST_3G);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE_CPU_SLOWDOWN });

  /** @type {Record<string, number[]>} */
  const interactions = {};
  /** When each measured interaction began (the page's clock). */
  /** @type {{name: string, since: number}[]} */
  const begun = [];
  /** With `profile`, from the search's end: the page's CPU profiles by interaction, 'between' for the rest. */
  /** @type {Map<string, import('./profile.mjs').CpuProfile[]> | null} */
  let profiles = null;
  /** With `profile`: the main thread's script, style and layout time by interaction. */
  /** @type {Map<string, Record<string, number>>} */
  const threadTimes = new Map();
  let lastTimes = /** @type {Record<string, number>} */ ({});
  const readThreadTimes = async () => {
    const { metrics } = await cdp.send('Performance.getMetrics');
    return Object.fromEntries(
      metrics
        .filter((metric) => /^(Script|RecalcStyle|Layout|Task)Duration$/.test(metric.name))
        .map((metric) => [metric.name.replace('Duration', ''), metric.value * 1000]),
    );
  };
  /** @param {string} bucket */
  const profileInto = async (bucket) => {
    if (!profiles) return;
    const { profile: cpu } = await cdp.send('Profiler.stop');
    profiles.set(bucket, [...(profiles.get(bucket) ?? []), cpu]);
    const times = await readThreadTimes();
    const sums = threadTimes.get(bucket) ?? {};
    for (const [name, ms] of Object.entries(times))
      sums[name] = (sums[name] ?? 0) + ms - (lastTimes[name] ?? ms);
    threadTimes.set(bucket, sums);
    lastTimes = times;
    await cdp.send('Profiler.start');
  };
  /**
   * @param {string} name
   * @param {() => Promise<unknown>} act
   */
  const measure = async (name, act) => {
    await profileInto('between');
    const { since, ms } = await interaction(page, act);
    await profileInto(name);
    begun.push({ name, since });
    (interactions[name] ??= []).push(ms);
  };

  try {
    await page.goto(`${baseUrl}/plan`, { timeout: 180_000 });
    await page
      .getByRole('heading', { name: `Stops (${TEAM_STOPS})` })
      .waitFor({ timeout: 180_000 });
    await page.waitForLoadState('networkidle', { timeout: 180_000 });

    await measure('open the split', () =>
      page.getByRole('button', { name: 'Split among drivers' }).click(),
    );
    const dialog = page.getByRole('dialog', { name: 'Split the day among drivers' });
    await dialog.getByLabel('Number of drivers').fill(String(TEAM_DRIVERS));
    await measure('split', () =>
      dialog.getByRole('button', { name: 'Split', exact: true }).click(),
    );
    await dialog.getByText(/^Split done: \d+ drivers have stops\.$/).waitFor({ timeout: 180_000 });
    const searchDone = await page.evaluate(() => performance.now());
    if (profile) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
      await cdp.send('Performance.enable');
      lastTimes = await readThreadTimes();
      await cdp.send('Profiler.start');
      profiles = new Map();
    }
    await page.waitForTimeout(1000);

    // The map with every route: one driver's route, then all again (keys on the select).
    const show = dialog.getByLabel('Show', { exact: true });
    for (let run = 0; run < 3; run += 1) {
      await show.focus();
      await measure('map: one driver', () => page.keyboard.press('ArrowDown'));
      await page.waitForTimeout(300);
      await measure('map: every driver', () => page.keyboard.press('ArrowUp'));
      await page.waitForTimeout(300);
    }

    // A stop of one driver moved to the next, six times.
    const cards = dialog.getByTestId('team-driver');
    for (let run = 0; run < 6; run += 1) {
      const from = cards.nth(run % TEAM_DRIVERS);
      const moveButton = from.getByRole('button', { name: /^Move .* to another driver$/ }).first();
      await moveButton.scrollIntoViewIfNeeded();
      await measure('open Move', () => moveButton.click());
      const choice = dialog.getByRole('group', { name: /^Move .* to$/ });
      const target = `Driver ${((run + 1) % TEAM_DRIVERS) + 1}`;
      await measure('move a stop', () => choice.getByRole('button', { name: target }).click());
      await page.waitForTimeout(300);
    }

    const saveAll = dialog.getByRole('button', { name: 'Save all' });
    await saveAll.scrollIntoViewIfNeeded();
    await measure('Save all', () => saveAll.click());
    // The status says it, then offers My Routes and the drivers' links.
    const saved = dialog
      .getByRole('status')
      .filter({ hasText: /\d+ routes saved, one per driver\./ });
    const refused = dialog.getByRole('alert');
    await saved.or(refused).first().waitFor({ timeout: 180_000 });
    if (!(await saved.isVisible()))
      throw new Error(`Save all: ${(await refused.allTextContents()).join(' ')}`);

    // Reopening the day: My Routes with its routes, then one of them in the planner.
    await measure('My Routes', () => dialog.getByRole('link', { name: 'My Routes' }).click());
    const day = page.getByRole('region', { name: /^One day, \d+ drivers$/ });
    await day.waitFor({ timeout: 180_000 });
    await page.waitForTimeout(500);
    await measure('open a driver’s route', () =>
      day.locator('.route-card__title a').first().click(),
    );
    await page.getByRole('heading', { name: /^Stops \(\d+\)$/ }).waitFor({ timeout: 180_000 });
    await page.waitForLoadState('networkidle', { timeout: 180_000 });

    const after = (await recorded(page)).tasks.filter((task) => task.start >= searchDone);
    if (profiles) {
      await profileInto('between');
      await cdp.send('Profiler.stop');
      for (const [bucket, cpus] of profiles) {
        const thread = Object.entries(threadTimes.get(bucket) ?? {})
          .map(([name, ms]) => `${name} ${ms.toFixed(0)} ms`)
          .join(', ');
        console.log(
          `profile  team day after the search, ${bucket} (${cpus.length} together; main thread: ${thread}; self time):`,
        );
        for (const [where, ms] of topFunctions(cpus, 15))
          console.log(`  ${ms.toFixed(1).padStart(7)}ms  ${where}`);
      }
      console.log('tasks over 50 ms after the search (the interaction before them):');
      for (const task of after.filter((entry) => entry.duration > 50)) {
        const before = begun.filter((entry) => entry.since <= task.start).at(-1);
        console.log(
          `  ${task.duration.toFixed(0).padStart(5)}ms  ${before ? `${before.name} +${(task.start - before.since).toFixed(0)}ms` : 'before the first'}`,
        );
      }
    }
    return {
      interactions,
      longestTaskAfterSearch: Math.max(0, ...after.map((task) => task.duration)),
      tasksOver200: after.filter((task) => task.duration > 200).length,
    };
  } finally {
    await context.close();
  }
}
