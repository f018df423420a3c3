// Load test of the local stack on loopback (npm run bench:load): the itinerary list,
// get, create and the shared view under 50 concurrent clients (autocannon), then
// geocoding bursts of 100 concurrent searches for the same and for different texts,
// counting what reaches the (fake) upstream. The stack runs the production defaults:
// 1 upstream request per second, 60 requests per minute per client, 8 s timeouts.
//
//   npm run bench:load                        30 s per scenario, on a throwaway PostgreSQL 15
//                                             database (Debian's binaries), else on PGlite
//   LOAD_DURATION_S=10 npm run bench:load     shorter
//   DATABASE_URL=postgres://... npm run bench:load   on that Postgres (superuser URL)
//   LOAD_DATABASE=pglite npm run bench:load   on the embedded PGlite
//
// On Postgres the api function reads and writes itineraries over its own connection
// (API_DATABASE_URL, as the caller); on PGlite through @supabase/lite's Data API, which
// serves one request at a time in this process and is far slower (docs/performance.md).
//
// tests/load/*.test.ts run the same functions briefly. Only 127.0.0.1 is ever targeted,
// and every run is bounded in time and count.
import autocannon from 'autocannon';
import { mkdtemp, rm } from 'node:fs/promises';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { readFileSync } from 'node:fs';

const LOOPBACK = /^http:\/\/127\.0\.0\.1:\d+\//;
const MAX_DURATION_S = 120;
const MAX_CONNECTIONS = 200;

/**
 * @typedef {{nominatimUrl: string, osrmUrl: string, photonUrl: string, controlUrl: string}} FakeUrls
 *   the line tests/fakes/serve-child.mjs prints
 * @typedef {'nominatim' | 'osrm' | 'photon'} FakeName
 * @typedef {import('../tests/fakes/server.mjs').FakeMode} FakeMode
 * @typedef {import('../tests/fakes/server.mjs').ReceivedRequest} ReceivedRequest
 * @typedef {{url: string, method?: 'GET' | 'POST', headers?: Record<string, string>, body?: string,
 *   connections?: number, durationS?: number}} ScenarioOptions
 * @typedef {{requests: number, requestsPerSecond: number, p50: number, p95: number,
 *   p99: number, errors: number, non2xx: number}} ScenarioResult
 * @typedef {ScenarioResult & {name: string, cpuMsPerRequest: number | null}} ApiScenarioResult
 * @typedef {{reader: string, writer: string, itineraryId: string, shareToken: string}} LoadData
 *   two users' tokens, one of the reader's itineraries and its share token
 */

/**
 * The fake upstreams in their own process (tests/fakes/serve-child.mjs), so the arrival
 * times they record are not skewed by this process's busy event loop.
 */
async function startFakesProcess() {
  const child = spawn(
    process.execPath,
    [fileURLToPath(new URL('../tests/fakes/serve-child.mjs', import.meta.url))],
    {
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  const [line] = await Promise.race([
    /** @type {Promise<[string]>} */ (
      new Promise((resolve) =>
        createInterface({ input: child.stdout }).once('line', (text) => resolve([text])),
      )
    ),
    /** @type {Promise<never>} */ (
      new Promise((_, reject) =>
        child.once('exit', (code) => reject(new Error(`fakes exited (${code})`))),
      )
    ),
  ]);
  /** @type {unknown} */
  const parsed = JSON.parse(line);
  const urls = /** @type {FakeUrls} */ (parsed);
  /** @type {(pathName: string, init?: RequestInit) => Promise<unknown>} */
  const control = async (pathName, init) =>
    (await fetch(`${urls.controlUrl}${pathName}`, init)).json();
  return {
    ...urls,
    /** @param {FakeName} fake */
    requests: (fake) => /** @type {Promise<ReceivedRequest[]>} */ (control(`/${fake}/requests`)),
    /**
     * @param {FakeName} fake
     * @param {FakeMode} mode
     */
    setMode: (fake, mode) =>
      control(`/${fake}/mode`, { method: 'POST', body: JSON.stringify({ mode }) }),
    close: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * CPU time the stack has used so far, in ms: this process (gateway, Auth and Data API, and
 * PGlite when embedded) plus the Deno function (from /proc; Linux only, else null). Per
 * request, it shows what each request costs whatever else the machine is doing, where
 * latencies on a shared machine mostly show the queue. An external Postgres is not counted.
 * @param {number | undefined} functionsPid
 * @returns {number | null}
 */
function stackCpuMs(functionsPid) {
  const own = process.cpuUsage();
  try {
    const stat = readFileSync(`/proc/${functionsPid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const denoTicks = Number(fields[11]) + Number(fields[12]); // utime + stime, in clock ticks (100/s)
    return (own.user + own.system) / 1000 + denoTicks * 10;
  } catch {
    return null;
  }
}

/**
 * The stack with production defaults, over fake upstreams.
 * @param {{databaseUrl?: string, functionsEnv?: Record<string, string>}} [options]
 */
export async function startLoadStack({
  databaseUrl = process.env.DATABASE_URL || undefined,
  functionsEnv = {},
} = {}) {
  // Imported here: the load-generator child processes need none of the stack.
  const { startStack } = await import('../supabase/local/stack.mjs');
  const { readSettings } = await import('../supabase/local/settings.mjs');
  const dataDir = await mkdtemp(path.join(tmpdir(), 'route-planner-load-'));
  const fakes = await startFakesProcess();
  const stack = await startStack({
    ...readSettings({}),
    gatewayPort: 0,
    functionsPort: 0,
    dataDir,
    databaseUrl,
    siteUrl: 'http://planner.test',
    nominatimUrl: fakes.nominatimUrl,
    photonUrl: fakes.photonUrl,
    osrmUrl: fakes.osrmUrl,
    seed: false,
    quiet: true,
    functionsEnv,
  });
  return {
    apiUrl: stack.apiUrl,
    gatewayUrl: stack.gatewayUrl,
    database: databaseUrl ? 'PostgreSQL' : 'embedded PGlite',
    cpuMs: () => stackCpuMs(stack.functionsPid),
    fakes,
    stop: async () => {
      await stack.stop();
      await fakes.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * @param {string} apiUrl
 * @param {string} method
 * @param {string} pathName
 * @param {{token?: string, body?: unknown, headers?: Record<string, string>}} [options]
 * @returns {Promise<{status: number, body: unknown, headers: Headers}>}
 */
async function api(apiUrl, method, pathName, { token, body, headers = {} } = {}) {
  const response = await fetch(`${apiUrl}${pathName}`, {
    method,
    headers: {
      ...headers,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  /** @type {unknown} */
  const parsed = text ? JSON.parse(text) : null;
  return {
    status: response.status,
    body: parsed,
    headers: response.headers,
  };
}

const sampleStops = [
  { name: 'Times Square', lat: 40.758, lng: -73.9855 },
  { name: 'Empire State Building', lat: 40.7484, lng: -73.9857 },
  { name: 'Union Square', lat: 40.7359, lng: -73.9911 },
];

/**
 * Two users: a reader with 20 itineraries (one shared) and a writer for the create scenario.
 * @param {string} apiUrl
 * @returns {Promise<LoadData>}
 */
export async function prepareData(apiUrl) {
  const register = async () => {
    const answer = await api(apiUrl, 'POST', '/auth/register', {
      body: { email: `load-${randomUUID()}@example.com`, password: 'load-test-password' },
    });
    if (answer.status !== 201)
      throw new Error(`register: ${answer.status} ${JSON.stringify(answer.body)}`);
    return /** @type {{token: string}} */ (answer.body).token;
  };
  const [reader, writer] = [await register(), await register()];
  let itineraryId = '';
  for (let i = 0; i < 20; i++) {
    const created = await api(apiUrl, 'POST', '/itineraries', {
      token: reader,
      body: { title: `Route ${i}`, stops: sampleStops },
    });
    if (created.status !== 201)
      throw new Error(`create: ${created.status} ${JSON.stringify(created.body)}`);
    itineraryId = /** @type {{id: string}} */ (created.body).id;
  }
  const shared = await api(apiUrl, 'POST', `/itineraries/${itineraryId}/share`, { token: reader });
  const { shareUrl } = /** @type {{shareUrl: string}} */ (shared.body);
  return { reader, writer, itineraryId, shareToken: shareUrl.split('/share/')[1] };
}

/** @type {(sorted: number[], p: number) => number} */
const percentile = (sorted, p) =>
  sorted.length
    ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]
    : NaN;

/**
 * One autocannon run, in a child process of its own so the load generator does not
 * compete with the server (the embedded database and Auth/Data API run on this
 * process's main thread); latencies are collected per response so p95 can be reported.
 * @param {ScenarioOptions} options
 * @returns {Promise<ScenarioResult>}
 */
export function runScenario(options) {
  const { url, connections = 50, durationS = 30 } = options;
  if (!LOOPBACK.test(url)) throw new Error(`load tests only target 127.0.0.1, not ${url}`);
  if (durationS > MAX_DURATION_S || connections > MAX_CONNECTIONS)
    throw new Error('load run out of bounds');
  const child = spawn(
    process.execPath,
    [
      fileURLToPath(import.meta.url),
      '--scenario',
      JSON.stringify({ ...options, connections, durationS }),
    ],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => {
      const line = output.trim().split('\n').pop();
      if (code !== 0 || !line)
        return reject(new Error(`load generator exited (${code}): ${output}`));
      /** @type {unknown} */
      const result = JSON.parse(line);
      resolve(/** @type {ScenarioResult} */ (result));
    });
  });
}

/**
 * @param {ScenarioOptions & {connections: number, durationS: number}} options
 * @returns {Promise<ScenarioResult>}
 */
function runScenarioHere({ url, method = 'GET', headers = {}, body, connections, durationS }) {
  if (!LOOPBACK.test(url)) throw new Error(`load tests only target 127.0.0.1, not ${url}`);
  if (durationS > MAX_DURATION_S || connections > MAX_CONNECTIONS)
    throw new Error('load run out of bounds');
  /** @type {number[]} */
  const latencies = [];
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      { url, method, headers, body, connections, duration: durationS, timeout: 10 },
      (error, result) => {
        if (error) return reject(error instanceof Error ? error : new Error(String(error)));
        latencies.sort((a, b) => a - b);
        resolve({
          requests: result.requests.total,
          requestsPerSecond: Math.round(result.requests.average),
          p50: percentile(latencies, 50),
          p95: percentile(latencies, 95),
          p99: percentile(latencies, 99),
          errors: result.errors + result.timeouts,
          non2xx: result.non2xx,
        });
      },
    );
    instance.on('response', (_client, _status, _bytes, responseTime) =>
      latencies.push(responseTime),
    );
  });
}

/**
 * @param {string} apiUrl
 * @param {LoadData} data
 * @param {{connections?: number, durationS?: number, cpuMs?: () => number | null}} [options]
 * @returns {Promise<ApiScenarioResult[]>}
 */
export async function runApiScenarios(
  apiUrl,
  data,
  { connections = 50, durationS = 30, cpuMs = () => null } = {},
) {
  /** @param {string} token */
  const auth = (token) => ({ authorization: `Bearer ${token}` });
  /** @type {[string, ScenarioOptions][]} */
  const scenarios = [
    [
      'GET /api/itineraries (list of 20)',
      { url: `${apiUrl}/itineraries`, headers: auth(data.reader) },
    ],
    [
      'GET /api/itineraries/{id}',
      { url: `${apiUrl}/itineraries/${data.itineraryId}`, headers: auth(data.reader) },
    ],
    [
      'GET /api/itineraries/share/{token}',
      { url: `${apiUrl}/itineraries/share/${data.shareToken}` },
    ],
    [
      'POST /api/itineraries (3 stops)',
      {
        url: `${apiUrl}/itineraries`,
        method: 'POST',
        headers: { ...auth(data.writer), 'content-type': 'application/json' },
        body: JSON.stringify({ title: 'Load', stops: sampleStops }),
      },
    ],
  ];
  /** @type {ApiScenarioResult[]} */
  const results = [];
  for (const [name, options] of scenarios) {
    const cpuBefore = cpuMs();
    const result = await runScenario({ ...options, connections, durationS });
    const cpuAfter = cpuMs();
    const cpuMsPerRequest =
      cpuBefore === null || cpuAfter === null || !result.requests
        ? null
        : (cpuAfter - cpuBefore) / result.requests;
    results.push({ name, ...result, cpuMsPerRequest });
  }
  return results;
}

/**
 * `concurrency` searches at once, each from its own client address (so the per-client
 * limit does not interfere): all for one text, or each for a different text. Counts the
 * upstream requests they caused and their highest rate in any 1 s window.
 * @param {string} apiUrl
 * @param {{concurrency?: number, sameText?: boolean,
 *   upstreamRequests: () => Promise<{at: number}[]>}} options
 */
export async function geocodingBurst(
  apiUrl,
  { concurrency = 100, sameText = true, upstreamRequests },
) {
  const before = (await upstreamRequests()).length;
  const tag = randomUUID().slice(0, 8);
  const started = Date.now();
  const answers = await Promise.all(
    Array.from({ length: concurrency }, (_, i) =>
      api(
        apiUrl,
        'GET',
        `/geocoding/search?q=${encodeURIComponent(sameText ? `Paris ${tag}` : `Paris ${tag} ${i}`)}`,
        {
          headers: { 'x-forwarded-for': `198.51.100.${i % 250}` },
        },
      ),
    ),
  );
  const elapsedMs = Date.now() - started;
  const upstream = (await upstreamRequests())
    .slice(before)
    .map((request) => request.at)
    .sort((a, b) => a - b);
  // Arrival times carry a few milliseconds of measurement jitter: a window of 990 ms.
  let maxPerSecond = 0;
  for (let i = 0; i < upstream.length; i++) {
    maxPerSecond = Math.max(
      maxPerSecond,
      upstream.filter((at) => at >= upstream[i] && at < upstream[i] + 990).length,
    );
  }
  const gaps = upstream.slice(1).map((at, i) => at - upstream[i]);
  /** @type {Record<number, number>} */
  const statuses = {};
  for (const answer of answers) statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
  const retryAfter =
    answers.find((answer) => answer.status === 503)?.headers.get('retry-after') ?? null;
  return {
    requests: concurrency,
    upstreamRequests: upstream.length,
    maxUpstreamPerSecond: maxPerSecond,
    minGapMs: gaps.length ? Math.min(...gaps) : null,
    elapsedMs,
    statuses,
    retryAfter,
  };
}

const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

/** @param {number} n */
const fmt = (n) => (Number.isFinite(n) ? String(Math.round(n)) : '-');

/** @param {ApiScenarioResult[]} results */
export function printScenarioTable(results) {
  console.log(
    '\n| scenario | req/s | p50 ms | p95 ms | p99 ms | requests | errors | non-2xx | stack CPU ms/request |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const r of results) {
    const cpu =
      r.cpuMsPerRequest !== null && Number.isFinite(r.cpuMsPerRequest)
        ? r.cpuMsPerRequest.toFixed(1)
        : '-';
    console.log(
      `| ${r.name} | ${fmt(r.requestsPerSecond)} | ${fmt(r.p50)} | ${fmt(r.p95)} | ${fmt(r.p99)} | ${r.requests} | ${r.errors} | ${r.non2xx} | ${cpu} |`,
    );
  }
}

/** DATABASE_URL, else a throwaway PostgreSQL 15 database when the binaries are here, else PGlite. */
async function benchDatabase(env = process.env) {
  if (env.DATABASE_URL)
    return { url: env.DATABASE_URL, label: 'PostgreSQL (DATABASE_URL)', stop: async () => {} };
  const { postgres15Availability, startPostgres15 } =
    await import('../tests/support/postgres15.mjs');
  if (env.LOAD_DATABASE !== 'pglite' && postgres15Availability(env).available) {
    const database = await startPostgres15(env);
    return {
      url: database.url,
      label: `PostgreSQL ${database.serverVersion} (throwaway database)`,
      stop: database.stop,
    };
  }
  return { url: undefined, label: 'embedded PGlite', stop: async () => {} };
}

async function main() {
  const durationS = Math.min(MAX_DURATION_S, Number(process.env.LOAD_DURATION_S ?? 30));
  const database = await benchDatabase();
  const load = await startLoadStack({ databaseUrl: database.url }).catch(async (error) => {
    await database.stop();
    throw error;
  });
  try {
    console.log(
      `Load test: 50 concurrent clients, ${durationS} s per scenario, ${database.label}, loopback only`,
    );
    console.log(`Load average before: ${loadAverage()}`);
    const data = await prepareData(load.apiUrl);
    const results = await runApiScenarios(load.apiUrl, data, {
      connections: 50,
      durationS,
      cpuMs: load.cpuMs,
    });
    console.log(`Load average after: ${loadAverage()} (the machine's other work shares the cores)`);
    printScenarioTable(results);
    if (database.url)
      console.log(
        '(stack CPU: gateway, Auth and the function; the Postgres server is not counted)',
      );
    const upstreamRequests = () => load.fakes.requests('nominatim');
    const same = await geocodingBurst(load.apiUrl, { sameText: true, upstreamRequests });
    const different = await geocodingBurst(load.apiUrl, { sameText: false, upstreamRequests });
    console.log('\nGeocoding bursts (100 concurrent searches, upstream limit 1/s, max wait 5 s):');
    for (const [label, burst] of /** @type {const} */ ([
      ['same text', same],
      ['different texts', different],
    ])) {
      console.log(
        `  ${label}: ${burst.upstreamRequests} upstream request(s), at most ${burst.maxUpstreamPerSecond} in any 1 s` +
          `${burst.minGapMs === null ? '' : `, min gap ${burst.minGapMs} ms`}; answers ${JSON.stringify(burst.statuses)}` +
          `${burst.retryAfter ? ` (503 busy with Retry-After ${burst.retryAfter} s)` : ''}; ${burst.elapsedMs} ms`,
      );
    }
    const failed =
      results.filter((r) => r.errors > 0 || r.non2xx > 0).length +
      (same.maxUpstreamPerSecond > 1 || different.maxUpstreamPerSecond > 1 ? 1 : 0);
    const slowReads = results
      .filter((r) => !r.name.startsWith('POST') && r.p95 >= 100)
      .map((r) => r.name);
    console.log(
      failed
        ? '\nFAILED: errors or upstream above 1/s'
        : '\nOK: 0 errors, upstream never above 1/s',
    );
    console.log(
      slowReads.length
        ? `Target missed: p95 < 100 ms for ${slowReads.join(', ')}`
        : 'OK: p95 < 100 ms for every read',
    );
    process.exitCode = failed || slowReads.length ? 1 : 0;
  } finally {
    await load.stop();
    await database.stop();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  if (process.argv[2] === '--scenario') {
    /** @type {unknown} */
    const options = JSON.parse(process.argv[3]);
    const scenario = /** @type {ScenarioOptions & {connections: number, durationS: number}} */ (
      options
    );
    console.log(JSON.stringify(await runScenarioHere(scenario)));
  } else await main();
}
