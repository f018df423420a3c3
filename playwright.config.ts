import { defineConfig, devices } from '@playwright/test';

/**
 * Ports of the end-to-end stack, apart from a developer's `npm start` (5173/54321);
 * E2E_PORT_OFFSET moves them all, so two runs can share a machine.
 */
const offset = Number(process.env.E2E_PORT_OFFSET ?? 0);
export const e2ePorts = {
  app: 5183 + offset,
  gateway: 54331 + offset,
  functions: 54339 + offset,
  nominatim: 54391 + offset,
  osrm: 54392 + offset,
  /** the fakes' control API (tests/fakes/control.mjs): switch a fake upstream down from a test */
  fakeControl: 54393 + offset,
};
const appUrl = `http://localhost:${e2ePorts.app}`;

// Debian's Chromium, never a downloaded browser.
const chromium = {
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
    '--disable-sync',
    '--disable-quic',
  ],
};

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL: appUrl,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: chromium,
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], launchOptions: chromium } },
    { name: 'phone', use: { ...devices['Pixel 7'], launchOptions: chromium } },
  ],
  webServer: [
    {
      command: `node tests/fakes/start-fakes.mjs --nominatim-port ${e2ePorts.nominatim} --osrm-port ${e2ePorts.osrm} --control-port ${e2ePorts.fakeControl}`,
      url: `http://127.0.0.1:${e2ePorts.osrm}/route/v1/driving/0,0;0.01,0.01?overview=false`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      command: 'node tests/e2e/serve-stack.mjs',
      url: `${appUrl}/api/health`,
      reuseExistingServer: false,
      timeout: 240_000,
      stdout: 'pipe',
      env: {
        PORT: String(e2ePorts.app),
        SUPABASE_LOCAL_PORT: String(e2ePorts.gateway),
        FUNCTIONS_LOCAL_PORT: String(e2ePorts.functions),
        LOCAL_DATA_DIR: `.data/e2e-${e2ePorts.app}`,
        SITE_URL: appUrl,
        NOMINATIM_URL: `http://127.0.0.1:${e2ePorts.nominatim}`,
        OSRM_URL: `http://127.0.0.1:${e2ePorts.osrm}`,
        UPSTREAM_MIN_INTERVAL_MS: '0',
        // Every browser of the run shares 127.0.0.1's bucket; the limits have their own tests.
        GEOCODING_RATE_LIMIT_PER_MINUTE: '0',
        ROUTING_RATE_LIMIT_PER_MINUTE: '0',
      },
    },
  ],
});
