import { expect, test, type Account, type Accounts, type Page } from './support/fixtures';

/**
 * Driving offline: the production build's service worker (which every e2e stack serves;
 * the other specs block it) and the copy of the route on the device. Not a layout or touch
 * test: desktop only (the phone's hand-off to the Waze app is in share-navigate.spec.ts).
 */
test.use({ serviceWorkers: 'allow' });

const STOPS = [
  { name: 'Paris, Île-de-France, France', lat: 48.8534951, lng: 2.3483915 },
  {
    name: 'Dijon, Côte-d’Or, France',
    lat: 47.3215806,
    lng: 5.0414701,
    note: 'Door code 4821, ring twice',
  },
  {
    name: 'Lyon, Métropole de Lyon, France',
    lat: 45.764043,
    lng: 4.835659,
    note: 'Loading bay behind the shop',
  },
];
const OFFLINE_NOTICE = "Offline — changes will be saved when you're back online";
const wazeWeb = (stop: { lat: number; lng: number }) =>
  `https://waze.com/ul?ll=${stop.lat.toFixed(6)},${stop.lng.toFixed(6)}&navigate=yes`;

const register = (accounts: Accounts) => accounts.register('offline');
const createRoute = (accounts: Accounts, owner: Account, title: string) =>
  accounts.postRoute(owner, title, STOPS);

interface SavedRoute {
  title: string;
  stops: ((typeof STOPS)[number] & { status?: string })[];
  updated_at: string;
}

/** The saved route, its stops without the ids the server gave them (to compare with STOPS). */
const getRoute = async (accounts: Accounts, owner: Account, id: string): Promise<SavedRoute> => {
  const route = await accounts.getRoute<SavedRoute>(owner, id);
  return { ...route, stops: withoutIds(route.stops) };
};
const withoutIds = <S extends object>(stops: S[]) =>
  stops.map((stop) => {
    const { id: _id, ...rest } = stop as S & { id?: string };
    return rest as S;
  });

const statuses = async (accounts: Accounts, owner: Account, id: string) =>
  (await getRoute(accounts, owner, id)).stops.map((stop) => stop.status ?? null);

/** Waze links the page opens (window.open on a desktop, location changes on a phone), kept and cancelled. */
async function recordHandOffs(page: Page) {
  await page.addInitScript(() => {
    const handOffs: string[] = [];
    (window as unknown as { __handOffs: string[] }).__handOffs = handOffs;
    window.open = (url?: string | URL) => {
      handOffs.push(String(url));
      return null;
    };
    (window as unknown as { navigation: EventTarget }).navigation.addEventListener(
      'navigate',
      (event) => {
        const navigate = event as Event & { destination: { url: string }; cancelable: boolean };
        if (!/^(waze:|https:\/\/waze\.com\/)/.test(navigate.destination.url)) return;
        handOffs.push(navigate.destination.url);
        if (navigate.cancelable) navigate.preventDefault();
      },
    );
  });
  return () => page.evaluate(() => (window as unknown as { __handOffs: string[] }).__handOffs);
}

/** Moves the stored session's expiry into the past, as an hour on the road would (supabase-js then refreshes it). */
async function expireStoredAccessToken(page: Page) {
  const expired = await page.evaluate(() => {
    const keys = Object.keys(localStorage).filter((key) => /^sb-.*-auth-token$/.test(key));
    for (const key of keys) {
      const session = JSON.parse(localStorage.getItem(key)!) as { expires_at: number };
      session.expires_at = Math.floor(Date.now() / 1000) - 60;
      localStorage.setItem(key, JSON.stringify(session));
    }
    return keys.length;
  });
  expect(expired).toBe(1);
}

/** Installed: the service worker controls the page (its precache is complete by then). */
async function waitForServiceWorker(page: Page) {
  await page.waitForFunction(async () => {
    const registration = await navigator.serviceWorker.ready;
    return Boolean(registration.active) && navigator.serviceWorker.controller !== null;
  });
}

test.describe('driving offline', () => {
  test('a route opened once keeps working offline; changes made offline are saved once when back online', async ({
    page,
    context,
    request,
    accounts,
  }) => {
    const handOffs = await recordHandOffs(page);
    const owner = await register(accounts);
    const id = await createRoute(accounts, owner, 'Offline round');
    const puts: string[] = [];
    page.on('request', (req) => {
      if (req.method() === 'PUT' && req.url().endsWith(`/api/itineraries/${id}`))
        puts.push(req.postData() ?? '');
    });

    await accounts.signIn(page, owner);
    // The app is installable: a manifest with its icons, and a service worker.
    const manifest = (await (await request.get('/manifest.webmanifest')).json()) as Record<
      string,
      unknown
    >;
    expect(manifest).toMatchObject({
      name: 'Route Planner',
      start_url: '/',
      display: 'standalone',
      theme_color: '#007bff',
    });
    await page.goto(`/waze-route/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Offline round' })).toBeVisible();
    await expect(page.locator('.drive-point').nth(2)).toContainText(/ETA \d{1,2}:\d{2}/);
    await waitForServiceWorker(page);

    // Stop 1 done while online: saved at once.
    const current = page.getByRole('group', { name: 'Current' });
    await current.getByRole('button', { name: 'Done', exact: true }).click();
    await expect(page.getByText('Current stop 2 of 3')).toBeVisible();
    await expect.poll(() => statuses(accounts, owner, id)).toEqual(['done', null, null]);

    // No connection: the page reloads from the service worker and the copy on the device.
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Offline round' })).toBeVisible();
    await expect(page.getByText(OFFLINE_NOTICE)).toBeVisible();
    await expect(page.locator('.drive-point')).toHaveCount(3);
    await expect(page.getByText('Current stop 2 of 3')).toBeVisible();
    await expect(page.getByRole('progressbar', { name: 'Route progress' })).toHaveAttribute(
      'aria-valuenow',
      '1',
    );
    await expect(current.locator('.stop-note')).toHaveText('Note: Door code 4821, ring twice');
    await expect(page.locator('.drive-stop').nth(2).locator('.stop-note')).toHaveText(
      'Note: Loading bay behind the shop',
    );
    await expect(page.locator('.drive-point').nth(2)).toContainText(/ETA \d{1,2}:\d{2}/);

    // The Waze hand-off still works (Waze itself finds its own way).
    await current.getByRole('button', { name: 'Next Stop (2/3)' }).click();
    await expect.poll(handOffs).toContain(wazeWeb(STOPS[1]));

    // Stop 2 done and stop 3's note rewritten offline: shown at once, kept across a reload, not on the server yet.
    await current.getByRole('button', { name: 'Done', exact: true }).click();
    await expect(page.getByText('Current stop 3 of 3')).toBeVisible();
    await page.getByRole('button', { name: /^Edit note of stop 3: Lyon/ }).click();
    await page.getByLabel('Note for stop 3').fill('Loading bay closed: use the front door');
    await page.getByRole('button', { name: 'Save note' }).click();
    await expect(current.locator('.stop-note')).toHaveText(
      'Note: Loading bay closed: use the front door',
    );
    // Meanwhile the access token expires: its refresh fails offline, and the driver stays signed in.
    await expireStoredAccessToken(page);
    await page.reload();
    await expect(page).toHaveURL(new RegExp(`/waze-route/${id}$`));
    await expect(page.getByText('Current stop 3 of 3')).toBeVisible();
    await expect(page.locator('.drive-point').nth(1)).toContainText('Done');
    await expect(page.locator('.drive-stop').nth(2).locator('.stop-note')).toHaveText(
      'Note: Loading bay closed: use the front door',
    );
    await expect(page.getByText(OFFLINE_NOTICE)).toBeVisible();
    expect(await statuses(accounts, owner, id)).toEqual(['done', null, null]);
    expect((await getRoute(accounts, owner, id)).stops[2].note).toBe(STOPS[2].note);

    // Back online: the change is saved, exactly once, and nothing else changed.
    await context.setOffline(false);
    await expect.poll(() => statuses(accounts, owner, id)).toEqual(['done', 'done', null]);
    await expect(page.getByText(OFFLINE_NOTICE)).toHaveCount(0);
    const saved = await getRoute(accounts, owner, id);
    expect(saved.title).toBe('Offline round');
    expect(saved.stops).toEqual([
      { ...STOPS[0], status: 'done' },
      { ...STOPS[1], status: 'done' },
      { ...STOPS[2], note: 'Loading bay closed: use the front door' },
    ]);
    await page.reload();
    await expect(page.getByText('Current stop 3 of 3')).toBeVisible();
    // One PUT for the change made online, one for everything done offline.
    expect(puts).toHaveLength(2);
    expect(withoutIds(JSON.parse(puts[1]).stops as object[])).toEqual(saved.stops);
  });

  test('changes left queued on the road are sent from the dashboard once back online', async ({
    page,
    context,
    accounts,
  }) => {
    const owner = await register(accounts);
    const id = await createRoute(accounts, owner, 'Back at the depot');
    await accounts.signIn(page, owner, `/waze-route/${id}`);
    await expect(page.getByText('Current stop 1 of 3')).toBeVisible();
    await waitForServiceWorker(page);

    await context.setOffline(true);
    await page.getByRole('button', { name: /^Skip stop 1: Paris/ }).click();
    await expect(page.getByText('Current stop 2 of 3')).toBeVisible();
    // The driver leaves the navigation page before the connection returns.
    await page.goto('/dashboard');
    // The dashboard is up (its list cannot load offline: it offers Retry).
    await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
    expect(await statuses(accounts, owner, id)).toEqual([null, null, null]);

    await context.setOffline(false);
    await expect.poll(() => statuses(accounts, owner, id)).toEqual(['skipped', null, null]);
    await expect(page.locator('article').filter({ hasText: 'Back at the depot' })).toBeVisible();
  });

  test('a route changed elsewhere meanwhile: the server version stays and the driver is told', async ({
    page,
    context,
    request,
    accounts,
  }) => {
    const owner = await register(accounts);
    const id = await createRoute(accounts, owner, 'Changed elsewhere');
    await accounts.signIn(page, owner, `/waze-route/${id}`);
    await expect(page.getByText('Current stop 1 of 3')).toBeVisible();
    await waitForServiceWorker(page);

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByText(OFFLINE_NOTICE)).toBeVisible();
    await page.getByRole('button', { name: /^Mark stop 1 done: Paris/ }).click();
    await expect(page.getByText('Current stop 2 of 3')).toBeVisible();

    // Meanwhile the office reorders the route.
    const reordered = [STOPS[2], STOPS[0], STOPS[1]];
    const edit = await request.put(`/api/itineraries/${id}`, {
      headers: accounts.bearer(owner),
      data: { title: 'Changed elsewhere', stops: reordered },
    });
    expect(edit.status()).toBe(200);

    await context.setOffline(false);
    await expect(
      page.getByText('This route was changed elsewhere meanwhile', { exact: false }),
    ).toBeVisible();
    await expect(page.locator('.drive-point').nth(0)).toContainText('Lyon');
    await expect(page.getByText('Current stop 1 of 3')).toBeVisible();
    expect((await getRoute(accounts, owner, id)).stops).toEqual(reordered);
  });
});
