import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumExecutable } from './tests/support/chromium.mjs';

/**
 * End-to-end tests (tests/e2e/README.md). global-setup.ts builds the app once and starts one
 * stack (fakes and local stack, tests/e2e/support/stack.ts) per worker: the app on port
 * 5183 + E2E_PORT_OFFSET + 20 × the worker's index, the fake tile server on 5180 + E2E_PORT_OFFSET
 * (one for the run), everything else on free ports.
 *
 * E2E_WORKERS sets the number of workers: by default 2 (one per core of the 2-core CI
 * machine); 1 when E2E_PORT_OFFSET is set, so that runs side by side on one machine never
 * reach into each other's ports. (Not 3 on 2 cores: with the headless shell and the stacks on
 * PostgreSQL 15, 43 tests took 140–149 s and 259–276 busy CPU-s with 2 workers, 144–174 s and
 * 278–339 CPU-s with 3: a third browser only made the three wait on each other.)
 */
const workers = Number(process.env.E2E_WORKERS ?? (process.env.E2E_PORT_OFFSET ? 1 : 2));

// A window to watch (--headed, --ui, --debug) needs the full browser.
const watched =
  Boolean(process.env.PWDEBUG) || process.argv.some((arg) => /^--(headed|ui|debug)$/.test(arg));
/** Debian's Chromium: its headless shell when installed (tests/support/chromium.mjs). */
const chromium = {
  executablePath: chromiumExecutable({ watched }),
  args: [...CHROMIUM_ARGS, '--disable-sync', '--disable-quic'],
};

/**
 * The phone project runs what a phone changes: layout at 375 px, touch, the bottom
 * navigation, the hand-off to the Waze app. Tag such a test (or its describe) `@phone`;
 * everything else runs on the desktop only.
 */
const PHONE = /@phone\b/;

export default defineConfig({
  testDir: 'tests/e2e',
  // Each run its own results folder: Playwright empties it when a run starts, so two runs side
  // by side (different E2E_PORT_OFFSET) must not share one.
  outputDir: `test-results/e2e-${process.env.E2E_PORT_OFFSET ?? 0}`,
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: true,
  workers,
  retries: process.env.CI ? 1 : 0,
  // A long flow (the team day: split, save, share, My Routes) takes about 20 s on a quiet
  // 2-core machine and up to three times that on a busy one; CI allows for that.
  timeout: process.env.CI ? 120_000 : 60_000,
  expect: { timeout: 15_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    // CI retries a failed test once and records the trace of that retry only (recording every
    // test costs CPU the 2-core runner does not have); a local run keeps a failure's trace.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: chromium,
    // The production build registers a service worker; only offline.spec.ts wants it.
    serviceWorkers: 'block',
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], launchOptions: chromium } },
    {
      name: 'phone',
      grep: PHONE,
      use: { ...devices['Pixel 7'], launchOptions: chromium },
    },
  ],
});
