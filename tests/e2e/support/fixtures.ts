// The end-to-end tests' `test`: import { test, expect } from './support/fixtures'.
//
// Worker fixtures: `stack`, the URLs of this worker's own fakes and local stack (started by
// global-setup.ts, support/stack.ts), which every page and `request` of the worker's tests
// talk to (baseURL).
// Test fixtures:
// - nothing waits for the app as such: a test waits for the control it uses, as a user does
//   (Playwright waits for it to be visible and enabled; the controls of a page rendered at build
//   time are disabled until React has hydrated them);
// - the map's tiles come from the local fake tile server (no test reaches the internet); `tiles`
//   lists the tile requests (zoom, Referer) of a test that asks for it;
// - pages are in English (`language` option: test.use({ language: null }) for a first visit
//   that chooses its own language, or another code), distances in km (`units` option);
// - `fakes`: switch a fake upstream down for this test (back to 'ok' after it);
// - `accounts`: accounts and routes through the /api, sign-in with a stored session;
// - `planner`: the planner page's common controls;
// - `scripts`: the source modules of the scripts a page loaded.
import { test as base, expect, type BrowserContext, type Page } from '@playwright/test';
import {
  bearer,
  getRoute,
  postRoute,
  registerAccount,
  signIn,
  uniqueEmail,
  type Account,
} from './accounts-api';
import { e2eStackUrls, tileOrigin, type E2eStack } from './stack';

export { expect, bearer, tileOrigin };
export type { Account };
export type {
  APIRequestContext,
  BrowserContext,
  Locator,
  Page,
  Request,
  Route,
  TestInfo,
} from '@playwright/test';

export interface TileRequest {
  url: string;
  zoom: number;
  /** The Referer it carried (asked of the browser only when a test wants it). */
  referer(): Promise<string | undefined>;
}

/**
 * Records the map tiles `context` asks for (of every page in it, e.g. a second browser
 * context's). The build's tiles come from the local fake tile server (tests/fakes/tiles.mjs),
 * so nothing is intercepted: the browser keeps its HTTP cache, as a user's does.
 */
export function recordTiles(context: BrowserContext): TileRequest[] {
  const requests: TileRequest[] = [];
  context.on('request', (request) => {
    if (!request.url().startsWith(`${tileOrigin}/`)) return;
    requests.push({
      url: request.url(),
      zoom: Number(/\/(\d+)\/\d+\/\d+\.png/.exec(request.url())?.[1]),
      referer: async () => (await request.allHeaders())['referer'],
    });
  });
  return requests;
}

/** The i18nextLng a first visit finds stored (kept if the page changes it). */
export async function pinLanguage(context: BrowserContext, language: string) {
  await context.addInitScript((lng) => {
    if (!localStorage.getItem('i18nextLng')) localStorage.setItem('i18nextLng', lng);
  }, language);
}

/** The distance units a first visit finds stored (src/lib/units; kept if the page changes them). */
export async function pinUnits(context: BrowserContext, units: 'metric' | 'imperial' | 'auto') {
  await context.addInitScript((chosen) => {
    if (!localStorage.getItem('distanceUnits')) localStorage.setItem('distanceUnits', chosen);
  }, units);
}

export type FakeName = 'nominatim' | 'osrm' | 'photon';
export type FakeMode = 'ok' | 'down' | 'slow' | 'garbage';

export interface FakeControl {
  /** the control API's URL (tests/fakes/control.mjs) */
  url: string;
  setMode(fake: FakeName, mode: FakeMode): Promise<void>;
  /** the requests the fake received (path and query) */
  requests(fake: FakeName): Promise<unknown[]>;
  clearRequests(fake: FakeName): Promise<void>;
}

function fakeControl(url: string): FakeControl {
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${url}${path}`, {
      method,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    expect(response.ok, `${method} ${path} on the fakes' control API`).toBe(true);
    return response.json() as Promise<unknown>;
  };
  return {
    url,
    setMode: async (fake, mode) => void (await call('POST', `/${fake}/mode`, { mode })),
    requests: async (fake) => (await call('GET', `/${fake}/requests`)) as unknown[],
    clearRequests: async (fake) => void (await call('DELETE', `/${fake}/requests`)),
  };
}

export interface Accounts {
  /** A new account through POST /api/auth/register; `label` names the test in the address. */
  register(label?: string): Promise<Account>;
  /** An address no one has used (for sign-ups through the form). */
  uniqueEmail(label?: string): string;
  /**
   * Signs in with a stored session (not the form: accounts.spec.ts tests that) and opens `path`,
   * the planner by default.
   */
  signIn(page: Page, account: Account, path?: string): Promise<void>;
  postRoute(owner: Account, title: string, stops: readonly object[]): Promise<string>;
  getRoute<Route>(owner: Account, id: string): Promise<Route>;
  bearer: typeof bearer;
}

/** The planner page's common controls. */
export function plannerControls(page: Page) {
  const search = page.getByRole('combobox', { name: 'Search for an address' });
  const searchResults = page.getByRole('listbox', { name: 'Search results' });
  const rows = page.locator('.stop-list > li');
  return {
    search,
    searchResults,
    /** the stop list's rows */
    stopItems: rows,
    stopNames: page.locator('.stop-list .stop-item__name'),
    titleInput: page.getByPlaceholder('Enter route title...'),
    /** The map, once it shows its tiles (its click handler is in place with them). */
    map: page.locator('.leaflet-container').filter({ has: page.locator('.leaflet-layer') }),
    /** summary-stops, summary-distance, summary-duration */
    summary: (testId: 'summary-stops' | 'summary-distance' | 'summary-duration') =>
      page.getByTestId(testId),
    /** Searches `text` and picks the first result with the mouse. */
    async addStop(text: string) {
      await search.fill(text);
      await searchResults.getByRole('option').first().click();
    },
    /**
     * Drags the rendered row `from` by its handle onto row `to` (indexes among the rendered
     * rows) and drops it there. SortableJS loads when a pointer first comes over a handle, and
     * it moves a row only over one that has finished its 150 ms animation: the pointer rests on
     * the handle until it is there and on the target until the dragged row is, as a hand would.
     */
    async dragStop(from: number, to: number) {
      const list = page.locator('.stop-list');
      await rows.nth(from).locator('.stop-item__handle').hover();
      await expect
        .poll(() =>
          list.evaluate((el) =>
            Object.entries(el).some(([key, value]) => key.startsWith('Sortable') && Boolean(value)),
          ),
        )
        .toBe(true);
      const handle = (await rows.nth(from).locator('.stop-item__handle').boundingBox())!;
      const target = (await rows.nth(to).boundingBox())!;
      const x = handle.x + handle.width / 2;
      const startY = handle.y + handle.height / 2;
      const endY = to > from ? target.y + target.height - 4 : target.y + 4;
      await page.mouse.move(x, startY);
      await page.mouse.down();
      for (let step = 1; step <= 10; step++) {
        await page.mouse.move(x, startY + ((endY - startY) * step) / 10);
      }
      let nudge = 0;
      await expect(async () => {
        nudge = nudge === 0 ? 1 : 0;
        await page.mouse.move(x, endY - nudge);
        await expect(rows.nth(to)).toHaveClass(/stop-item--ghost/, { timeout: 300 });
      }).toPass({ timeout: 10_000 });
      await page.mouse.up();
    },
  };
}
export type PlannerControls = ReturnType<typeof plannerControls>;

export interface ScriptRecorder {
  /** Forget the scripts loaded so far. */
  clear(): void;
  /**
   * Every source module in the scripts loaded since the last clear(): a built chunk's
   * modules from its source map (node_modules/leaflet/..., src/components/map/...), a
   * dev server module by its own path.
   */
  modules(): Promise<string[]>;
}

interface TestFixtures {
  /** The language pinned for a first visit ('en'), or null for none. */
  language: string | null;
  /**
   * The distance units pinned for a first visit ('metric': the tests' distances are in km
   * although the browser is en-US), or null for none (the app's automatic choice).
   */
  units: 'metric' | 'imperial' | 'auto' | null;
  /** Stores `language` and `units` for every test's first visit (automatic). */
  firstVisitSettings: void;
  tiles: TileRequest[];
  fakes: FakeControl;
  accounts: Accounts;
  planner: PlannerControls;
  scripts: ScriptRecorder;
}

interface WorkerFixtures {
  stack: E2eStack;
}

const sourceMaps = new Map<string, Promise<string[] | null>>();

export const test = base.extend<TestFixtures, WorkerFixtures>({
  stack: [
    // eslint-disable-next-line no-empty-pattern -- a worker fixture that needs no other
    async ({}, use, workerInfo) => use(e2eStackUrls(workerInfo.parallelIndex)),
    { scope: 'worker' },
  ],
  baseURL: async ({ stack }, use) => use(stack.appUrl),

  language: ['en', { option: true }],
  units: ['metric', { option: true }],
  firstVisitSettings: [
    async ({ context, language, units }, use) => {
      if (language) await pinLanguage(context, language);
      if (units) await pinUnits(context, units);
      await use();
    },
    { auto: true },
  ],
  // Only for the tests that ask: listening to a context's requests has Playwright send every
  // request of its pages (scripts, /api, tiles) from the browser's side to the test's.
  tiles: async ({ context }, use) => use(recordTiles(context)),

  fakes: async ({ stack }, use) => {
    const control = fakeControl(stack.fakeControlUrl);
    await use(control);
    for (const fake of ['nominatim', 'osrm', 'photon'] as const) await control.setMode(fake, 'ok');
  },

  accounts: async ({ request }, use, testInfo) => {
    const label = testInfo.file
      .split('/')
      .pop()!
      .replace(/\.spec\.ts$/, '');
    await use({
      register: (prefix = label) => registerAccount(request, testInfo, prefix),
      uniqueEmail: (prefix = label) => uniqueEmail(testInfo, prefix),
      signIn,
      postRoute: (owner, title, stops) => postRoute(request, owner, title, stops),
      getRoute: (owner, id) => getRoute(request, owner, id),
      bearer,
    });
  },

  planner: async ({ page }, use) => use(plannerControls(page)),

  scripts: async ({ page, request }, use) => {
    // A script the browser took from its cache (one an earlier page of the test loaded) makes
    // no request: with the cache off, as in DevTools, every script the page runs is seen.
    const devtools = await page.context().newCDPSession(page);
    await devtools.send('Network.enable');
    await devtools.send('Network.setCacheDisabled', { cacheDisabled: true });
    const urls: string[] = [];
    page.on('request', (req) => {
      if (req.resourceType() === 'script') urls.push(req.url());
    });
    const modulesOf = (url: string) => {
      let sources = sourceMaps.get(url);
      if (!sources) {
        sources = request
          .get(`${url}.map`)
          .then(async (response) =>
            response.ok() ? ((await response.json()) as { sources: string[] }).sources : null,
          )
          .catch(() => null);
        sourceMaps.set(url, sources);
      }
      return sources.then((list) => list ?? [new URL(url).pathname]);
    };
    await use({
      clear: () => void (urls.length = 0),
      modules: async () => (await Promise.all(urls.map(modulesOf))).flat(),
    });
  },
});
