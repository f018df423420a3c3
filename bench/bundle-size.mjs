// Page weight and Core Web Vitals, against the production build with the local stack behind it
// (bench/support/product.mjs), in Debian's Chromium.
//
// 1. Weight: every page, for an anonymous visitor (protected pages with the guest flag, as a
//    visitor who chose 'Continue as Guest' opens them) and for a signed-in user (a session made
//    by signing in through the login page once, its storage state reused by every page): the
//    gzipped JavaScript the page loaded (its workers included) until it was idle (no request in
//    flight for a second). The service worker is blocked here; it is measured in 3.
// 2. Core Web Vitals on a simulated mid-range phone: the landing page and the planner (anonymous
//    and signed in, empty and with a 50-stop draft), My Routes, the shared route, the
//    navigation page, the driver's page, the board and the tracking page, served over HTTP/2 as a static host serves them (support/http2-proxy.mjs;
//    the preview server's HTTP/1.1 makes the seventh file at once wait for one of six
//    connections). CPU 4x slowdown (Emulation.setCPUThrottlingRate) and DevTools' fast-3G
//    profile (Network.emulateNetworkConditions: 562.5 ms round trip, 1.44 Mbit/s down,
//    675 kbit/s up), a cold cache, a 412 x 823 screen; then the same at 8x (a slower phone),
//    printed without a target. LCP is the last largest-contentful-paint entry; TBT is the sum
//    over the long tasks after the first contentful paint, until the page is idle, of their time
//    beyond 50 ms (Lighthouse's definition, with 'idle' instead of its time-to-interactive); CLS
//    is the largest session window of layout-shift entries without recent input (shifts less
//    than 1 s apart, a window at most 5 s long: web-vitals' definition). Each figure is the
//    median of --runs runs (default 5). These figures follow the machine's load: the load
//    average is printed with them.
// 3. The first visit: the landing page's JavaScript plus everything the service worker stores on
//    installing (its precache and what the page has it cache at once, read from every cache once
//    the network is quiet; each file's gzipped size).
//
// Targets (exit code 1 when one is missed): landing <= 120 KB; planner <= 230 KB anonymous and
// <= 250 KB signed in (also the planner in edit mode, /edit-route/:id, and a page that sends the
// visitor to the planner: Sign In and Register when signed in); every other page <= 250 KB;
// at 4x: LCP <= 2.5 s, TBT <= 200 ms and CLS <= 0.1 for every page of 2; precache <= 250 KB.
//
// Flags: --files lists each page's scripts; --runs N; --weight-only skips 2; --pages a,b measures
// only those pages (quick checks while working on the bundle); in 2, --tasks prints each run's
// first paint, long tasks, layout shifts and requests, --cpu N (at least 1: none) runs at that
// CPU slowdown only, unchecked unless it is 4, and --http1 times the pages over the preview
// server's HTTP/1.1 (to compare).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
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
import { startHttp2Proxy } from './support/http2-proxy.mjs';

const TARGET_KB = { landing: 120, planner: { anonymous: 230, signedIn: 250 }, other: 250 };
const TARGET_LCP_MS = 2500;
const TARGET_TBT_MS = 200;
const TARGET_CLS = 0.1;
const TARGET_PRECACHE_KB = 250;

/** @typedef {{route: string, share: string, drive: string, track: string}} Ids */
/** @typedef {'anonymous' | 'signedIn'} State */
/**
 * @typedef {object} PageSpec
 * @property {string} name
 * @property {(ids: Ids) => string} path
 * @property {State[]} [timed] the states whose Core Web Vitals are measured too
 * @property {'planner'} [targetOf] held to that page's target (the same page in another mode)
 * @property {boolean} [draft] visited with a 50-stop draft on the device (Core Web Vitals only)
 */

const BOTH = /** @type {State[]} */ (['anonymous', 'signedIn']);

/** @type {PageSpec[]} */
const PAGES = [
  { name: 'landing', path: () => '/', timed: BOTH },
  { name: 'planner', path: () => '/plan', timed: BOTH },
  { name: 'planner-draft', path: () => '/plan', timed: BOTH, draft: true },
  // The planner with a saved route (the same page, in edit mode): the planner's targets.
  { name: 'edit-route', path: (ids) => `/edit-route/${ids.route}`, targetOf: 'planner' },
  { name: 'dashboard', path: () => '/dashboard', timed: ['signedIn'] },
  { name: 'navigation', path: (ids) => `/waze-route/${ids.route}`, timed: ['signedIn'] },
  { name: 'shared-route', path: (ids) => `/share/${ids.share}`, timed: ['anonymous'] },
  // A driver's phone opening a driver link (no account): paint and blocking time too.
  { name: 'drive', path: (ids) => `/drive/${ids.drive}`, timed: ['anonymous'] },
  { name: 'board', path: (ids) => `/board/route/${ids.route}`, timed: ['signedIn'] },
  // A customer's phone opening the tracking link of a stop (no account).
  { name: 'track', path: (ids) => `/track/${ids.track}`, timed: ['anonymous'] },
  { name: 'account', path: () => '/account' },
  { name: 'login', path: () => '/login' },
  { name: 'register', path: () => '/register' },
  { name: 'forgot-password', path: () => '/forgot-password' },
  { name: 'reset-password', path: () => '/reset-password' },
  { name: 'account-deleted', path: () => '/account/deleted' },
  { name: 'privacy', path: () => '/privacy' },
  { name: 'terms', path: () => '/terms' },
  { name: 'notice', path: () => '/notice' },
];
/** Pages that need a signed-in user or the guest flag (src/app/router.tsx). */
const PROTECTED = new Set(['edit-route', 'dashboard', 'navigation', 'board', 'account']);

/**
 * The target of the page a visit ends on: the page's own, or the planner's for the planner in
 * edit mode and for a page that sent the visitor there (a signed-in user opening Sign In).
 * @param {PageSpec} page
 * @param {string} shownPath where the visit ended
 * @param {State} state
 */
function targetOf(page, shownPath, state) {
  const shown = shownPath === '/plan' ? 'planner' : (page.targetOf ?? page.name);
  return targetKb(shown, state);
}

/**
 * @param {string} page
 * @param {State} state
 */
function targetKb(page, state) {
  if (page === 'landing') return TARGET_KB.landing;
  if (page === 'planner') return TARGET_KB.planner[state];
  return TARGET_KB.other;
}

const argument = (/** @type {string} */ name) => {
  const index = process.argv.indexOf(name);
  return index > 0 ? process.argv[index + 1] : undefined;
};
/**
 * The number after `name`, or `fallback` without the flag; stops the run on anything else.
 * @param {string} name
 * @param {number} fallback
 * @param {number} least
 */
function numberFlag(name, fallback, least) {
  if (!process.argv.includes(name)) return fallback;
  const value = Number(argument(name));
  if (Number.isFinite(value) && value >= least) return value;
  console.error(`${name} needs a number of at least ${least} (got ${argument(name) ?? 'none'})`);
  process.exit(2);
}
const showFiles = process.argv.includes('--files');
const weightOnly = process.argv.includes('--weight-only');
const showTasks = process.argv.includes('--tasks');
const RUNS = numberFlag('--runs', 5, 1);
/** The targets' phone: a CPU 4x slower than this machine's. */
const TARGET_CPU_SLOWDOWN = PHONE_CPU_SLOWDOWN;
/** A slower phone, printed without a target. */
const SLOW_CPU_SLOWDOWN = 8;
/** The CPU slowdowns of the Core Web Vitals runs (1: none; Chromium ignores a rate below 1). */
const CPU_SLOWDOWNS = process.argv.includes('--cpu')
  ? [numberFlag('--cpu', TARGET_CPU_SLOWDOWN, 1)]
  : [TARGET_CPU_SLOWDOWN, SLOW_CPU_SLOWDOWN];
const only = argument('--pages')?.split(',');
const pages = only ? PAGES.filter((page) => only.includes(page.name)) : PAGES;

const STOPS = [
  { name: 'Paris, Île-de-France, France', lat: 48.8534951, lng: 2.3483915 },
  { name: 'Dijon, Côte-d’Or, France', lat: 47.3215806, lng: 5.0414701 },
  { name: 'Lyon, Métropole de Lyon, France', lat: 45.764043, lng: 4.835659 },
];
/** The draft of 'planner-draft': 50 stops around Paris, the same on every run. */
const DRAFT_STOPS = Array.from({ length: 50 }, (_, index) => ({
  name: `Stop ${index + 1}, Paris, France`,
  lat: 48.8 + ((index * 37) % 50) / 500,
  lng: 2.25 + ((index * 23) % 50) / 250,
}));
const EMAIL = `bench-${Date.now()}@example.com`;
const PASSWORD = 'bench-password';

/**
 * A JSON call to the product's /api; the answer's fields as strings.
 * @param {string} url
 * @param {RequestInit & {token?: string}} init
 * @returns {Promise<Record<string, string>>}
 */
async function api(url, { token, ...init }) {
  const response = await fetch(url, {
    ...init,
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${url}: ${response.status} ${text}`);
  /** @type {unknown} */
  const parsed = JSON.parse(text);
  const body = /** @type {Record<string, unknown>} */ (parsed);
  /** @type {Record<string, string>} */
  const strings = {};
  for (const [key, value] of Object.entries(body))
    if (typeof value === 'string') strings[key] = value;
  return strings;
}

/**
 * Waits until no request has been in flight for `quietMs`.
 * @param {import('@playwright/test').Page} tab
 * @param {{inFlight: number, lastChange: number}} network
 */
async function idle(tab, network, quietMs = 1000, timeoutMs = 60_000) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (network.inFlight === 0 && Date.now() - network.lastChange >= quietMs) return;
    await tab.waitForTimeout(100);
  }
  throw new Error(`${tab.url()} was not idle after ${timeoutMs} ms`);
}

/**
 * Counts the page's requests in flight (its workers' included).
 * @param {import('@playwright/test').BrowserContext} context
 */
function followNetwork(context) {
  const network = { inFlight: 0, lastChange: Date.now() };
  context.on('request', () => {
    network.inFlight += 1;
    network.lastChange = Date.now();
  });
  const done = () => {
    network.inFlight -= 1;
    network.lastChange = Date.now();
  };
  context.on('requestfinished', done);
  context.on('requestfailed', done);
  return network;
}

const isScript = (/** @type {import('@playwright/test').Response} */ response) =>
  /javascript/.test(response.headers()['content-type'] ?? '') ||
  /\.m?js$/.test(new URL(response.url()).pathname);

/**
 * @typedef {object} Vitals
 * @property {number} lcp ms
 * @property {number} fcp ms
 * @property {number} tbt ms
 * @property {number} cls
 * @property {[number, number][]} tasks each long task's start and duration (ms)
 * @property {[number, number][]} shifts each layout shift's time (ms) and value
 * @property {{url: string, start: number, end: number | null}[]} requests each request's start
 *   and end (ms since the page's own request; --tasks prints them)
 */

/**
 * CLS: the largest sum of a session window of layout shifts (each less than 1 s after the one
 * before, the window at most 5 s long).
 * @param {[number, number][]} shifts time (ms) and value, in time order
 */
function cumulativeLayoutShift(shifts) {
  let largest = 0;
  let sum = 0;
  let first = -Infinity;
  let last = -Infinity;
  for (const [time, value] of shifts) {
    if (time - last < 1000 && time - first < 5000) sum += value;
    else {
      sum = value;
      first = time;
    }
    last = time;
    largest = Math.max(largest, sum);
  }
  return largest;
}

/**
 * --tasks: one run's first paint, long tasks and layout shifts.
 * @param {PageSpec} page
 * @param {State} state
 * @param {number} run
 * @param {Vitals} vitals
 */
function printRun(page, state, run, { fcp, lcp, tasks, shifts, requests }) {
  const long = tasks.map(([start, duration]) => `${start.toFixed(0)}+${duration.toFixed(0)}`);
  const moved = shifts.map(([time, value]) => `${time.toFixed(0)}:${value.toFixed(3)}`);
  console.log(
    `  ${page.name} ${state} run ${run + 1}: fcp ${fcp.toFixed(0)} ms, lcp ${lcp.toFixed(0)} ms, long tasks ` +
      `(start+duration ms): ${long.join(' ') || 'none'}; layout shifts (ms:value): ${moved.join(' ') || 'none'}`,
  );
  for (const request of requests)
    console.log(
      `      ${request.start.toFixed(0).padStart(5)}–${request.end === null ? '…' : request.end.toFixed(0).padStart(5)} ms  ${request.url}`,
    );
}

const product = await startProduct({ name: 'page-weight' });
const { baseUrl, outDir } = product;
// The Core Web Vitals over HTTP/2, as a static host serves the product (support/http2-proxy.mjs);
// --http1: from the preview server itself, to compare.
const secure = process.argv.includes('--http1') ? null : await startHttp2Proxy(baseUrl);
const timedUrl = secure?.url ?? baseUrl;
const browser = await launchChromium();
let failed = false;
/** @type {Record<State, Record<string, number>>} */
const weights = { anonymous: {}, signedIn: {} };
/** @type {Record<State, Record<string, number>>} */
const targets = { anonymous: {}, signedIn: {} };
/** @type {Record<State, Record<string, string>>} */
const shownPaths = { anonymous: {}, signedIn: {} };
try {
  // A user with one saved route, its share link and its driver link.
  const { token } = await api(`${baseUrl}/api/auth/register`, {
    method: 'POST',
    body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
  });
  const { id: route } = await api(`${baseUrl}/api/itineraries`, {
    method: 'POST',
    token,
    body: JSON.stringify({ title: 'Benchmark round', stops: STOPS }),
  });
  const { shareUrl } = await api(`${baseUrl}/api/itineraries/${route}/share`, {
    method: 'POST',
    token,
  });
  const { driverUrl } = await api(`${baseUrl}/api/itineraries/${route}/driver-link`, {
    method: 'POST',
    token,
  });
  const saved = await fetch(`${baseUrl}/api/itineraries/${route}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (!saved.ok) throw new Error(`GET /api/itineraries/${route}: ${saved.status}`);
  /** @type {unknown} */
  const savedBody = await saved.json();
  const { stops } = /** @type {{stops: {id: string}[]}} */ (savedBody);
  const { trackingUrl } = await api(
    `${baseUrl}/api/itineraries/${route}/stops/${stops[1].id}/tracking-link`,
    { method: 'POST', token },
  );
  /** @type {Ids} */
  const ids = {
    route,
    share: new URL(shareUrl).pathname.split('/').pop() ?? '',
    drive: new URL(driverUrl).pathname.split('/').pop() ?? '',
    track: new URL(trackingUrl).pathname.split('/').pop() ?? '',
  };

  // Signed in through the page once, as a user would; every signed-in page reuses that state.
  const signingIn = await browser.newContext({ locale: 'en-US', serviceWorkers: 'block' });
  await keepLocal(signingIn, baseUrl);
  await signingIn.addInitScript(() => localStorage.setItem('i18nextLng', 'en'));
  const loginTab = await signingIn.newPage();
  await loginTab.goto(`${baseUrl}/login`);
  await loginTab.getByLabel('Email').fill(EMAIL);
  await loginTab.getByLabel('Password').fill(PASSWORD);
  await loginTab.getByRole('button', { name: 'Sign In' }).click();
  await loginTab.waitForURL(/\/plan$/);
  const signedInState = await signingIn.storageState();
  await signingIn.close();
  if (
    !signedInState.origins.some((origin) =>
      origin.localStorage.some((item) => /^sb-.*-auth-token$/.test(item.name)),
    )
  )
    throw new Error('signing in left no session on the device');

  /**
   * @param {State} state
   * @param {PageSpec} page
   * @param {Partial<import('@playwright/test').BrowserContextOptions>} [options]
   * @param {string} [origin] where the page is opened: the preview server, or its HTTP/2 proxy
   */
  async function openContext(state, page, options = {}, origin = baseUrl) {
    // The session stored at the origin it was made at, moved to `origin`.
    const storageState = {
      ...signedInState,
      origins: signedInState.origins.map((stored) => ({ ...stored, origin })),
    };
    const context = await browser.newContext({
      locale: 'en-US',
      serviceWorkers: 'block',
      ...(state === 'signedIn' ? { storageState } : {}),
      ...options,
    });
    await keepLocal(context, origin);
    const guest = state === 'anonymous' && PROTECTED.has(page.name);
    const draft = page.draft ? JSON.stringify({ title: 'Fifty stops', stops: DRAFT_STOPS }) : null;
    await context.addInitScript(([asGuest, draftText]) => {
      localStorage.setItem('i18nextLng', 'en');
      if (asGuest) localStorage.setItem('guestMode', 'true');
      if (draftText && !localStorage.getItem('routeDraft'))
        localStorage.setItem('routeDraft', draftText);
    }, /** @type {[boolean, string | null]} */ ([guest, draft]));
    return context;
  }

  /**
   * One cold visit of `page` on the phone at `cpu`x: its LCP, TBT and CLS (see 2 above).
   * @param {PageSpec} page
   * @param {State} state
   * @param {number} cpu
   * @returns {Promise<Vitals>}
   */
  async function measureVitals(page, state, cpu) {
    const context = await openContext(state, page, { ...PHONE, ignoreHTTPSErrors: true }, timedUrl);
    const network = followNetwork(context);
    await context.addInitScript(() => {
      /** @type {{lcp: number, fcp: number, tasks: [number, number][], shifts: [number, number][]}} */
      const record = { lcp: 0, fcp: 0, tasks: [], shifts: [] };
      Object.assign(globalThis, { __pageTiming: record });
      const observe = (
        /** @type {string} */ type,
        /** @type {(entry: PerformanceEntry) => void} */ take,
      ) =>
        new PerformanceObserver((list) => list.getEntries().forEach(take)).observe({
          type,
          buffered: true,
        });
      observe('largest-contentful-paint', (entry) => (record.lcp = entry.startTime));
      observe('paint', (entry) => {
        if (entry.name === 'first-contentful-paint') record.fcp = entry.startTime;
      });
      observe('longtask', (entry) => record.tasks.push([entry.startTime, entry.duration]));
      observe('layout-shift', (entry) => {
        const shift = /** @type {PerformanceEntry & {value: number, hadRecentInput: boolean}} */ (
          entry
        );
        if (!shift.hadRecentInput) record.shifts.push([shift.startTime, shift.value]);
      });
    });
    const tab = await context.newPage();
    const cdp = await context.newCDPSession(tab);
    // --tasks: each request's start and end (ms since the page's request was sent).
    /** @type {Map<string, {url: string, start: number, end: number | null}>} */
    const requests = new Map();
    let sentAt = 0;
    cdp.on('Network.requestWillBeSent', ({ requestId, request, timestamp }) => {
      sentAt ||= timestamp;
      const url = request.url.replace(timedUrl, '');
      requests.set(requestId, { url, start: (timestamp - sentAt) * 1000, end: null });
    });
    cdp.on('Network.loadingFinished', ({ requestId, timestamp }) => {
      const request = requests.get(requestId);
      if (request) request.end = (timestamp - sentAt) * 1000;
    });
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', FAST_3G);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
    await tab.goto(`${timedUrl}${page.path(ids)}`, { waitUntil: 'load', timeout: 120_000 });
    await idle(tab, network, 2000, 120_000);
    const timing = await tab.evaluate(() => {
      /** @type {unknown} */
      const recorded = Reflect.get(globalThis, '__pageTiming');
      return recorded;
    });
    await context.close();
    const { lcp, fcp, tasks, shifts } =
      /** @type {{lcp: number, fcp: number, tasks: [number, number][], shifts: [number, number][]}} */ (
        timing
      );
    const tbt = tasks.reduce((sum, [start, duration]) => {
      const counted = start + duration - Math.max(start, fcp);
      return sum + Math.max(0, counted - 50);
    }, 0);
    return {
      lcp,
      fcp,
      tbt,
      cls: cumulativeLayoutShift(shifts),
      tasks,
      shifts,
      requests: [...requests.values()],
    };
  }

  // 1. Weight.
  console.log('page weight: gzipped JavaScript loaded until idle (KB)');
  console.log(`  ${'page'.padEnd(16)}${'anonymous'.padStart(11)}${'signed in'.padStart(11)}`);
  for (const page of pages.filter((candidate) => !candidate.draft)) {
    /** @type {string[]} */
    const cells = [];
    /** @type {string[]} */
    const listing = [];
    for (const state of /** @type {State[]} */ (['anonymous', 'signedIn'])) {
      const context = await openContext(state, page);
      const network = followNetwork(context);
      /** @type {Map<string, Promise<number>>} */
      const scripts = new Map();
      context.on('response', (response) => {
        if (!response.ok() || !isScript(response) || !response.url().startsWith(baseUrl)) return;
        scripts.set(
          response.url(),
          response.body().then((body) => gzipSync(body).length),
        );
      });
      const tab = await context.newPage();
      await tab.goto(`${baseUrl}${page.path(ids)}`, { waitUntil: 'load' });
      await idle(tab, network);
      const kb = (await Promise.all(scripts.values())).reduce((sum, size) => sum + size, 0) / 1024;
      weights[state][page.name] = kb;
      const shownPath = new URL(tab.url()).pathname;
      shownPaths[state][page.name] = shownPath;
      const target = targetOf(page, shownPath, state);
      targets[state][page.name] = target;
      const met = kb <= target;
      failed ||= !met;
      cells.push(`${kb.toFixed(1)}${met ? ' ' : '!'}`.padStart(11));
      if (showFiles) {
        listing.push(`    ${state} (${new URL(tab.url()).pathname}):`);
        for (const [url, size] of scripts)
          listing.push(
            `      ${((await size) / 1024).toFixed(1).padStart(6)}  ${new URL(url).pathname}`,
          );
      }
      await context.close();
    }
    console.log(`  ${page.name.padEnd(16)}${cells.join('')}`);
    for (const line of listing) console.log(line);
  }
  for (const state of BOTH) {
    for (const page of pages.filter((candidate) => !candidate.draft)) {
      const kb = weights[state][page.name];
      const target = targets[state][page.name];
      const shownPath = shownPaths[state][page.name];
      const sent =
        shownPath !== new URL(page.path(ids), baseUrl).pathname ? `  (-> ${shownPath})` : '';
      console.log(
        `bundle  ${page.name.padEnd(16)} ${state.padEnd(9)}  js-gzip=${kb.toFixed(1)}KB  target<=${target}KB  ${kb <= target ? 'ok' : 'MISSED'}${sent}`,
      );
    }
  }

  // 2. Core Web Vitals on a phone.
  if (!weightOnly) {
    for (const cpu of CPU_SLOWDOWNS) {
      const checked = cpu === TARGET_CPU_SLOWDOWN;
      console.log(
        `core web vitals: CPU ${cpu}x, fast 3G, median of ${RUNS} (${await loadAverage()})${checked ? '' : `: the targets are set at ${TARGET_CPU_SLOWDOWN}x, not checked`}`,
      );
      for (const page of pages) {
        for (const state of page.timed ?? []) {
          /** @type {Vitals[]} */
          const runs = [];
          for (let run = 0; run < RUNS; run += 1) {
            const vitals = await measureVitals(page, state, cpu);
            runs.push(vitals);
            if (showTasks) printRun(page, state, run, vitals);
          }
          const lcp = median(runs.map((vitals) => vitals.lcp));
          const tbt = median(runs.map((vitals) => vitals.tbt));
          const cls = median(runs.map((vitals) => vitals.cls));
          const met = lcp > 0 && lcp <= TARGET_LCP_MS && tbt <= TARGET_TBT_MS && cls <= TARGET_CLS;
          // No paint at all is a failed measurement at any slowdown.
          failed ||= checked ? !met : lcp <= 0;
          const verdict = checked ? (met ? 'ok' : 'MISSED') : 'not checked';
          const list = (/** @type {(vitals: Vitals) => string} */ format) =>
            runs.map(format).join(' ');
          console.log(
            `vitals  ${page.name.padEnd(16)} ${state.padEnd(9)} ${cpu}x  lcp=${(lcp / 1000).toFixed(2)}s  tbt=${tbt.toFixed(0)}ms  cls=${cls.toFixed(3)}  (runs: lcp ${list((v) => (v.lcp / 1000).toFixed(2))}; tbt ${list((v) => v.tbt.toFixed(0))}; cls ${list((v) => v.cls.toFixed(3))})  target lcp<=${TARGET_LCP_MS / 1000}s tbt<=${TARGET_TBT_MS}ms cls<=${TARGET_CLS} at ${TARGET_CPU_SLOWDOWN}x  ${verdict}`,
          );
        }
      }
      console.log(`  (${await loadAverage()})`);
    }
  }

  // 3. The first visit: the landing page, then what the service worker stores on installing (its
  //    precache, and what the page has it cache at once: the files loaded before it took control
  //    and the interface language's texts), read from every cache once the network is quiet.
  const visit = await browser.newContext({ locale: 'en-US', serviceWorkers: 'allow' });
  await keepLocal(visit, baseUrl);
  await visit.addInitScript(() => localStorage.setItem('i18nextLng', 'en'));
  const visitNetwork = followNetwork(visit);
  const tab = await visit.newPage();
  await tab.goto(`${baseUrl}/`);
  await tab.waitForFunction(
    async () =>
      Boolean((await navigator.serviceWorker.ready).active) &&
      navigator.serviceWorker.controller !== null,
    undefined,
    { timeout: 60_000 },
  );
  await idle(tab, visitNetwork, 2000);
  const cached = await tab.evaluate(async () => {
    /** @type {string[]} */
    const urls = [];
    for (const name of await globalThis.caches.keys()) {
      const cache = await globalThis.caches.open(name);
      for (const request of await cache.keys()) urls.push(request.url);
    }
    return urls;
  });
  await visit.close();
  let precacheBytes = 0;
  /** @type {[string, number][]} */
  const precached = [];
  for (const url of new Set(cached.map((cachedUrl) => new URL(cachedUrl).pathname))) {
    const file = decodeURIComponent(url);
    const size = gzipSync(readFileSync(path.join(outDir, file))).length;
    precacheBytes += size;
    precached.push([file, size]);
  }
  const precacheKb = precacheBytes / 1024;
  const met = precacheKb <= TARGET_PRECACHE_KB && precached.length > 0;
  failed ||= !met;
  console.log(
    `precache  files=${precached.length}  gzip=${precacheKb.toFixed(1)}KB  target<=${TARGET_PRECACHE_KB}KB  ${met ? 'ok' : 'MISSED'}`,
  );
  if (showFiles) {
    for (const [file, size] of precached.sort((a, b) => b[1] - a[1]))
      console.log(`          ${(size / 1024).toFixed(1).padStart(6)}KB  ${file}`);
  }
  const landingKb = weights.anonymous.landing;
  console.log(
    landingKb === undefined
      ? 'first-visit  (the landing page is not among --pages)'
      : `first-visit  landing-js=${landingKb.toFixed(1)}KB + precache=${precacheKb.toFixed(1)}KB = ${(landingKb + precacheKb).toFixed(1)}KB`,
  );
} catch (error) {
  failed = true;
  console.error('page-weight benchmark failed:', error);
} finally {
  await browser.close();
  await secure?.close();
  await product.close();
}
process.exit(failed ? 1 : 0);
