import { readFile } from 'node:fs/promises';
import { expectAccessible } from './support/accessibility';
import {
  bearer,
  expect,
  test,
  tileOrigin,
  type Account,
  type Accounts,
  type APIRequestContext,
  type BrowserContext,
  type Locator,
  type Page,
} from './support/fixtures';
import { markersUnder, notOnPhone, PHONE_ONLY } from './support/phone-layout';

/** Three stops the fake router can drive between (tests/fakes). */
const STOPS: {
  name: string;
  lat: number;
  lng: number;
  note?: string;
  status?: 'done' | 'skipped';
}[] = [
  { name: 'Paris, Île-de-France, France', lat: 48.8534951, lng: 2.3483915 },
  {
    name: 'Dijon, Côte-d’Or, France',
    lat: 47.3215806,
    lng: 5.0414701,
    note: 'Door code 4821, ring twice',
  },
  { name: 'Lyon, Métropole de Lyon, France', lat: 45.764043, lng: 4.835659 },
];
const wazeWeb = (stop: { lat: number; lng: number }) =>
  `https://waze.com/ul?ll=${stop.lat.toFixed(6)},${stop.lng.toFixed(6)}&navigate=yes`;
const wazeApp = (stop: { lat: number; lng: number }) =>
  `waze://?ll=${stop.lat.toFixed(6)},${stop.lng.toFixed(6)}&navigate=yes`;

const register = (accounts: Accounts) => accounts.register('share');
/** The saved route, its stops without the ids the server gave them (to compare with STOPS). */
const getRoute = async (accounts: Accounts, owner: Account, id: string) => {
  const route = await accounts.getRoute<{ stops: typeof STOPS; updated_at: string }>(owner, id);
  return {
    ...route,
    stops: route.stops.map((stop) => {
      const { id: _id, ...rest } = stop as (typeof STOPS)[number] & { id?: string };
      return rest;
    }),
  };
};

/** Each stop's status as the server has it (null: still to do). */
const statuses = async (accounts: Accounts, owner: Account, id: string) =>
  (await getRoute(accounts, owner, id)).stops.map((stop) => stop.status ?? null);

/** The route's legs as the fake router drives them (what the page's ETAs come from). */
async function routeLegs(
  request: APIRequestContext,
): Promise<{ distance: number; duration: number }[]> {
  const response = await request.post('/api/routes/legs', {
    data: { stops: STOPS.map(({ lat, lng }) => ({ lat, lng })) },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { legs: { distance: number; duration: number }[] }).legs;
}

/** "ETA 2:05 PM" or "ETA 14:05" -> minutes since midnight. */
function minutesOfDay(text: string): number {
  const match = /(\d{1,2}):(\d{2})\s*([AP]M)?/i.exec(text.replace(/\u202f/g, ' '));
  expect(match, `a time in "${text}"`).toBeTruthy();
  const [, hour, minute, meridiem] = match!;
  const hours = meridiem
    ? (Number(hour) % 12) + (meridiem.toUpperCase() === 'PM' ? 12 : 0)
    : Number(hour);
  return hours * 60 + Number(minute);
}

/** Two clock times `minutes` apart, give or take the rounding to whole minutes (and midnight). */
function expectMinutesApart(earlier: number, later: number, minutes: number) {
  const gap = (later - earlier + 24 * 60) % (24 * 60);
  expect(Math.abs(gap - minutes)).toBeLessThanOrEqual(1);
}

const createRoute = (accounts: Accounts, owner: Account, title: string, stops = STOPS) =>
  accounts.postRoute(owner, title, stops);

/**
 * The share link's path (the link itself names the configured SITE_URL, the same app); the
 * stops' notes are on it only when the owner includes them.
 */
async function shareRoute(
  request: APIRequestContext,
  owner: Account,
  id: string,
  options: { includeNotes?: boolean } = {},
): Promise<string> {
  const response = await request.post(`/api/itineraries/${id}/share`, {
    headers: bearer(owner),
    ...(options.includeNotes === undefined ? {} : { data: options }),
  });
  expect(response.ok()).toBe(true);
  const { shareUrl } = (await response.json()) as { shareUrl: string };
  return new URL(shareUrl).pathname;
}

/** Waze never leaves the machine: its web links answer with a stub page; the URLs asked for are kept. */
async function stubWaze(context: BrowserContext): Promise<string[]> {
  const opened: string[] = [];
  await context.route('https://waze.com/**', (route) => {
    opened.push(route.request().url());
    return route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><title>Waze stub</title><p>Waze stub</p>',
    });
  });
  return opened;
}

/**
 * Navigations the page starts by script (window.location.href = ...), whatever their scheme,
 * with the time they were asked for. A waze:// navigation never becomes a network request;
 * the Navigation API sees it first: it is recorded and cancelled, as on a phone without the
 * app (the headless browser would otherwise hand it to the system, racing the next navigation).
 */
async function watchNavigations(page: Page): Promise<{ url: string; at: number }[]> {
  const requested: { url: string; at: number }[] = [];
  // The time is the page's own clock: the call reaches the test later, by a varying delay.
  await page.exposeFunction('__recordNavigation', (url: string, at: number) => {
    requested.push({ url, at });
  });
  await page.addInitScript(() => {
    const record = (window as unknown as { __recordNavigation: (url: string, at: number) => void })
      .__recordNavigation;
    (window as unknown as { navigation: EventTarget }).navigation.addEventListener(
      'navigate',
      (event) => {
        const navigate = event as Event & { destination: { url: string }; cancelable: boolean };
        const url = navigate.destination.url;
        if (!/^(waze:|https:\/\/waze\.com\/)/.test(url)) return;
        record(url, Date.now());
        if (url.startsWith('waze:') && navigate.cancelable) navigate.preventDefault();
      },
    );
  });
  return requested;
}

const referrerMeta = (page: Page) => page.locator('head meta[name="referrer"]').last();

/** Clicks a control that hands `stop` to Waze on the desktop: a new tab with the web link. */
async function expectWebHandOff(page: Page, control: Locator, stop: { lat: number; lng: number }) {
  const popup = page.waitForEvent('popup');
  await control.click();
  const tab = await popup;
  await expect(tab).toHaveURL(wazeWeb(stop));
  await expect(tab.getByText('Waze stub')).toBeVisible();
  await tab.close();
}

/**
 * Taps (touch events, as a driver's finger) a control that hands `stop` to Waze on a phone:
 * the app's link at once, then the web link in this tab after 500 ms (the headless browser has
 * no Waze app, so the page stays visible), after which the test comes back to the app (unless
 * `back` is false: the test's last hand-off).
 */
async function expectAppHandOff(
  page: Page,
  control: Locator,
  stop: { lat: number; lng: number },
  navigations: { url: string; at: number }[],
  { back = true } = {},
) {
  const appPage = page.url();
  const before = navigations.length;
  await control.tap();
  await expect.poll(() => navigations.slice(before).map((n) => n.url)).toContain(wazeApp(stop));
  await page.waitForURL(wazeWeb(stop));
  await expect(page.getByText('Waze stub')).toBeVisible();
  const app = navigations.slice(before).find((n) => n.url === wazeApp(stop))!;
  const web = navigations.slice(before).find((n) => n.url === wazeWeb(stop))!;
  expect(web, 'the web link follows the app link').toBeTruthy();
  // The 500 ms fallback delay, on the page's clock (less a little for timer rounding).
  expect(web.at - app.at).toBeGreaterThanOrEqual(450);
  expect(web.at - app.at).toBeLessThan(3000);
  if (!back) return;
  // Back to the app the way a driver returns to the tab. Not goBack(): a page restored from the
  // back-forward cache reloads itself when the dev server's socket reconnects, racing the next click.
  await page.goto(appPage);
}

test.describe('shared route', () => {
  // The hand-off differs on a phone (the Waze app's link, a tap): 'on a phone' below.
  test('anyone with the link drives it with Waze; the link never leaks in a Referer', async ({
    page,
    context,
    request,
    accounts,
    tiles,
  }) => {
    // Every hand-off of the route, axe and the export menu: longer than most.
    test.slow();
    const owner = await register(accounts);
    // Stop 1 already done on the road: the link shows it, and every stop's note (included by the owner).
    const id = await createRoute(accounts, owner, 'Burgundy deliveries', [
      { ...STOPS[0], status: 'done' },
      STOPS[1],
      STOPS[2],
    ]);
    const sharePath = await shareRoute(request, owner, id, { includeNotes: true });
    const token = sharePath.split('/').pop()!;

    const tileReferers = () => Promise.all(tiles.map((tile) => tile.referer()));
    const opened = await stubWaze(context);
    const hosts = new Set<string>();
    const apiReferers: string[] = [];
    context.on('request', (req) => {
      hosts.add(new URL(req.url()).host);
      if (req.url().includes('/api/routes/legs')) apiReferers.push(req.headers()['referer'] ?? '');
    });

    await page.goto(sharePath);
    const appOrigin = new URL(page.url()).origin;
    await expect(
      page.getByRole('heading', { level: 1, name: 'Burgundy deliveries' }),
    ).toBeVisible();
    await expect(page.getByText('Shared Route • 3 stops')).toBeVisible();
    await expect(page.locator('.shared-stop')).toHaveCount(3);
    await expect(page.locator('.shared-stop').nth(1)).toContainText('Dijon');
    await expect(page.locator('.shared-stop').nth(1).locator('.stop-note')).toHaveText(
      'Note: Door code 4821, ring twice',
    );
    await expect(page.locator('.shared-stop').nth(0).locator('.shared-stop__status')).toHaveText(
      'Done',
    );
    await expect(page.locator('.shared-stop .stop-note')).toHaveCount(1);
    await expectAccessible(page);
    // The export menu: a Google Maps link through the three stops.
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    await expect(page.getByRole('link', { name: 'Open in Google Maps' })).toHaveAttribute(
      'href',
      /google\.com\/maps\/dir\/.*4\.835659/,
    );
    await expect(page.locator('.numbered-marker')).toHaveCount(3);
    await expect(page.locator('.leaflet-overlay-pane path')).toHaveCount(2);
    await expect(page.getByTestId('summary-distance')).toHaveText(/^\d+ km$/);
    await expect(page.getByRole('button', { name: /^Next Stop/ })).toHaveCount(0);
    // Nothing about the owner.
    await expect(page.locator('body')).not.toContainText(owner.email);

    // The page's policy: only the origin, never the path with the token.
    await expect(referrerMeta(page)).toHaveAttribute('content', 'strict-origin');
    await expect.poll(() => tiles.length).toBeGreaterThan(0);
    expect(new Set(await tileReferers())).toEqual(new Set([`${appOrigin}/`]));
    expect(apiReferers.length).toBeGreaterThan(0);
    expect(new Set(apiReferers)).toEqual(new Set([`${appOrigin}/`]));

    // Stop 1 is done: Start begins at stop 2, the first still to do.
    await expectWebHandOff(
      page,
      page.getByRole('button', { name: 'Start Route in Waze' }),
      STOPS[1],
    );
    await expect(page.locator('.shared-stop').nth(1)).toHaveAttribute('aria-current', 'step');
    await expectWebHandOff(page, page.getByRole('button', { name: 'Next Stop (3/3)' }), STOPS[2]);
    await expect(page.getByRole('button', { name: /^Next Stop/ })).toHaveCount(0);
    await expect(page.locator('.shared-stop').nth(2)).toHaveAttribute('aria-current', 'step');

    // Each stop's own button, back to stop 1 (done): Next Stop skips it and goes to stop 2.
    await expectWebHandOff(
      page,
      page.getByRole('button', { name: /^Navigate to stop 1 in Waze: Paris/ }),
      STOPS[0],
    );
    await expect(page.getByRole('button', { name: 'Next Stop (2/3)' })).toBeVisible();
    await expectWebHandOff(page, page.getByRole('button', { name: 'Next Stop (2/3)' }), STOPS[1]);
    expect(opened).toEqual([STOPS[1], STOPS[2], STOPS[0], STOPS[1]].map(wazeWeb));

    // The link opened again in a new tab (as from a chat app) carries on from stop 2.
    const again = await context.newPage();
    await again.goto(sharePath);
    await expect(again.locator('.shared-stop').nth(1)).toHaveAttribute('aria-current', 'step');
    await expect(again.getByRole('button', { name: 'Next Stop (3/3)' })).toBeVisible();
    await again.close();

    // No third party ever saw the page: only the app, the tile server and Waze's own links.
    expect([...hosts].filter((host) => host !== new URL(appOrigin).host).sort()).toEqual([
      new URL(tileOrigin).host,
      'waze.com',
    ]);
    expect(opened.every((url) => !url.includes(token))).toBe(true);

    // Leaving the page restores the app's policy.
    await page.getByRole('link', { name: 'Plan your own route' }).click();
    await expect(page).toHaveURL(/\/plan$/);
    await expect(referrerMeta(page)).toHaveAttribute('content', 'strict-origin-when-cross-origin');
  });

  test("the dashboard's Share button makes a link that opens without an account", async ({
    page,
    context,
    browser,
    accounts,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const owner = await register(accounts);
    await createRoute(accounts, owner, 'Shared from the dashboard');
    await accounts.signIn(page, owner, '/dashboard');
    const card = page.locator('article').filter({ hasText: 'Shared from the dashboard' });
    const shared = page.waitForResponse(
      (response) =>
        /\/api\/itineraries\/[^/]+\/share$/.test(response.url()) &&
        response.request().method() === 'POST',
    );
    await card.getByRole('button', { name: 'Share', exact: true }).click();
    const { shareUrl } = (await (await shared).json()) as { shareUrl: string };

    const visitor = await browser.newContext();
    const visitorPage = await visitor.newPage();
    await visitorPage.goto(new URL(shareUrl).pathname);
    await expect(
      visitorPage.getByRole('heading', { level: 1, name: 'Shared from the dashboard' }),
    ).toBeVisible();
    await expect(visitorPage.getByText('Shared Route • 3 stops')).toBeVisible();
    await visitor.close();
  });

  test('an unknown token: Route Not Found', async ({ page }) => {
    await page.goto('/share/this-token-does-not-exist-0123456789abcdefghijk');
    await expect(page.getByRole('heading', { level: 1, name: 'Route Not Found' })).toBeVisible();
    await expect(page.getByText('Route not found or no longer available')).toBeVisible();
    await expect(
      page.getByText('The shared route you are looking for does not exist.'),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Plan your own route' })).toHaveAttribute(
      'href',
      '/plan',
    );
  });

  test('a revoked link stops working at once', async ({ page, request, accounts }) => {
    const owner = await register(accounts);
    const id = await createRoute(accounts, owner, 'Revoke me');
    const sharePath = await shareRoute(request, owner, id);
    await page.goto(sharePath);
    await expect(page.getByRole('heading', { level: 1, name: 'Revoke me' })).toBeVisible();

    const revoked = await request.delete(`/api/itineraries/${id}/share`, {
      headers: bearer(owner),
    });
    expect(revoked.status()).toBe(204);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Route Not Found' })).toBeVisible();
    await expect(page.getByText('Route not found or no longer available')).toBeVisible();
  });

  test('a route without stops, and a failure that Retry recovers from', async ({ page }) => {
    await page.route(
      '**/api/itineraries/share/empty-route-token-0123456789abcdefghijklmnop',
      (route) => route.fulfill({ json: { title: 'Nothing yet', stops: [] } }),
    );
    await page.goto('/share/empty-route-token-0123456789abcdefghijklmnop');
    await expect(page.getByRole('heading', { level: 1, name: 'Nothing yet' })).toBeVisible();
    await expect(page.getByText('No stops in this route.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Start Route in Waze' })).toHaveCount(0);

    let failing = true;
    await page.route(
      '**/api/itineraries/share/flaky-route-token-0123456789abcdefghijklmnop',
      (route) =>
        failing
          ? route.fulfill({ status: 503, json: { error: 'Service unavailable' } })
          : route.fulfill({ json: { title: 'Back again', stops: STOPS.slice(0, 1) } }),
    );
    await page.goto('/share/flaky-route-token-0123456789abcdefghijklmnop');
    await expect(page.getByText('Failed to load route')).toBeVisible();
    failing = false;
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Back again' })).toBeVisible();
    await expect(page.getByText('Shared Route • 1 stop', { exact: true })).toBeVisible();
  });

  test.describe('on a phone @phone', () => {
    test.skip(notOnPhone, PHONE_ONLY);

    test('a tap hands a stop to the Waze app, then to its web link; the page passes axe', async ({
      page,
      context,
      request,
      accounts,
    }) => {
      test.slow(); // three hand-offs, each a page load back
      const owner = await register(accounts);
      const id = await createRoute(accounts, owner, 'Burgundy deliveries', [
        { ...STOPS[0], status: 'done' },
        STOPS[1],
        STOPS[2],
      ]);
      const sharePath = await shareRoute(request, owner, id, { includeNotes: true });
      const opened = await stubWaze(context);
      const navigations = await watchNavigations(page);
      const stops = page.locator('.shared-stop');

      await page.goto(sharePath);
      await expect(
        page.getByRole('heading', { level: 1, name: 'Burgundy deliveries' }),
      ).toBeVisible();
      await expect(stops).toHaveCount(3);
      await expect(stops.nth(1).locator('.stop-note')).toHaveText(
        'Note: Door code 4821, ring twice',
      );
      await expect(stops.nth(0).locator('.shared-stop__status')).toHaveText('Done');
      await expectAccessible(page);

      // The Trip Summary is one line over the map, opened by a tap; the stops are fitted clear of it.
      const summary = page.locator('.shared__summary');
      const line = summary.getByRole('button', { name: /^3 stops · \d+ km · (\d+h )?\d+m$/ });
      await expect(line).toHaveAttribute('aria-expanded', 'false');
      await expect(summary.getByTestId('summary-distance')).toBeHidden();
      expect((await summary.boundingBox())!.height).toBeLessThanOrEqual(50);
      await expect(page.locator('.numbered-marker')).toHaveCount(3);
      await expect.poll(() => markersUnder(page, '.shared__summary')).toEqual([]);
      await line.tap();
      await expect(summary.getByTestId('summary-distance')).toBeVisible();
      await expectAccessible(page, '.shared__summary');
      await line.tap();
      await expect(summary.getByTestId('summary-distance')).toBeHidden();

      // Start (at stop 2: stop 1 is done), Next Stop and a stop's own button.
      await expectAppHandOff(
        page,
        page.getByRole('button', { name: 'Start Route in Waze' }),
        STOPS[1],
        navigations,
      );
      await expect(stops.nth(1)).toHaveAttribute('aria-current', 'step');
      await expectAppHandOff(
        page,
        page.getByRole('button', { name: 'Next Stop (3/3)' }),
        STOPS[2],
        navigations,
      );
      await expect(stops.nth(2)).toHaveAttribute('aria-current', 'step');
      await expect(page.getByRole('button', { name: /^Next Stop/ })).toHaveCount(0);
      await expectAppHandOff(
        page,
        page.getByRole('button', { name: /^Navigate to stop 1 in Waze: Paris/ }),
        STOPS[0],
        navigations,
      );
      await expect(stops.nth(0)).toHaveAttribute('aria-current', 'step');
      await expect(page.getByRole('button', { name: 'Next Stop (2/3)' })).toBeVisible();
      expect(opened).toEqual([STOPS[1], STOPS[2], STOPS[0]].map(wazeWeb));
    });
  });
});

test.describe('navigation page', () => {
  // Taps and the hand-off to the Waze app on a phone: 'on a phone' below.
  test('stops, notes, done and skipped saved to the route, ETA per stop, hand-off, the day', async ({
    page,
    context,
    request,
    accounts,
  }) => {
    // A long drive: every state, two themes checked with axe, several saves.
    test.slow();
    await stubWaze(context);
    const owner = await register(accounts);
    // Stop 3's note has a number to call and an address to write to.
    const round = [
      STOPS[0],
      STOPS[1],
      { ...STOPS[2], note: 'Call +33 6 12 34 56 78 or write to shop@example.com' },
    ];
    const id = await createRoute(accounts, owner, 'Morning round', round);
    const legs = await routeLegs(request);
    await accounts.signIn(page, owner, `/waze-route/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Morning round' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    await expect(page.getByRole('heading', { name: 'Stops (3)' })).toBeVisible();
    await expect(
      page.getByText('Keep this page open while you drive.', { exact: false }),
    ).toBeVisible();
    const points = page.locator('.drive-point');
    await expect(points).toHaveCount(3);
    await expect(points.nth(0)).toContainText('Paris, Île-de-France, France');
    // 6 decimals, as the browser rounds them.
    await expect(points.nth(0)).toContainText(
      `${STOPS[0].lat.toFixed(6)}, ${STOPS[0].lng.toFixed(6)}`,
    );
    await expect(points.nth(2)).toContainText('45.764043, 4.835659');
    // The note of stop 2, in the list.
    await expect(page.locator('.drive-stop').nth(1).locator('.stop-note')).toHaveText(
      'Note: Door code 4821, ring twice',
    );
    const thirdNote = page.locator('.drive-stop').nth(2).locator('.stop-note');
    await expect(thirdNote.getByRole('link', { name: '+33 6 12 34 56 78' })).toHaveAttribute(
      'href',
      'tel:+33612345678',
    );
    await expect(thirdNote.getByRole('link', { name: 'shop@example.com' })).toHaveAttribute(
      'href',
      'mailto:shop@example.com',
    );
    await expect(points.nth(1)).toContainText('Stop 2: Dijon');
    const bar = page.getByRole('progressbar', { name: 'Route progress' });
    await expect(bar).toHaveAttribute('aria-valuenow', '0');
    await expect(bar).toHaveAttribute('aria-valuemax', '3');
    await expect(page.getByText('Current stop 1 of 3')).toBeVisible();

    // An ETA per stop from the route's leg durations: the gaps between them are the legs. The
    // route starts at stop 1: no arrival there (not "now"), here or in the current stop's card.
    await expect(points.nth(2)).toContainText(/ETA \d{1,2}:\d{2}/);
    await expect(points.nth(0).locator('.drive-point__eta')).toHaveCount(0);
    await expect(page.getByRole('group', { name: 'Current' })).not.toContainText('ETA');
    const etas = await Promise.all(
      [1, 2].map(async (i) =>
        minutesOfDay((await points.nth(i).locator('.drive-point__eta').textContent()) ?? ''),
      ),
    );
    expectMinutesApart(etas[0], etas[1], legs[1].duration / 60);
    const totalKm = Math.round((legs[0].distance + legs[1].distance) / 1000);
    await expect(page.getByTestId('drive-remaining')).toHaveText(
      new RegExp(`^${totalKm} km to go, last stop around \\d{1,2}:\\d{2}`),
    );

    await expectWebHandOff(
      page,
      page.getByRole('button', { name: 'Start Route in Waze' }),
      STOPS[0],
    );
    await expectWebHandOff(page, points.nth(1), STOPS[1]);
    // Handing a stop to Waze does not settle it.
    await expect(page.getByText('Current stop 1 of 3')).toBeVisible();

    // Arrived at stop 1: Done. Stop 2 becomes current, its note shown first.
    const current = page.getByRole('group', { name: 'Current' });
    await current.getByRole('button', { name: 'Done', exact: true }).click();
    await expect(page.getByText('Current stop 2 of 3')).toBeVisible();
    await expect(bar).toHaveAttribute('aria-valuenow', '1');
    await expect(current.locator('.stop-note')).toHaveText('Note: Door code 4821, ring twice');
    await expect(current).toContainText(/ETA \d{1,2}:\d{2}/);
    await expect(points.nth(0)).toContainText('Done');
    await expect(points.nth(0).locator('.drive-point__eta')).toHaveCount(0);
    await expect(points.nth(1)).toHaveAttribute('aria-current', 'step');
    await expect.poll(() => statuses(accounts, owner, id)).toEqual(['done', null, null]);

    // A reload (or a phone that dropped the tab while locked) reads the progress back from the route.
    await page.reload();
    await expect(page.getByText('Current stop 2 of 3')).toBeVisible();
    await expect(page.getByRole('progressbar', { name: 'Route progress' })).toHaveAttribute(
      'aria-valuenow',
      '1',
    );
    await expectWebHandOff(page, page.getByRole('button', { name: 'Next Stop (2/3)' }), STOPS[1]);

    // Skip stop 2 from the list, undo it, skip it again.
    await page.getByRole('button', { name: /^Skip stop 2: Dijon/ }).click();
    await expect(page.getByText('Current stop 3 of 3')).toBeVisible();
    await expect(points.nth(1)).toContainText('Skipped');
    await page.getByRole('button', { name: /^Undo stop 2: Dijon/ }).click();
    await expect(page.getByText('Current stop 2 of 3')).toBeVisible();
    await page.getByRole('button', { name: /^Skip stop 2: Dijon/ }).click();
    await expect(page.getByText('Current stop 3 of 3')).toBeVisible();
    // Done, skipped, current, notes and ETAs readable in both themes.
    await expect.poll(() => statuses(accounts, owner, id)).toEqual(['done', 'skipped', null]);
    await expectAccessible(page);
    await page.evaluate(() => localStorage.setItem('theme', 'dark'));
    await page.reload();
    await expect(page.getByText('Current stop 3 of 3')).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: /^Mark stop 3 done: Lyon/ }).click();
    await expect(page.getByText('All stops done')).toBeVisible();
    await expect(page.getByRole('progressbar', { name: 'Route progress' })).toHaveAttribute(
      'aria-valuenow',
      '3',
    );
    await expect(page.getByRole('button', { name: /^Next Stop/ })).toHaveCount(0);
    await expect(page.getByTestId('drive-remaining')).toHaveCount(0);
    await expect.poll(() => statuses(accounts, owner, id)).toEqual(['done', 'skipped', 'done']);
    // The day's summary: the stops, the time since the first hand-off, the legs' driving.
    const summary = page.getByRole('region', { name: 'Your day' });
    await expect(summary.getByTestId('summary-done')).toHaveText('2');
    await expect(summary.getByTestId('summary-skipped')).toHaveText('1');
    await expect(summary.getByTestId('summary-took')).toHaveText(/^(\d+h )?\d+m$/);
    const plannedMinutes = Math.round((legs[0].duration + legs[1].duration) / 60);
    await expect(summary.getByTestId('summary-planned')).toHaveText(
      plannedMinutes >= 60
        ? `${Math.floor(plannedMinutes / 60)}h ${plannedMinutes % 60}m`
        : `${plannedMinutes}m`,
    );

    // 'Start over' asks first: Cancel changes nothing.
    const startOver = page.getByRole('button', { name: 'Start over' });
    await startOver.click();
    let confirm = page.getByRole('alertdialog', { name: 'Start over?' });
    await expect(confirm).toContainText('Every stop goes back to to-do. Notes are kept.');
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toHaveCount(0);
    await expect(startOver).toBeFocused();
    await expect(page.getByRole('progressbar', { name: 'Route progress' })).toHaveAttribute(
      'aria-valuenow',
      '3',
    );
    expect(await statuses(accounts, owner, id)).toEqual(['done', 'skipped', 'done']);

    // Confirmed, every stop goes back to do and the first hand-off has the focus.
    await startOver.click();
    confirm = page.getByRole('alertdialog', { name: 'Start over?' });
    await confirm.getByRole('button', { name: 'Start over' }).click();
    await expect(confirm).toHaveCount(0);
    await expect(page.getByRole('progressbar', { name: 'Route progress' })).toHaveAttribute(
      'aria-valuenow',
      '0',
    );
    await expect(page.getByText('Current stop 1 of 3')).toBeVisible();
    await expect(
      page
        .getByRole('group', { name: 'Current', exact: true })
        .getByRole('button', { name: 'Start Route in Waze' }),
    ).toBeFocused();
    await expect.poll(() => statuses(accounts, owner, id)).toEqual([null, null, null]);
    // Nothing else about the route changed: same stops, same note, nothing duplicated.
    const saved = await getRoute(accounts, owner, id);
    expect(saved.stops).toEqual(round);
    await expect(page.locator('.drive__offline')).toHaveCount(0);

    // The export menu rides along: a GPX of the stops (notes kept) with the route line.
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download GPX' }).click();
    const gpx = await readFile(await (await download).path(), 'utf8');
    expect(gpx.match(/<wpt /g)).toHaveLength(3);
    expect(gpx).toContain('<desc>Door code 4821, ring twice</desc>');
    expect(gpx).toContain('<trkpt ');

    await page.getByRole('link', { name: 'Back to Dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test.describe('on a phone @phone', () => {
    test.skip(notOnPhone, PHONE_ONLY);

    test('taps settle the stops and hand them to the Waze app; done and skipped pass axe in both themes', async ({
      page,
      context,
      accounts,
    }) => {
      test.slow(); // three hand-offs, two of them a page load back
      await stubWaze(context);
      const navigations = await watchNavigations(page);
      const owner = await register(accounts);
      // On the road: stop 1 done, stop 2 skipped, stop 3 next.
      const id = await createRoute(accounts, owner, 'Morning round', [
        { ...STOPS[0], status: 'done' },
        { ...STOPS[1], status: 'skipped' },
        STOPS[2],
      ]);
      await accounts.signIn(page, owner, `/waze-route/${id}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Morning round' })).toBeVisible();
      const points = page.locator('.drive-point');
      const current = page.getByRole('group', { name: 'Current' });

      await test.step('done, skipped and current, in both themes', async () => {
        await expect(page.getByText('Current stop 3 of 3')).toBeVisible();
        await expect(points.nth(0)).toContainText('Done');
        await expect(points.nth(1)).toContainText('Skipped');
        await expect(points.nth(2)).toContainText(/ETA \d{1,2}:\d{2}/);
        await expectAccessible(page);
        // The header's theme button: automatic, light, then dark.
        await page.getByRole('button', { name: /^Theme: automatic/ }).tap();
        await page.getByRole('button', { name: /^Theme: light/ }).tap();
        await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
        await expectAccessible(page);
      });

      await test.step('taps: undo, skip, done, and Start over (asked first)', async () => {
        await page.getByRole('button', { name: /^Undo stop 2: Dijon/ }).tap();
        await expect(page.getByText('Current stop 2 of 3')).toBeVisible();
        await page.getByRole('button', { name: /^Skip stop 2: Dijon/ }).tap();
        await expect(page.getByText('Current stop 3 of 3')).toBeVisible();
        await page.getByRole('button', { name: /^Mark stop 3 done: Lyon/ }).tap();
        await expect(page.getByText('All stops done')).toBeVisible();
        await expect(page.getByRole('region', { name: 'Your day' })).toBeVisible();
        await expectAccessible(page);
        await expect.poll(() => statuses(accounts, owner, id)).toEqual(['done', 'skipped', 'done']);

        const startOver = page.getByRole('button', { name: 'Start over' });
        await startOver.tap();
        let confirm = page.getByRole('alertdialog', { name: 'Start over?' });
        await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
        await confirm.getByRole('button', { name: 'Cancel' }).tap();
        await expect(confirm).toHaveCount(0);
        await expect(startOver).toBeFocused();
        await startOver.tap();
        confirm = page.getByRole('alertdialog', { name: 'Start over?' });
        await confirm.getByRole('button', { name: 'Start over' }).tap();
        await expect(confirm).toHaveCount(0);
        await expect(page.getByText('Current stop 1 of 3')).toBeVisible();
        await expect(current.getByRole('button', { name: 'Start Route in Waze' })).toBeFocused();
        await expect.poll(() => statuses(accounts, owner, id)).toEqual([null, null, null]);
      });

      await test.step('the export menu', async () => {
        await page.getByRole('button', { name: 'Export', exact: true }).tap();
        const download = page.waitForEvent('download');
        await page.getByRole('button', { name: 'Download GPX' }).tap();
        const gpx = await readFile(await (await download).path(), 'utf8');
        expect(gpx.match(/<wpt /g)).toHaveLength(3);
      });

      await test.step('the hand-off to the Waze app: Start, a trip point, Next Stop', async () => {
        await expectAppHandOff(
          page,
          page.getByRole('button', { name: 'Start Route in Waze' }),
          STOPS[0],
          navigations,
        );
        await expectAppHandOff(page, points.nth(1), STOPS[1], navigations);
        await expect(page.getByText('Current stop 1 of 3')).toBeVisible();
        await current.getByRole('button', { name: 'Done', exact: true }).tap();
        await expect(page.getByText('Current stop 2 of 3')).toBeVisible();
        await expect.poll(() => statuses(accounts, owner, id)).toEqual(['done', null, null]);
        await expectAppHandOff(
          page,
          page.getByRole('button', { name: 'Next Stop (2/3)' }),
          STOPS[1],
          navigations,
          { back: false },
        );
      });
    });
  });

  test("another user's route, no id, and a failed load with Retry", async ({ page, accounts }) => {
    const owner = await register(accounts);
    const stranger = await register(accounts);
    const strangersRoute = await createRoute(accounts, stranger, 'Not yours');
    const id = await createRoute(accounts, owner, 'Mine');
    await accounts.signIn(page, owner, `/waze-route/${strangersRoute}`);
    await expect(page.getByText('Route not found', { exact: true })).toBeVisible();
    await expect(page.locator('body')).not.toContainText('Not yours');

    await page.goto('/waze-route/');
    await expect(page.getByText('No route ID provided')).toBeVisible();

    let failing = true;
    await page.route(`**/api/itineraries/${id}`, (route) =>
      failing
        ? route.fulfill({ status: 500, json: { error: 'database unavailable' } })
        : route.fallback(),
    );
    await page.goto(`/waze-route/${id}`);
    await expect(page.getByText('Failed to load route')).toBeVisible();
    failing = false;
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Mine' })).toBeVisible();
  });

  test("the planner's Start Route in Waze saves the route and lands here", async ({
    page,
    accounts,
    planner,
  }) => {
    const owner = await register(accounts);
    await accounts.signIn(page, owner);
    await planner.addStop('Paris');
    await expect(planner.stopItems).toHaveCount(1);
    await page.getByRole('button', { name: 'Start Route in Waze' }).click();
    await expect(page).toHaveURL(/\/waze-route\/[^/]+$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Trip to Paris' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Stops (1)' })).toBeVisible();
  });
});
