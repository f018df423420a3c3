// The whole product on this machine for a browser benchmark, as in the end-to-end tests: the fake
// Nominatim, Photon and OSRM of tests/fakes, the local stack (supabase/local: Auth, Data API and
// the `api` Edge Function on Deno) on a throwaway PGlite database, and the SPA built for
// production and served by `vite preview`, which proxies /api, /auth/v1 and /rest/v1 to the stack.
import { build, preview } from 'vite';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumExecutable } from '../../tests/support/chromium.mjs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startFakeNominatim } from '../../tests/fakes/nominatim.mjs';
import { startFakePhoton } from '../../tests/fakes/photon.mjs';
import { startFakeOsrm } from '../../tests/fakes/osrm.mjs';
import { freePort, startStack } from '../../supabase/local/stack.mjs';
import { localKeys, readSettings } from '../../supabase/local/settings.mjs';

export const root = fileURLToPath(new URL('../..', import.meta.url));

/**
 * @typedef {object} Product
 * @property {string} baseUrl the SPA (and /api) at one origin
 * @property {string} outDir the production build
 * @property {() => Promise<void>} close stops everything and removes the scratch directory
 */

/**
 * @param {{name: string, minify?: boolean}} options
 * @returns {Promise<Product>}
 */
export async function startProduct({ name, minify = true }) {
  const scratch = mkdtempSync(path.join(tmpdir(), `route-planner-${name}-`));
  /** @type {(() => Promise<unknown>)[]} */
  const cleanups = [];
  const close = async () => {
    for (const cleanup of cleanups.reverse()) {
      try {
        await cleanup();
      } catch (error) {
        console.error('cleanup:', error instanceof Error ? error.message : error);
      }
    }
    rmSync(scratch, { recursive: true, force: true });
  };
  try {
    const nominatim = await startFakeNominatim({ host: '127.0.0.1' });
    cleanups.push(() => nominatim.close());
    const osrm = await startFakeOsrm({ host: '127.0.0.1' });
    cleanups.push(() => osrm.close());
    const photon = await startFakePhoton({ host: '127.0.0.1' });
    cleanups.push(() => photon.close());

    // No per-client limits and no upstream spacing: one browser asks fast, and the fakes are local.
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

    process.env.VITE_SUPABASE_ANON_KEY = localKeys.publishableKey;
    process.env.SUPABASE_LOCAL_URL = stack.gatewayUrl;
    const outDir = path.join(scratch, 'dist');
    await build({
      root,
      logLevel: 'error',
      build: { outDir, emptyOutDir: true, minify },
    });
    const appPort = await freePort();
    const server = await preview({
      root,
      logLevel: 'error',
      build: { outDir },
      preview: { port: appPort, strictPort: true },
    });
    cleanups.push(() => server.close());
    // 127.0.0.1, not localhost: supabase-js names its storage key after the host ('sb-127-…').
    return { baseUrl: `http://127.0.0.1:${appPort}`, outDir, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** The benchmarks' mid-range phone: a CPU this many times slower than this machine's. */
export const PHONE_CPU_SLOWDOWN = 4;

/** DevTools' 'Fast 3G' preset (its download, upload and latency as DevTools sets them). */
export const FAST_3G = {
  offline: false,
  latency: 150 * 3.75,
  downloadThroughput: ((1.6 * 1000 * 1000) / 8) * 0.9,
  uploadThroughput: ((750 * 1000) / 8) * 0.9,
};

/** The phone's screen and input, for a browser context. */
export const PHONE = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
};

/** Debian's Chromium, as in the end-to-end tests: its headless shell when installed (tests/support/chromium.mjs). */
export function launchChromium() {
  return chromium.launch({ executablePath: chromiumExecutable(), args: CHROMIUM_ARGS });
}

/**
 * Nothing leaves the machine: map tiles are answered empty, any other outside request fails.
 * @param {import('@playwright/test').BrowserContext} context
 * @param {string} baseUrl
 */
export async function keepLocal(context, baseUrl) {
  await context.route(
    (url) => !url.href.startsWith(baseUrl),
    (route) =>
      route.request().url().includes('tile.openstreetmap.org')
        ? route.fulfill({ status: 204, body: '' })
        : route.abort(),
  );
}

/** The machine's load averages (1, 5, 15 min), for the record next to any timing. */
export async function loadAverage() {
  const { loadavg, cpus } = await import('node:os');
  const [one, five, fifteen] = loadavg();
  return `load average ${one.toFixed(1)} ${five.toFixed(1)} ${fifteen.toFixed(1)} on ${cpus().length} cores`;
}

/**
 * @param {number[]} values
 * @returns {number}
 */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}
