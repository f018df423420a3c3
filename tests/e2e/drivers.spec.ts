import {
  expect,
  pinLanguage,
  test,
  type Account,
  type APIRequestContext,
  type Page,
} from './support/fixtures';
import { expectAccessible, expectReadableText } from './support/accessibility';
import { expectFitsPhone, notOnPhone, PHONE_ONLY } from './support/phone-layout';

/**
 * Drivers report back: the driver's page of a driver link on a phone (no account; offline and
 * back, each report once), and the owner's live board on a desktop, updating while a driver
 * reports in another browser context. Stop 1 is the route's start, not a delivery.
 */

const STOPS = [
  { name: 'Depot, Paris', lat: 48.8498, lng: 2.3556 },
  { name: 'Bakery, Paris', lat: 48.8534951, lng: 2.3483915, note: 'Door code 4821' },
  { name: 'Pharmacy, Paris', lat: 48.8606, lng: 2.3376 },
  { name: 'Florist, Paris', lat: 48.8462, lng: 2.3371 },
];

/** A 1×1 PNG: a real image for the photo input (the page re-encodes it as a JPEG). */
const PHOTO = {
  name: 'door.png',
  mimeType: 'image/png',
  buffer: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  ),
};

interface Progress {
  stops: {
    id: string;
    name: string;
    report?: { id: string; status: string; reason?: string; photoUrl?: string };
  }[];
}

async function driverLink(request: APIRequestContext, owner: Account, id: string): Promise<string> {
  const response = await request.post(`/api/itineraries/${id}/driver-link`, {
    headers: { Authorization: `Bearer ${owner.token}` },
  });
  expect(response.status()).toBe(201);
  const { driverUrl } = (await response.json()) as { driverUrl: string };
  return new URL(driverUrl).pathname;
}

async function progress(request: APIRequestContext, owner: Account, id: string): Promise<Progress> {
  const response = await request.get(`/api/itineraries/${id}/progress`, {
    headers: { Authorization: `Bearer ${owner.token}` },
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as Progress;
}

/** Reports a stop on the driver's page (the stop's Report button, then the form). */
async function report(
  page: Page,
  stop: string,
  status: 'Delivered' | 'Failed' | 'Skipped',
  extra: (form: ReturnType<Page['getByRole']>) => Promise<void> = async () => undefined,
) {
  await page.getByRole('button', { name: `Report: ${stop}` }).click();
  const form = page.getByRole('form', { name: `Report on ${stop}` });
  await form.getByRole('radio', { name: status }).check();
  await extra(form);
  await form.getByRole('button', { name: 'Send the report' }).click();
  await expect(form).toBeHidden();
}

test.describe('the driver on a phone @phone', () => {
  test.skip(notOnPhone, PHONE_ONLY);
  test.use({
    geolocation: { latitude: 48.85351, longitude: 2.34841, accuracy: 12 },
    permissions: ['geolocation'],
  });

  test('reports each stop with a photo and a reason, offline and back, each report once', async ({
    page,
    context,
    request,
    accounts,
  }) => {
    const owner = await accounts.register('driver');
    const id = await accounts.postRoute(owner, 'Monday round', STOPS);
    const drivePath = await driverLink(request, owner, id);

    await page.goto(drivePath);
    await expect(page.getByRole('heading', { level: 1, name: 'Monday round' })).toBeVisible();
    await expect(
      page.getByRole('article', { name: 'Stop 1: Depot, Paris' }).getByText('Start'),
    ).toBeVisible();
    await expect(page.getByText('3 stops · 0 reported')).toBeVisible();
    const next = page.getByRole('article', { name: 'Stop 2: Bakery, Paris' });
    await expect(next.getByText('Next stop')).toBeVisible();
    await expect(next.getByText('Door code 4821')).toBeVisible();
    await expectFitsPhone(page, '.driver');
    await expectAccessible(page);
    await expectReadableText(page);

    // Delivered, with a photo from the gallery; the phone's position goes along.
    await report(page, 'Bakery, Paris', 'Delivered', async (form) => {
      await form.getByLabel('Choose a photo').setInputFiles(PHOTO);
      await expect(form.getByRole('img', { name: 'The photo to send' })).toBeVisible();
      await expect(form.getByText(/^Your position is added/)).toBeVisible();
      await expectAccessible(page);
    });
    await expect(
      page.getByRole('article', { name: 'Stop 3: Pharmacy, Paris' }).getByText('Next stop'),
    ).toBeVisible();
    // The photo reached Storage as the JPEG the phone made of it (a PNG was chosen), and its
    // owner's short-lived link serves it.
    await expect
      .poll(async () => (await progress(request, owner, id)).stops[1].report?.photoUrl)
      .toBeTruthy();
    const photoUrl = (await progress(request, owner, id)).stops[1].report!.photoUrl!;
    const photo = await request.get(photoUrl);
    expect(photo.status()).toBe(200);
    expect([...(await photo.body()).subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);

    // Offline: the report waits on the phone, and the page says so.
    const posted: string[] = [];
    page.on('request', (sent) => {
      if (sent.method() === 'POST' && sent.url().endsWith('/reports'))
        posted.push((JSON.parse(sent.postData() ?? '{}') as { id: string }).id);
    });
    await context.setOffline(true);
    await report(page, 'Pharmacy, Paris', 'Failed', async (form) => {
      await form
        .getByRole('combobox', { name: 'Why did it fail?' })
        .selectOption({ label: 'Nobody there' });
    });
    await expect(page.getByTestId('outbox-status')).toHaveText(
      'Offline: 1 report will be sent when the connection is back.',
    );
    expect((await progress(request, owner, id)).stops[2].report).toBeUndefined();

    // Back online, the first answer is lost on its way back (the server has the report): the
    // phone sends it again with the same id, and the server keeps one report.
    let lostOne = false;
    await page.route('**/api/drive/*/reports', async (route) => {
      if (lostOne) return route.continue();
      lostOne = true;
      await route.fetch();
      await route.abort('connectionreset');
    });
    await context.setOffline(false);
    await expect(page.getByTestId('outbox-status')).toHaveText('', { timeout: 30_000 });
    expect(posted.length).toBeGreaterThanOrEqual(2);
    expect(new Set(posted).size).toBe(1);
    const after = await progress(request, owner, id);
    expect(after.stops[2].report).toMatchObject({
      id: posted[0],
      status: 'failed',
      reason: 'nobody-there',
    });

    // Reopening the link shows what was reported.
    await page.unroute('**/api/drive/*/reports');
    await page.reload();
    await expect(
      page.getByRole('article', { name: 'Stop 3: Pharmacy, Paris' }).getByTestId('stop-report'),
    ).toHaveText(/^Failed · Nobody there/);
    await expect(
      page.getByRole('article', { name: 'Stop 4: Florist, Paris' }).getByText('Next stop'),
    ).toBeVisible();
  });
});

test.describe('the dispatcher', () => {
  test('the live board follows a driver reporting in another browser, and the day’s report downloads', async ({
    page,
    browser,
    baseURL,
    request,
    accounts,
  }) => {
    // One walk through the dispatcher's pages (a browser for the driver too): longer than most.
    test.slow();
    const owner = await accounts.register('board');
    const id = await accounts.postRoute(owner, 'Tuesday round', STOPS);
    const drivePath = await driverLink(request, owner, id);

    await accounts.signIn(page, owner, `/board/route/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Tuesday round' })).toBeVisible();
    const statuses = page.getByTestId('board-stop-status');
    await expect(statuses).toHaveText(['Start', 'To do', 'To do', 'To do']);
    await expect(page.getByTestId('board-updated')).toHaveText(/^Updated at /);
    await expectAccessible(page);

    // Another browser context, as a driver's phone is (in English, as the test's own).
    const driver = await browser.newContext({
      baseURL,
      locale: 'en-US',
      geolocation: { latitude: 48.87, longitude: 2.34841, accuracy: 30 },
      permissions: ['geolocation'],
    });
    await pinLanguage(driver, 'en');
    const phone = await driver.newPage();
    await phone.goto(drivePath);
    await report(phone, 'Bakery, Paris', 'Delivered', async (form) => {
      await form.getByLabel('Choose a photo').setInputFiles(PHOTO);
      await expect(form.getByRole('img', { name: 'The photo to send' })).toBeVisible();
      await expect(form.getByText(/^Your position is added/)).toBeVisible();
    });
    // The phone has sent the report and then its photo.
    await expect
      .poll(async () => (await progress(request, owner, id)).stops[1].report?.photoUrl)
      .toBeTruthy();
    await driver.close();

    // The board asks again on its own (every 15 s) and shows the report, far from its stop,
    // with its photo (a signed link that serves it to the owner).
    await expect(statuses).toHaveText(['Start', 'Delivered', 'To do', 'To do'], {
      timeout: 25_000,
    });
    const bakery = page.getByTestId('board-stop').nth(1);
    await expect(bakery.getByText(/far from the stop/)).toBeVisible();
    const photoLink = bakery.getByRole('link', { name: 'Photo at Bakery, Paris' });
    await expect(photoLink).toBeVisible({ timeout: 25_000 });
    expect((await request.get((await photoLink.getAttribute('href'))!)).status()).toBe(200);
    await expect(page.getByTestId('driver-delivered')).toHaveText('1');
    await expect(page.getByTestId('driver-todo')).toHaveText('2');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: "Download the day's report" }).click(),
    ]);
    const csv = await (await download.createReadStream()).toArray();
    const lines = Buffer.concat(csv)
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(5);
    expect(lines[1]).toMatch(/^Tuesday round,1,"Depot, Paris",.*,Start,/);
    expect(lines[2]).toMatch(
      /^Tuesday round,2,"Bakery, Paris",,\d{4}-\d\d-\d\d \d\d:\d\d,Delivered,/,
    );
    expect(lines[3]).toMatch(/,To do,/);

    // A day split between two drivers, for "Send to all drivers" below.
    const day = crypto.randomUUID();
    for (const title of ['Day — Driver 1', 'Day — Driver 2']) {
      const made = await request.post('/api/itineraries', {
        headers: { Authorization: `Bearer ${owner.token}` },
        data: { title, stops: STOPS.slice(0, 2), day_group: day },
      });
      expect(made.status()).toBe(201);
    }

    // My Routes: the progress line (the start not counted), and "Send to driver" with the
    // active link and its QR code.
    await page.goto('/dashboard');
    const card = page.getByRole('article', { name: 'Tuesday round' });
    await expect(card.getByTestId('progress-line')).toHaveText('1/3 delivered');
    await card.getByRole('button', { name: 'Send to driver' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send to driver' });
    await expect(dialog.getByRole('textbox', { name: 'Driver link of Tuesday round' })).toHaveValue(
      new RegExp(`${drivePath}$`),
    );
    await expect(dialog.getByRole('img', { name: /^QR code of the driver link/ })).toBeVisible();
    await expectAccessible(page, '.dialog');
    // Revoked: the driver's link takes nothing more, and opens nothing.
    await dialog.getByRole('button', { name: 'Revoke' }).click();
    await expect(dialog.getByText(/^Link revoked/)).toBeVisible();
    expect((await request.get(`/api${drivePath}`)).status()).toBe(404);
    await dialog.getByRole('button', { name: 'Close' }).click();

    // "Send to all drivers" of the day: one link per driver, made with one button.
    await page.getByRole('button', { name: 'Send to all drivers' }).click();
    const dayDialog = page.getByRole('dialog', { name: 'Send to 2 drivers' });
    await dayDialog.getByRole('button', { name: 'Create 2 driver links' }).click();
    for (const title of ['Day — Driver 1', 'Day — Driver 2'])
      await expect(dayDialog.getByRole('textbox', { name: `Driver link of ${title}` })).toHaveValue(
        /\/drive\/[\w-]{22,}$/,
      );
    await dayDialog.getByRole('button', { name: 'Close' }).click();

    // "Send to driver" in the planner's edit mode: the route has no active link now; one is made.
    await page.goto(`/edit-route/${id}`);
    await page.getByRole('button', { name: 'Send to driver' }).click();
    const editDialog = page.getByRole('dialog', { name: 'Send to driver' });
    await editDialog.getByRole('button', { name: 'Create the driver link' }).click();
    const newLink = editDialog.getByRole('textbox', { name: 'Driver link of Tuesday round' });
    await expect(newLink).toHaveValue(/\/drive\/[\w-]{22,}$/);
    expect(await newLink.inputValue()).not.toContain(drivePath);
  });
});
