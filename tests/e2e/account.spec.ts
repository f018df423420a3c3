// Accounts people can trust, in a real browser against the local stack: password
// reset by email (the email read from the stack, as Auth sent it), the account page (password,
// email, "Download my data", "Delete my account"), and share links that show the notes for the
// driver only when the owner includes them. The flows run on the desktop; 'on a phone' (@phone)
// passes axe on their screens in the phone's layout and reaches the account page from the
// bottom navigation.
import { readFile } from 'node:fs/promises';
import { strFromU8, unzipSync } from 'fflate';
import { expectAccessible } from './support/accessibility';
import { E2E_PASSWORD } from './support/accounts-api';
import { notOnPhone, PHONE_ONLY } from './support/phone-layout';
import {
  bearer,
  expect,
  test,
  type Account,
  type APIRequestContext,
  type Page,
} from './support/fixtures';

const SENT = 'If an account exists for this email, we have sent a link to reset the password.';
const EXPIRED = 'This link has expired or has already been used.';
const PUBLISHABLE_KEY = 'sb_publishable_route_planner_local_dev_only';

const STOPS = [
  { name: 'Paris, Île-de-France, France', lat: 48.8534951, lng: 2.3483915 },
  {
    name: 'Dijon, Côte-d’Or, France',
    lat: 47.3215806,
    lng: 5.0414701,
    note: 'Door code 4821, ring twice',
  },
  { name: 'Lyon, Métropole de Lyon, France', lat: 45.764043, lng: 4.835659 },
];

interface Email {
  to: string;
  subject: string;
  link: string | null;
}

/** The emails Auth sent to `address`, as the local stack captured them (never a mock). */
async function emailsTo(gatewayUrl: string, address: string): Promise<Email[]> {
  const answer = await fetch(`${gatewayUrl}/__test/mail?to=${encodeURIComponent(address)}`);
  expect(answer.ok).toBe(true);
  return (await answer.json()) as Email[];
}

async function lastLinkTo(gatewayUrl: string, address: string, subject: string) {
  let email: Email | undefined;
  await expect
    .poll(async () => {
      email = (await emailsTo(gatewayUrl, address)).filter((e) => e.subject === subject).at(-1);
      return email?.link ?? null;
    })
    .toBeTruthy();
  return email!.link!;
}

/** Ages the address's emailed links past Auth's expiry, as an hour's wait would. */
async function expireLinks(gatewayUrl: string, address: string) {
  const answer = await fetch(`${gatewayUrl}/__test/expire-links`, {
    method: 'POST',
    body: JSON.stringify({ email: address }),
  });
  expect(answer.ok).toBe(true);
}

/** The account page, the way a user gets there on the desktop: the email in the header. */
async function openAccountPage(page: Page, email: string) {
  await page.getByRole('banner').getByRole('link', { name: email }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();
}

async function requestReset(page: Page, email: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: /^Send/ }).click();
}

/** Rows as the database holds them, through the Data API with the user's own token. */
async function databaseRows(
  request: APIRequestContext,
  gatewayUrl: string,
  owner: Account,
  table: 'itineraries' | 'itinerary_shares',
) {
  const answer = await request.get(`${gatewayUrl}/rest/v1/${table}?select=*`, {
    headers: { apikey: PUBLISHABLE_KEY, Authorization: `Bearer ${owner.token}` },
  });
  expect(answer.status()).toBe(200);
  return (await answer.json()) as Record<string, unknown>[];
}

/** The offline store's keys on this device (IndexedDB route-planner-offline). */
const offlineKeys = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<string[]>((resolve) => {
        const open = indexedDB.open('route-planner-offline');
        open.onerror = () => resolve([]);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('entries')) return resolve([]);
          const keys = db.transaction('entries').objectStore('entries').getAllKeys();
          keys.onsuccess = () => resolve(keys.result.map(String));
          keys.onerror = () => resolve([]);
        };
      }),
  );

test.describe('forgotten password', () => {
  test('asks for a link with one answer for every address, then the link sets a new password once', async ({
    page,
    accounts,
    stack,
  }) => {
    test.slow();
    const account = await accounts.register('reset');
    const unknown = accounts.uniqueEmail('nobody');

    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
    await expectAccessible(page);

    // An address without an account and one with: the same answer on the page.
    await requestReset(page, unknown);
    await expect(page.getByRole('status')).toHaveText(SENT);
    await requestReset(page, account.email);
    await expect(page.getByRole('status')).toHaveText(SENT);
    await expectAccessible(page);
    // Only the account holder got an email.
    expect(await emailsTo(stack.gatewayUrl, unknown)).toEqual([]);
    const link = await lastLinkTo(stack.gatewayUrl, account.email, 'Reset Your Password');

    // The link signs in and asks for a new password (registration's rules).
    await page.goto(link);
    await expect(page).toHaveURL(/\/reset-password/);
    await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
    await expectAccessible(page);
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByLabel('Confirm Password').fill('short');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByRole('alert')).toHaveText('Password must be at least 6 characters long');
    await page.getByLabel('Password', { exact: true }).fill('brand-new-password');
    await page.getByLabel('Confirm Password').fill('brand-new-password');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByRole('status')).toHaveText('Your password has been changed.');
    await page.getByRole('link', { name: 'Go to My Routes' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    // The new password works, the old one does not.
    const login = (password: string) =>
      page.request.post('/api/auth/login', { data: { email: account.email, password } });
    expect((await login('brand-new-password')).status()).toBe(200);
    expect((await login(E2E_PASSWORD)).status()).toBe(401);

    // The same link a second time: used up, and a new one can be asked for on the spot.
    await page.context().clearCookies();
    await page.evaluate(() => localStorage.clear());
    await page.goto(link);
    await expect(page).toHaveURL(/\/reset-password/);
    await expect(page.getByRole('alert')).toHaveText(EXPIRED);
    await expect(page.getByLabel('Confirm Password')).toHaveCount(0);
    await expectAccessible(page);
  });

  test('an expired link says so and offers a new one, which works', async ({
    page,
    accounts,
    stack,
  }) => {
    test.slow();
    const account = await accounts.register('expired');
    await page.goto('/forgot-password');
    await requestReset(page, account.email);
    await expect(page.getByRole('status')).toHaveText(SENT);
    const old = await lastLinkTo(stack.gatewayUrl, account.email, 'Reset Your Password');
    await expireLinks(stack.gatewayUrl, account.email);

    await page.goto(old);
    await expect(page.getByRole('alert')).toHaveText(EXPIRED);
    const before = (await emailsTo(stack.gatewayUrl, account.email)).length;
    await requestReset(page, account.email);
    await expect(page.getByRole('status')).toHaveText(SENT);
    await expect
      .poll(async () => (await emailsTo(stack.gatewayUrl, account.email)).length)
      .toBe(before + 1);
    const fresh = await lastLinkTo(stack.gatewayUrl, account.email, 'Reset Your Password');
    expect(fresh).not.toBe(old);
    await page.goto(fresh);
    await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
    await expect(page.getByLabel('Confirm Password')).toBeVisible();
  });
});

test.describe('the account page', () => {
  test('changes the password, asking for the current one first', async ({ page, accounts }) => {
    test.slow();
    const account = await accounts.register('password');
    await accounts.signIn(page, account);
    await openAccountPage(page, account.email);
    await expectAccessible(page);

    const form = page.getByRole('region', { name: 'Change password' });
    await form.getByLabel('Current password').fill('not-my-password');
    await form.getByLabel('New password', { exact: true }).fill('another-password');
    await form.getByLabel('Confirm new password').fill('another-password');
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(form.getByRole('alert')).toHaveText('The current password is not correct.');

    await form.getByLabel('Current password').fill(E2E_PASSWORD);
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(form.getByRole('status')).toHaveText('Your password has been changed.');
    // Still signed in on this device; the new password is the one that works.
    await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();
    const login = (password: string) =>
      page.request.post('/api/auth/login', { data: { email: account.email, password } });
    expect((await login('another-password')).status()).toBe(200);
    expect((await login(E2E_PASSWORD)).status()).toBe(401);
  });

  test('changes the email address through a link sent to the new address', async ({
    page,
    accounts,
    stack,
  }) => {
    test.slow();
    const account = await accounts.register('email');
    const newAddress = accounts.uniqueEmail('moved');
    await accounts.signIn(page, account);
    await openAccountPage(page, account.email);

    const form = page.getByRole('region', { name: 'Change email address' });
    await form.getByLabel('New email address').fill(newAddress);
    await form.getByLabel('Current password').fill(E2E_PASSWORD);
    await form.getByRole('button', { name: 'Change email address' }).click();
    await expect(form.getByRole('status')).toHaveText(
      `We have sent a confirmation link to ${newAddress}. Your email address changes when you open it.`,
    );
    // Nothing changes until the new address confirms.
    expect(
      (
        await page.request.post('/api/auth/login', {
          data: { email: account.email, password: E2E_PASSWORD },
        })
      ).status(),
    ).toBe(200);
    const link = await lastLinkTo(stack.gatewayUrl, newAddress, 'Confirm Email Change');

    await page.goto(link);
    // supabase-js takes the session out of the address, leaving at most an empty fragment.
    await expect(page).toHaveURL(/\/account#?$/);
    await expect(page.getByRole('status').first()).toHaveText(
      `Your email address has been changed to ${newAddress}.`,
    );
    await expect(page.getByRole('banner').getByRole('link', { name: newAddress })).toBeVisible();
    await expectAccessible(page);
    expect(
      (
        await page.request.post('/api/auth/login', {
          data: { email: newAddress, password: E2E_PASSWORD },
        })
      ).status(),
    ).toBe(200);
  });

  test('"Download my data" gives the account and every route as they are in the database', async ({
    page,
    accounts,
    request,
    stack,
  }) => {
    test.slow();
    const account = await accounts.register('export');
    const first = await accounts.postRoute(account, 'Monday deliveries', STOPS);
    await accounts.postRoute(account, 'Tuesday', STOPS.slice(0, 2));
    const shared = await request.post(`/api/itineraries/${first}/share`, {
      headers: bearer(account),
      data: { includeNotes: true },
    });
    expect(shared.status()).toBe(200);
    await accounts.signIn(page, account);
    await openAccountPage(page, account.email);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download my data' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^route-planner-data-\d{4}-\d\d-\d\d\.zip$/);
    await expect(page.getByRole('status')).toHaveText('Your data has been downloaded.');
    const unzipped = unzipSync(new Uint8Array(await readFile(await file.path())));
    const files = new Map(Object.entries(unzipped).map(([name, data]) => [name, strFromU8(data)]));

    const data = JSON.parse(files.get('account.json')!) as {
      account: { email: string };
      itineraries: {
        id: string;
        title: string;
        stops: unknown[];
        total_distance: number;
        share_links: { url: string; include_notes: boolean }[];
      }[];
    };
    expect(data.account.email).toBe(account.email);
    const rows = await databaseRows(request, stack.gatewayUrl, account, 'itineraries');
    const links = await databaseRows(request, stack.gatewayUrl, account, 'itinerary_shares');
    expect(data.itineraries.map((i) => i.id).sort()).toEqual(rows.map((r) => r.id).sort());
    for (const row of rows) {
      const exported = data.itineraries.find((i) => i.id === row.id)!;
      expect(exported.title).toBe(row.title);
      expect(exported.stops).toEqual(row.stops);
      expect(exported.total_distance).toBe(row.total_distance);
      expect(exported.share_links.map((l) => l.url.split('/share/')[1])).toEqual(
        links.filter((l) => l.itinerary_id === row.id).map((l) => l.token),
      );
    }
    expect(data.itineraries.find((i) => i.id === first)!.share_links[0].include_notes).toBe(true);
    // A GPX per route, with the stops and their notes.
    const gpx = [...files.keys()].filter((name) => name.endsWith('.gpx'));
    expect(gpx).toEqual(['routes/01-monday-deliveries.gpx', 'routes/02-tuesday.gpx']);
    expect(files.get(gpx[0])).toContain('<desc>Door code 4821, ring twice</desc>');
  });

  test('"Delete my account" asks first, deletes everything at once, and clears this device', async ({
    page,
    context,
    accounts,
    request,
    planner,
  }) => {
    test.slow();
    const account = await accounts.register('delete');
    const other = await accounts.register('keep');
    const gone = await accounts.postRoute(account, 'Going away', STOPS);
    const kept = await accounts.postRoute(other, 'Staying', STOPS);
    const share = async (owner: Account, id: string) =>
      (
        (await (
          await request.post(`/api/itineraries/${id}/share`, { headers: bearer(owner) })
        ).json()) as { shareUrl: string }
      ).shareUrl.split('/share/')[1];
    const goneLink = await share(account, gone);
    const keptLink = await share(other, kept);

    // What this device keeps for the account: an offline copy, a queued change, drafts.
    await accounts.signIn(page, account, `/waze-route/${gone}`);
    // The navigation page loads the route and its legs: on a busy machine, slowly.
    await expect(page.getByRole('heading', { level: 1, name: 'Going away' })).toBeVisible({
      timeout: 45_000,
    });
    await context.setOffline(true);
    await page
      .getByRole('group', { name: 'Current' })
      .getByRole('button', { name: 'Done', exact: true })
      .click();
    await expect
      .poll(async () => (await offlineKeys(page)).filter((k) => k.startsWith('outbox:')).length)
      .toBe(1);
    // Back online the queue would be sent at once: keep it queued, as a patchy connection would.
    await page.route('**/api/itineraries/**', (route) =>
      route.request().method() === 'PUT' ? route.abort() : route.fallback(),
    );
    await context.setOffline(false);
    await page.goto('/plan');
    await planner.addStop('Lyon');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('routeDraft'))).not.toBeNull();
    expect((await offlineKeys(page)).some((k) => k.startsWith('itinerary:'))).toBe(true);
    // Unsaved edits of the saved route, as edit mode keeps them.
    const editDraftKey = `routeEditDraft:${gone}`;
    await page.evaluate(
      (key) => localStorage.setItem(key, '{"title":"Going away","stops":[],"baseVersion":""}'),
      editDraftKey,
    );
    // The split's team (drivers' names and places) and the place reached on a shared route.
    await page.evaluate(() => {
      localStorage.setItem('teamDay', '{"drivers":"2","team":[{"name":"Alice"}]}');
      localStorage.setItem('sharedRouteProgress:abc', '{"currentIndex":2,"started":true}');
    });

    await openAccountPage(page, account.email);
    await page.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete your account?' });
    await expect(dialog).toBeVisible();
    await expectAccessible(page, '.dialog');
    const confirm = dialog.getByRole('button', { name: 'Delete my account' });
    await expect(confirm).toBeDisabled();
    await dialog.getByLabel('Type your email address to confirm').fill('someone-else@example.com');
    await expect(confirm).toBeDisabled();
    await dialog.getByLabel('Type your email address to confirm').fill(account.email);
    await confirm.click();

    await expect(page).toHaveURL(/\/account\/deleted$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Your account has been deleted' }),
    ).toBeVisible();
    await expectAccessible(page);
    // Signed out, nothing of the account left on this device.
    await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('routeDraft'))).toBeNull();
    expect(await page.evaluate((key) => localStorage.getItem(key), editDraftKey)).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('teamDay'))).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('sharedRouteProgress:abc'))).toBeNull();
    await expect.poll(() => offlineKeys(page)).toEqual([]);

    // Gone on the server at once: the share link, the account; the other user's data intact.
    expect((await request.get(`/api/itineraries/share/${goneLink}`)).status()).toBe(404);
    await page.goto(`/share/${goneLink}`);
    await expect(page.getByRole('heading', { name: 'Route Not Found' })).toBeVisible();
    expect(
      (
        await request.post('/api/auth/login', {
          data: { email: account.email, password: E2E_PASSWORD },
        })
      ).status(),
    ).toBe(401);
    expect((await request.get(`/api/itineraries/share/${keptLink}`)).status()).toBe(200);
    const others = await request.get('/api/itineraries', { headers: bearer(other) });
    expect(((await others.json()) as { id: string }[]).map((r) => r.id)).toEqual([kept]);
  });
});

test.describe('share links and the notes for the driver', () => {
  test('a link shows no note until the owner includes them', async ({
    page,
    browser,
    context,
    baseURL,
    accounts,
  }) => {
    test.slow();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
    const owner = await accounts.register('notes');
    await accounts.postRoute(owner, 'Door codes inside', STOPS);
    await accounts.signIn(page, owner, '/dashboard');
    const card = page.getByRole('article', { name: 'Door codes inside' });
    await card.getByRole('button', { name: 'Share' }).click();

    const dialog = page.getByRole('dialog', { name: 'Share link' });
    const notes = dialog.getByRole('checkbox', { name: 'Include notes for the driver' });
    await expect(notes).not.toBeChecked();
    await expect(dialog).toContainText(
      'The notes for the driver (door codes, phone numbers) are not shown.',
    );
    await expectAccessible(page, '.dialog');
    const url = await dialog.getByLabel('Share link').inputValue();

    // Someone holding the link, in a browser of their own.
    const recipient = await browser.newContext();
    const shared = await recipient.newPage();
    await shared.goto(url);
    await expect(shared.getByRole('heading', { level: 1, name: 'Door codes inside' })).toBeVisible({
      timeout: 45_000,
    });
    await expect(shared.locator('.shared-stop')).toHaveCount(3);
    await expect(shared.getByText('Door code 4821')).toHaveCount(0);
    const token = url.split('/share/')[1];
    const api = await page.request.get(`/api/itineraries/share/${token}`);
    expect(JSON.stringify(await api.json())).not.toContain('4821');

    // The owner includes them: the same link now shows them.
    await notes.check();
    await expect(notes).toBeChecked();
    // Disabled while the choice is being saved.
    await expect(notes).toBeEnabled();
    await expect(dialog).toContainText('and the notes for the driver (door codes, phone numbers).');
    await expect(dialog.getByLabel('Share link')).toHaveValue(url);
    await shared.reload();
    await expect(shared.locator('.shared-stop').nth(1).locator('.stop-note')).toHaveText(
      'Note: Door code 4821, ring twice',
    );
    // And takes them out again.
    await notes.uncheck();
    await expect(notes).not.toBeChecked();
    await expect(notes).toBeEnabled();
    await shared.reload();
    await expect(shared.locator('.shared-stop')).toHaveCount(3);
    await expect(shared.getByText('Door code 4821')).toHaveCount(0);
    await recipient.close();
  });
});

test('the account pages pass axe in the dark theme too', async ({ page, accounts }) => {
  test.slow();
  const account = await accounts.register('axe');
  await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
  await accounts.signIn(page, account, '/account');
  await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();
  await expectAccessible(page);
  await page.goto('/forgot-password');
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await expectAccessible(page);
});

test.describe('on a phone @phone', () => {
  test.skip(notOnPhone, PHONE_ONLY);

  // The screens of the flows above in the phone's layout (the Pixel 7, 412 px), each reached the
  // short way: axe on each; the account page from the bottom navigation.
  test('the reset, share, account and deletion screens pass axe; Account is in the bottom navigation', async ({
    page,
    context,
    baseURL,
    accounts,
    stack,
  }) => {
    test.slow();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
    const account = await accounts.register('phone');
    await accounts.postRoute(account, 'Door codes inside', STOPS);

    await test.step('forgotten password: the request, the link, the link used up', async () => {
      await page.goto('/forgot-password');
      await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
      await expectAccessible(page);
      await requestReset(page, account.email);
      await expect(page.getByRole('status')).toHaveText(SENT);
      await expectAccessible(page);
      const link = await lastLinkTo(stack.gatewayUrl, account.email, 'Reset Your Password');
      await page.goto(link);
      await expect(page).toHaveURL(/\/reset-password/);
      await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
      await expectAccessible(page);
      // The same link a second time, signed out: used up.
      await page.context().clearCookies();
      await page.evaluate(() => localStorage.clear());
      await page.goto(link);
      await expect(page).toHaveURL(/\/reset-password/);
      await expect(page.getByRole('alert')).toHaveText(EXPIRED);
      await expect(page.getByLabel('Confirm Password')).toHaveCount(0);
      await expectAccessible(page);
    });

    await accounts.signIn(page, account, '/dashboard');

    await test.step('the share dialog of a route with notes for the driver', async () => {
      await page
        .getByRole('article', { name: 'Door codes inside' })
        .getByRole('button', { name: 'Share' })
        .click();
      const dialog = page.getByRole('dialog', { name: 'Share link' });
      await expect(
        dialog.getByRole('checkbox', { name: 'Include notes for the driver' }),
      ).not.toBeChecked();
      await expect(dialog).toContainText(
        'The notes for the driver (door codes, phone numbers) are not shown.',
      );
      await expectAccessible(page, '.dialog');
      await dialog.getByRole('button', { name: 'Close' }).click();
      await expect(dialog).toHaveCount(0);
    });

    await test.step('the account page, from the bottom navigation', async () => {
      await page
        .getByRole('navigation', { name: 'Mobile navigation' })
        .getByRole('link', { name: 'Account' })
        .click();
      await expect(page).toHaveURL(/\/account$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();
      await expectAccessible(page);
    });

    await test.step('"Delete my account": the dialog, then the page after', async () => {
      await page.getByRole('button', { name: 'Delete my account' }).click();
      const dialog = page.getByRole('alertdialog', { name: 'Delete your account?' });
      await expect(dialog).toBeVisible();
      await expectAccessible(page, '.dialog');
      await dialog.getByLabel('Type your email address to confirm').fill(account.email);
      await dialog.getByRole('button', { name: 'Delete my account' }).click();
      await expect(page).toHaveURL(/\/account\/deleted$/);
      await expect(
        page.getByRole('heading', { level: 1, name: 'Your account has been deleted' }),
      ).toBeVisible();
      await expectAccessible(page);
      await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
    });
  });
});
