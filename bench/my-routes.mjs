// My Routes after a year: 300 saved routes of 100 stops each (a courier who saves a route a
// day), on a simulated mid-range phone (CPU 4x slower, DevTools' fast 3G, a 412 x 823 screen,
// a cold cache), against the production build with the local stack behind it
// (bench/support/product.mjs), in Debian's Chromium.
//
// Measured, each the median of --runs runs (default 5):
// - first cards, tap: a returning user (the app opened on the phone before: its service worker
//   holds the app's code), the planner loaded and idle, a tap on My Routes in the bottom
//   navigation, until the first route card is painted (the next frame after it is in the page);
// - first cards, cold visit: /dashboard opened from nothing (the app's code included), from
//   the navigation's start until the first card is painted;
// - data: the bytes of the /api/itineraries answers My Routes read until its first cards
//   (and, once, for the whole year scrolled to its end, and the whole list as one answer).
// --trace prints the requests after each tap; --profile builds without minifying and prints
// where the CPU time went between the tap and the first cards.
// Targets (exit code 1 when one is missed): first cards after the tap <= 1 s; the data of the
// first cards <= 100 KB.
import { gzipSync } from 'node:zlib';
import { localKeys } from '../supabase/local/settings.mjs';
import {
  FAST_3G,
  PHONE,
  PHONE_CPU_SLOWDOWN,
  keepLocal,
  launchChromium,
  loadAverage,
  median,
  startProduct,
} from './support/product.mjs';
import { topFunctions } from './support/profile.mjs';

const ROUTES = 300;
const STOPS_PER_ROUTE = 100;
const TARGET_FIRST_CARDS_MS = 1000;
const TARGET_DATA_KB = 100;
const runsIndex = process.argv.indexOf('--runs');
const RUNS = runsIndex > 0 ? Math.max(1, Number(process.argv[runsIndex + 1]) || 5) : 5;
const PROFILE = process.argv.includes('--profile');
const TRACE = process.argv.includes('--trace');
const EMAIL = `my-routes-${Date.now()}@example.com`;
const PASSWORD = 'bench-password';
const DAY_MS = 24 * 3600 * 1000;

/**
 * A year of routes as the Data API inserts them: one a day going back from today, 100 stops
 * around Lyon named like search results, totals as the route service would give them, and
 * every 30th day split among four drivers (a day group).
 * @param {string} userId
 */
function yearOfRoutes(userId) {
  const now = Date.now();
  return Array.from({ length: ROUTES }, (_, index) => {
    const day = new Date(now - Math.floor(index * 1.2) * DAY_MS);
    const group =
      index % 30 < 4
        ? `00000000-0000-4000-8000-${String(Math.floor(index / 30)).padStart(12, '0')}`
        : null;
    return {
      user_id: userId,
      title: group
        ? `${day.toDateString()} — Driver ${(index % 30) + 1}`
        : `Deliveries ${day.toDateString()}`,
      stops: Array.from({ length: STOPS_PER_ROUTE }, (_, stop) => ({
        name: `${stop + 1} Rue de la République, ${69001 + (stop % 9)} Lyon, Auvergne-Rhône-Alpes, France`,
        lat: Math.round((45.7 + ((index * 7 + stop * 13) % 100) / 1000) * 1e6) / 1e6,
        lng: Math.round((4.8 + ((index * 11 + stop * 17) % 100) / 1000) * 1e6) / 1e6,
      })),
      total_distance: 40_000 + ((index * 7919) % 60_000),
      total_duration: 5_400 + ((index * 104_729) % 7_200),
      created_at: new Date(day.getTime() - index).toISOString(),
      // Every row names the same columns (the Data API inserts them together).
      day_group: group,
      day_plan: group
        ? { departure: `${day.toISOString().slice(0, 10)}T08:00+01:00`, timeZone: 'Europe/Paris' }
        : null,
    };
  });
}

/**
 * @param {string} url
 * @param {RequestInit} init
 * @returns {Promise<unknown>}
 */
async function send(url, init) {
  const response = await fetch(url, init);
  const text = await response.text();
  if (!response.ok) throw new Error(`${url}: ${response.status} ${text.slice(0, 300)}`);
  return text ? /** @type {unknown} */ (JSON.parse(text)) : null;
}

/** Marks, in the page, when the first route card is painted and when My Routes was tapped. */
function recordFirstCards() {
  const page = /** @type {Window & typeof globalThis} */ (globalThis);
  const { document } = page;
  /** @type {{tap: number | null, firstCards: number | null}} */
  const record = { tap: null, firstCards: null };
  Object.assign(globalThis, { __myRoutes: record });
  let seen = false;
  new MutationObserver(() => {
    if (seen || !document.querySelector('.route-card')) return;
    seen = true;
    // Painted: the frame after the card is in the page.
    page.requestAnimationFrame(() => setTimeout(() => (record.firstCards = performance.now()), 0));
  }).observe(document, { childList: true, subtree: true });
  document.addEventListener(
    'click',
    (event) => {
      const target = /** @type {Element | null} */ (event.target);
      if (target?.closest?.('a[href="/dashboard"]')) record.tap = performance.now();
    },
    true,
  );
}

/**
 * @param {import('@playwright/test').Page} tab
 * @returns {Promise<{tap: number | null, firstCards: number | null}>}
 */
async function firstCards(tab) {
  await tab.waitForFunction(
    () => Reflect.get(Reflect.get(globalThis, '__myRoutes'), 'firstCards') !== null,
    undefined,
    { timeout: 120_000 },
  );
  /** @type {unknown} */
  const record = await tab.evaluate(() => {
    /** @type {unknown} */
    const recorded = Reflect.get(globalThis, '__myRoutes');
    return recorded;
  });
  return /** @type {{tap: number | null, firstCards: number | null}} */ (record);
}

const product = await startProduct({ name: 'my-routes', minify: !PROFILE });
const { baseUrl } = product;
const browser = await launchChromium();
let failed = false;
try {
  const { token, user } = /** @type {{token: string, user: {id: string}}} */ (
    await send(`${baseUrl}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
    })
  );
  // Straight into the table through the Data API, as the user (row-level security applies).
  const rows = yearOfRoutes(user.id);
  for (let from = 0; from < rows.length; from += 50) {
    await send(`${baseUrl}/rest/v1/itineraries`, {
      method: 'POST',
      headers: {
        apikey: localKeys.publishableKey,
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        prefer: 'return=minimal',
      },
      body: JSON.stringify(rows.slice(from, from + 50)),
    });
  }
  const session = await send(`${baseUrl}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: localKeys.publishableKey, 'content-type': 'application/json' },
    body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
  });
  // supabase-js's storage key for this origin (src/lib/supabase.ts): 'sb-127-auth-token'.
  const storageKey = `sb-${new URL(baseUrl).hostname.split('.')[0]}-auth-token`;

  const whole = await fetch(`${baseUrl}/api/itineraries`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const wholeBody = Buffer.from(await whole.arrayBuffer());
  /** @type {unknown} */
  const wholeList = JSON.parse(wholeBody.toString('utf8'));
  const wholeCount = Array.isArray(wholeList) ? wholeList.length : 0;
  if (wholeCount !== ROUTES) throw new Error(`expected ${ROUTES} routes, found ${wholeCount}`);

  /**
   * A phone with the user signed in (the session supabase-js keeps on the device). Returning:
   * the app was opened on it before, and its service worker holds the app's code (its precache
   * has My Routes' page); otherwise a first visit, with nothing stored but the session.
   * @param {{returning: boolean}} options
   */
  async function openPhone({ returning }) {
    const context = await browser.newContext({
      locale: 'en-US',
      serviceWorkers: returning ? 'allow' : 'block',
      ...PHONE,
    });
    await keepLocal(context, baseUrl);
    await context.addInitScript(
      ([key, value]) => {
        localStorage.setItem('i18nextLng', 'en');
        localStorage.setItem(key, value);
      },
      [storageKey, JSON.stringify(session)],
    );
    await context.addInitScript(recordFirstCards);
    /** @type {Buffer[]} */
    const answers = [];
    context.on('response', (response) => {
      if (new URL(response.url()).pathname === '/api/itineraries')
        void response.body().then(
          (body) => answers.push(body),
          () => undefined,
        );
    });
    if (returning) {
      const visit = await context.newPage();
      await visit.goto(`${baseUrl}/plan`);
      await visit.waitForFunction(
        async () =>
          Boolean((await navigator.serviceWorker.ready).active) &&
          navigator.serviceWorker.controller !== null,
        undefined,
        { timeout: 60_000 },
      );
      await visit.waitForLoadState('networkidle');
      await visit.close();
    }
    const tab = await context.newPage();
    const cdp = await context.newCDPSession(tab);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', FAST_3G);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE_CPU_SLOWDOWN });
    return { context, tab, cdp, answers };
  }

  /** @type {number[]} */
  const taps = [];
  /** @type {number[]} */
  const colds = [];
  /** @type {number[]} */
  const firstData = [];
  for (let run = 0; run < RUNS; run += 1) {
    {
      const { context, tab, cdp } = await openPhone({ returning: true });
      await tab.goto(`${baseUrl}/plan`, { waitUntil: 'load', timeout: 120_000 });
      // Hydrated: the planner's form is disabled in the build's HTML until React has taken it.
      await tab.locator('fieldset.planner__form:not([disabled])').waitFor({ timeout: 120_000 });
      await tab.waitForLoadState('networkidle', { timeout: 120_000 });
      if (PROFILE) {
        await cdp.send('Profiler.enable');
        await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
        await cdp.send('Profiler.start');
      }
      await tab.locator('a[href="/dashboard"]:visible').first().click();
      const { tap, firstCards: shown } = await firstCards(tab);
      if (PROFILE) {
        const { profile } = await cdp.send('Profiler.stop');
        console.log(`profile  run ${run + 1}, from the tap to the first cards (self time):`);
        for (const [where, ms] of topFunctions(profile, 25))
          console.log(`  ${ms.toFixed(1).padStart(7)} ms  ${where}`);
      }
      if (tap === null || shown === null) throw new Error('the tap or the first cards went unseen');
      taps.push(shown - tap);
      if (TRACE) {
        const entries = await tab.evaluate(
          (since) =>
            performance
              .getEntriesByType('resource')
              .filter((entry) => entry.startTime >= since)
              .map((entry) => [entry.name, entry.startTime - since, entry.duration]),
          tap,
        );
        for (const [name, start, duration] of entries)
          console.log(
            `  +${Number(start).toFixed(0)} ms ${Number(duration).toFixed(0)} ms ${name}`,
          );
      }
      await context.close();
    }
    {
      const { context, tab, answers } = await openPhone({ returning: false });
      await tab.goto(`${baseUrl}/dashboard`, { waitUntil: 'commit', timeout: 120_000 });
      const { firstCards: shown } = await firstCards(tab);
      if (shown === null) throw new Error('the first cards went unseen');
      colds.push(shown);
      firstData.push(answers.reduce((sum, body) => sum + body.length, 0));
      await context.close();
    }
  }

  // The whole year, scrolled to its end (once, without the phone's slowdowns).
  const year = await browser.newContext({ locale: 'en-US', serviceWorkers: 'block', ...PHONE });
  await keepLocal(year, baseUrl);
  await year.addInitScript(
    ([key, value]) => {
      localStorage.setItem('i18nextLng', 'en');
      localStorage.setItem(key, value);
    },
    [storageKey, JSON.stringify(session)],
  );
  /** @type {Buffer[]} */
  const yearAnswers = [];
  year.on('response', (response) => {
    if (new URL(response.url()).pathname === '/api/itineraries')
      void response.body().then(
        (body) => yearAnswers.push(body),
        () => undefined,
      );
  });
  const yearTab = await year.newPage();
  await yearTab.goto(`${baseUrl}/dashboard`);
  await yearTab.locator('.route-card').first().waitFor();
  // The end of the list (its 'Show more routes' button, 'Loading more routes...' while it loads).
  const more = yearTab.locator('.dashboard__more');
  const cards = yearTab.locator('.route-card');
  while ((await cards.count()) < ROUTES) {
    // The end of the list comes near the screen: the next page is asked for.
    if ((await more.count()) > 0)
      await more.scrollIntoViewIfNeeded({ timeout: 5000 }).catch(() => undefined);
    else {
      // The last page's cards follow the end of the list in a render of their own.
      const shown = await cards.count();
      await yearTab
        .waitForFunction(
          ([selector, least]) => globalThis.document.querySelectorAll(selector).length > least,
          /** @type {[string, number]} */ (['.route-card', shown]),
          { timeout: 5000 },
        )
        .catch(() => {
          throw new Error(`the list ended at ${shown} of ${ROUTES} routes`);
        });
    }
    await yearTab.waitForTimeout(50);
  }
  await yearTab.waitForLoadState('networkidle');
  const yearBytes = yearAnswers.reduce((sum, body) => sum + body.length, 0);
  const yearGzip = yearAnswers.reduce((sum, body) => sum + gzipSync(body).length, 0);
  await year.close();

  const tapMs = median(taps);
  const dataKb = median(firstData) / 1024;
  const tapMet = tapMs <= TARGET_FIRST_CARDS_MS;
  const dataMet = dataKb <= TARGET_DATA_KB;
  failed = !tapMet || !dataMet;
  const list = (/** @type {number[]} */ values) => values.map((v) => v.toFixed(0)).join(' ');
  console.log(
    `My Routes with ${ROUTES} routes of ${STOPS_PER_ROUTE} stops, CPU ${PHONE_CPU_SLOWDOWN}x, fast 3G, median of ${RUNS} (${await loadAverage()})`,
  );
  console.log(
    `my-routes  first-cards-after-tap  median=${tapMs.toFixed(0)}ms  (runs ${list(taps)})  target<=${TARGET_FIRST_CARDS_MS}ms  ${tapMet ? 'ok' : 'MISSED'}`,
  );
  console.log(
    `my-routes  first-cards-cold-visit  median=${median(colds).toFixed(0)}ms  (runs ${list(colds)}; the app's code included)`,
  );
  console.log(
    `my-routes  data-of-first-cards  ${dataKb.toFixed(1)}KB  target<=${TARGET_DATA_KB}KB  ${dataMet ? 'ok' : 'MISSED'}`,
  );
  console.log(
    `my-routes  data-of-the-whole-year  ${(yearBytes / 1024).toFixed(1)}KB (${(yearGzip / 1024).toFixed(1)}KB gzipped) in ${yearAnswers.length} pages`,
  );
  console.log(
    `my-routes  the-whole-list-with-stops  ${(wholeBody.length / 1024 / 1024).toFixed(2)}MB (${(gzipSync(wholeBody).length / 1024).toFixed(0)}KB gzipped) in one answer`,
  );
} catch (error) {
  console.error(error);
  failed = true;
} finally {
  await browser.close();
  await product.close();
}
process.exit(failed ? 1 : 0);
