// Routing many stops (npm run bench): requests to the router and wall time of
// POST /api/routes/legs and POST /api/routes/table for 10, 100 and 500 stops, cold (empty
// cache), warm (the same stops again) and after moving one stop, against the fake OSRM with
// 80-150 ms per answer, through the real local stack (the `api` function on Deno, its cache
// and upstream gate in PGlite). Run twice: with the production upstream spacing
// (UPSTREAM_MIN_INTERVAL_MS=1000, the public OSRM's 1 request/s, plus the gate's 10% margin)
// and with spacing 0 (a self-hosted router). Other settings are the production defaults
// (ROUTER_MAX_WAYPOINTS=100, ROUTER_TABLE_MAX_COORDINATES=100).
//
//   node bench/routing.mjs
//   ROUTING_BENCH_STOPS=10,100 node bench/routing.mjs   fewer sizes
//
// Exits non-zero only on errors (a non-200 answer, a wrong-sized answer, a crash).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startStack } from '../supabase/local/stack.mjs';
import { readSettings } from '../supabase/local/settings.mjs';
import { startFakeNominatim, startFakeOsrm } from '../tests/fakes/index.mjs';

const LATENCY_MS = /** @type {[number, number]} */ ([80, 150]);
const SIZES = (process.env.ROUTING_BENCH_STOPS ?? '10,100,500').split(',').map(Number);
/**
 * @typedef {{label: string, minIntervalMs: number}} Spacing
 * @typedef {{lat: number, lng: number}} Stop
 * @typedef {import('../tests/fakes/server.mjs').FakeServer} FakeServer
 * @typedef {{legs?: {estimated?: boolean}[], distances?: unknown[], durations?: unknown[],
 *   estimated?: boolean}} RoutesAnswer what the two endpoints answer (the parts read here)
 */

/** @type {Spacing[]} */
const SPACINGS = [
  { label: 'production', minIntervalMs: 1000 },
  { label: 'none', minIntervalMs: 0 },
];

/** @param {number} ms */
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
/**
 * How long the gate keeps the upstream's slot after a request (the interval plus its 10% margin).
 * @param {Spacing} spacing
 */
const UPSTREAM_SLOT_MS = (spacing) => Math.ceil(spacing.minIntervalMs * 1.1) + 50;

/**
 * `count` stops scattered over a city-sized area, a different area for each run (cold cache).
 * @param {number} count
 * @param {Stop} center
 * @returns {Stop[]}
 */
function stopsAround(count, center) {
  return Array.from({ length: count }, (_, i) => ({
    lat: center.lat + ((i * 7919) % 997) / 997 / 10,
    lng: center.lng + ((i * 104_729) % 1009) / 1009 / 10,
  }));
}

/**
 * @param {string} apiUrl
 * @param {string} pathName
 * @param {{stops: Stop[]}} body
 * @returns {Promise<{body: RoutesAnswer, ms: number}>}
 */
async function post(apiUrl, pathName, body) {
  const started = performance.now();
  const response = await fetch(`${apiUrl}${pathName}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  const ms = performance.now() - started;
  if (response.status !== 200)
    throw new Error(`${pathName}: HTTP ${response.status} ${text.slice(0, 200)}`);
  /** @type {unknown} */
  const parsed = JSON.parse(text);
  return { body: /** @type {RoutesAnswer} */ (parsed), ms };
}

/**
 * What one call cost: router requests, wall time, and how much of the answer is estimated.
 * @param {FakeServer} osrm
 * @param {string} apiUrl
 * @param {string} pathName
 * @param {Stop[]} stops
 */
async function measure(osrm, apiUrl, pathName, stops) {
  osrm.requests.length = 0;
  const { body, ms } = await post(apiUrl, pathName, { stops });
  const requests = osrm.requests.length;
  if (pathName === '/routes/legs') {
    if (body.legs?.length !== stops.length - 1)
      throw new Error(`${pathName}: ${body.legs?.length} legs for ${stops.length} stops`);
    return { requests, ms, estimated: `${body.legs.filter((leg) => leg.estimated).length} legs` };
  }
  if (body.distances?.length !== stops.length || body.durations?.length !== stops.length) {
    throw new Error(`${pathName}: a ${body.distances?.length}-row table for ${stops.length} stops`);
  }
  return { requests, ms, estimated: body.estimated ? 'all' : 'none' };
}

/**
 * @param {Spacing} spacing
 * @param {FakeServer} nominatim
 * @param {FakeServer} osrm
 * @param {number} runIndex
 */
async function runWithSpacing(spacing, nominatim, osrm, runIndex) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'route-planner-routing-bench-'));
  const stack = await startStack({
    ...readSettings({}),
    gatewayPort: 0,
    functionsPort: 0,
    dataDir,
    siteUrl: 'http://planner.test',
    nominatimUrl: nominatim.url,
    osrmUrl: osrm.url,
    seed: false,
    quiet: true,
    functionsEnv: { UPSTREAM_MIN_INTERVAL_MS: String(spacing.minIntervalMs) },
  });
  try {
    // Warm-up (not measured): the function's first requests pay for compiling its code.
    for (const pathName of ['/routes/legs', '/routes/table']) {
      await post(stack.apiUrl, pathName, {
        stops: stopsAround(3, { lat: -30 - runIndex, lng: 20 }),
      });
    }
    for (const [sizeIndex, count] of SIZES.entries()) {
      const center = { lat: 40 + runIndex, lng: -74 + sizeIndex };
      const stops = stopsAround(count, center);
      const moved = stops.map((stop, i) =>
        i === Math.floor(count / 2) ? { lat: stop.lat + 0.001, lng: stop.lng } : stop,
      );
      for (const pathName of ['/routes/legs', '/routes/table']) {
        /** @type {[name: string, stops: Stop[]][]} */
        const cases = [
          ['cold', stops],
          ['warm', stops],
          ['moved-one-stop', moved],
        ];
        for (const [name, body] of cases) {
          // Each call starts with the upstream's slot free: its own requests are what it waits for.
          await sleep(UPSTREAM_SLOT_MS(spacing));
          const result = await measure(osrm, stack.apiUrl, pathName, body);
          console.log(
            `routing  spacing=${spacing.label.padEnd(10)} stops=${String(count).padEnd(4)} ${pathName.padEnd(13)} ` +
              `${name.padEnd(14)} requests=${String(result.requests).padEnd(3)} ms=${String(Math.round(result.ms)).padEnd(6)} ` +
              `estimated=${result.estimated}`,
          );
        }
      }
    }
  } finally {
    await stack.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

const nominatim = await startFakeNominatim();
const osrm = await startFakeOsrm({ latencyMs: LATENCY_MS });
console.log(
  `routing  fake OSRM latency ${LATENCY_MS[0]}-${LATENCY_MS[1]} ms per request; spacing=production: ` +
    'UPSTREAM_MIN_INTERVAL_MS=1000 (+10% gate margin), spacing=none: 0; ROUTER_MAX_WAYPOINTS=100, ROUTER_TABLE_MAX_COORDINATES=100',
);
let failed = false;
try {
  for (const [runIndex, spacing] of SPACINGS.entries())
    await runWithSpacing(spacing, nominatim, osrm, runIndex);
} catch (error) {
  console.error(`routing  error: ${error instanceof Error ? error.message : String(error)}`);
  failed = true;
} finally {
  await osrm.close();
  await nominatim.close();
}
if (failed) process.exit(1);
