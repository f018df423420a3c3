// A customer follows their delivery through a tracking link on a phone while the driver reports
// from their own phone: planned, on the way, delivered; axe clean in each state. The owner revokes
// a route's tracking links from the board: the customer's page and the API say it no longer works.
// The delivery's photo reaches the customer's page only while the owner ticks "Photo for the
// customer" on the board.
import type { Page } from '@playwright/test';
import { expectAccessible } from './support/accessibility';
import { expect, test } from './support/fixtures';
import { backToFront } from './support/visibility';
import { PHONE_ONLY, notOnPhone } from './support/phone-layout';

/**
 * The server's answer to the driver's report. The report is kept on the phone first and sent
 * after, so no "waiting to send" on screen can also mean "not queued yet".
 */
const reportStored = (driver: Page) =>
  driver.waitForResponse(
    (response) =>
      response.request().method() === 'POST' &&
      /\/api\/drive\/[^/]+\/reports$/.test(new URL(response.url()).pathname) &&
      response.ok(),
  );

const DEPOT = { name: 'Depot, Rue de Rivoli, Paris', lat: 48.8566, lng: 2.3522 };
const BAKERY = { name: 'Bakery, Rue Cler, Paris', lat: 48.8566, lng: 2.3055 };
const HOME = { name: '12 Rue Oberkampf, Paris', lat: 48.8647, lng: 2.3791 };

test.describe('tracking on a phone @phone', () => {
  test.skip(notOnPhone, PHONE_ONLY);

  test('a customer follows their delivery while the driver reports', async ({
    page,
    browser,
    baseURL,
    accounts,
    request,
  }) => {
    const owner = await accounts.register();
    // Two days ahead, leaving at 08:00 UTC: the window is in the future whatever the clock.
    const day = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const created = await request.post('/api/itineraries', {
      headers: accounts.bearer(owner),
      data: {
        title: 'Thursday round',
        stops: [DEPOT, BAKERY, HOME],
        day_plan: { departure: `${day}T08:00+00:00`, timeZone: 'UTC' },
      },
    });
    const route = (await created.json()) as { id: string; stops: { id: string }[] };
    const made = async (path: string) =>
      new URL(
        Object.values(
          (await (
            await request.post(`/api/itineraries/${route.id}/${path}`, {
              headers: accounts.bearer(owner),
            })
          ).json()) as Record<string, string>,
        ).find((value) => typeof value === 'string' && value.startsWith('http'))!,
      ).pathname;
    const tracking = await made(`stops/${route.stops[2].id}/tracking-link`);
    const driving = await made('driver-link');

    await page.goto(tracking);
    await expect(page.getByRole('heading', { level: 1, name: HOME.name })).toBeVisible();
    await expect(page.getByTestId('track-state')).toHaveText(/^Planned for .+ between .+ and .+$/);
    await expectAccessible(page);

    // The driver, on their own phone, delivers the stop before the customer's.
    const drivers = await browser.newContext({ baseURL });
    const driver = await drivers.newPage();
    const deliver = async (name: string) => {
      await driver.getByRole('button', { name: `Report: ${name}` }).click();
      await driver.getByRole('radio', { name: 'Delivered' }).check();
      const stored = reportStored(driver);
      await driver.getByRole('button', { name: 'Send the report' }).click();
      await stored;
      await expect(
        driver.getByRole('button', { name: `Correct the report: ${name}` }),
      ).toBeVisible();
    };
    await driver.goto(driving);
    await deliver(BAKERY.name);

    // The customer's page comes back to the front and reads the stop again at once.
    await backToFront(page);
    await expect(page.getByTestId('track-state')).toHaveText(
      /^On the way: yours is the next stop, expected between .+ and .+$/,
    );
    await expectAccessible(page);

    await deliver(HOME.name);
    await backToFront(page);
    await expect(page.getByTestId('track-state')).toHaveText(/^Delivered at .+$/);
    await expectAccessible(page);
    await expect(page.getByText(BAKERY.name)).toHaveCount(0);
    await drivers.close();
  });
});

test('the owner revokes a route’s tracking links from the board', async ({
  page,
  browser,
  baseURL,
  accounts,
  request,
}) => {
  const owner = await accounts.register();
  const created = await request.post('/api/itineraries', {
    headers: accounts.bearer(owner),
    data: { title: 'Friday round', stops: [DEPOT, BAKERY, HOME] },
  });
  const route = (await created.json()) as { id: string };
  const made = await request.post(`/api/itineraries/${route.id}/tracking-links`, {
    headers: accounts.bearer(owner),
  });
  const links = ((await made.json()) as { links: { trackingUrl: string }[] }).links;
  const tracking = new URL(links[1].trackingUrl).pathname;

  // The customer, in their own browser.
  const customers = await browser.newContext({ baseURL });
  const customer = await customers.newPage();
  await customer.goto(tracking);
  await expect(customer.getByRole('heading', { level: 1, name: HOME.name })).toBeVisible();

  await accounts.signIn(page, owner, `/board/route/${route.id}`);
  const revoke = page.getByRole('button', { name: 'Revoke the tracking links of Friday round' });
  await revoke.click();
  const dialog = page.getByRole('alertdialog', { name: 'Revoke tracking links' });
  await expect(dialog).toContainText('Revoke every tracking link of "Friday round"?');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByTestId('board-tracking')).toHaveText(
    'The tracking links of Friday round no longer work.',
  );
  // No link left to revoke.
  await expect(revoke).toHaveCount(0);

  for (const link of links)
    expect((await request.get(`/api/track/${link.trackingUrl.split('/track/')[1]}`)).status()).toBe(
      404,
    );
  await backToFront(customer);
  await expect(
    customer.getByRole('heading', { level: 1, name: 'This tracking link no longer works' }),
  ).toBeVisible();
  await expect(customer.getByText(HOME.name)).toHaveCount(0);
  await customers.close();

  // Copying a stop's link again makes a new one, which works.
  await page
    .getByRole('button', { name: `Copy the tracking link of ${HOME.name} for its customer` })
    .click();
  await expect(page.getByTestId('board-tracking')).toContainText(HOME.name);
  await expect(revoke).toBeVisible();
});

/** A 1×1 PNG: a real image for the photo input (the driver's page re-encodes it as a JPEG). */
const PHOTO = {
  name: 'door.png',
  mimeType: 'image/png',
  buffer: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  ),
};

test('the customer sees the delivery’s photo while the owner shows it from the board', async ({
  page,
  browser,
  baseURL,
  accounts,
  request,
}) => {
  const owner = await accounts.register();
  const created = await request.post('/api/itineraries', {
    headers: accounts.bearer(owner),
    data: { title: 'Saturday round', stops: [DEPOT, BAKERY, HOME] },
  });
  const route = (await created.json()) as { id: string; stops: { id: string }[] };
  const link = await request.post(
    `/api/itineraries/${route.id}/stops/${route.stops[2].id}/tracking-link`,
    { headers: accounts.bearer(owner) },
  );
  const tracking = new URL(((await link.json()) as { trackingUrl: string }).trackingUrl).pathname;
  const driverLink = await request.post(`/api/itineraries/${route.id}/driver-link`, {
    headers: accounts.bearer(owner),
  });
  const driving = new URL(((await driverLink.json()) as { driverUrl: string }).driverUrl).pathname;

  // The driver delivers the customer's stop with a photo.
  const drivers = await browser.newContext({ baseURL });
  const driver = await drivers.newPage();
  await driver.goto(driving);
  await driver.getByRole('button', { name: `Report: ${HOME.name}` }).click();
  const form = driver.getByRole('form', { name: `Report on ${HOME.name}` });
  await form.getByRole('radio', { name: 'Delivered' }).check();
  await form.getByLabel('Choose a photo').setInputFiles(PHOTO);
  await expect(form.getByRole('img', { name: 'The photo to send' })).toBeVisible();
  // The report, then its photo: the server has both once it answers the photo.
  const photoStored = driver.waitForResponse(
    (response) =>
      response.request().method() === 'PUT' &&
      /\/reports\/[^/]+\/photo$/.test(new URL(response.url()).pathname) &&
      response.ok(),
  );
  await form.getByRole('button', { name: 'Send the report' }).click();
  await photoStored;
  await expect(
    driver.getByRole('button', { name: `Correct the report: ${HOME.name}` }),
  ).toBeVisible();
  await drivers.close();

  // The customer: delivered, and no photo while the owner does not show it.
  const customers = await browser.newContext({ baseURL });
  const customer = await customers.newPage();
  await customer.goto(tracking);
  await expect(customer.getByTestId('track-state')).toHaveText(/^Delivered at .+$/);
  await expect(customer.getByTestId('track-photo')).toHaveCount(0);

  await accounts.signIn(page, owner, `/board/route/${route.id}`);
  const choice = page.getByRole('checkbox', { name: `Photo for the customer: ${HOME.name}` });
  await expect(choice).not.toBeChecked();
  // The box follows the link as saved: it is ticked once the link is read again.
  await choice.click();
  await expect(page.getByTestId('board-tracking')).toHaveText(
    `The customer of ${HOME.name} sees the delivery’s photo on their tracking link.`,
  );
  await expect(choice).toBeChecked();

  // The customer's page reads the stop again when it comes back to the front: the photo, loaded.
  await backToFront(customer);
  const photo = customer.getByRole('img', { name: 'The photo taken at the delivery' });
  await expect(photo).toBeVisible();
  await expect
    .poll(() => photo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
    .toBeGreaterThan(0);
  await expectAccessible(customer);

  // Unticked: the page has no photo, and its address opens nothing.
  const photoUrl = (await photo.getAttribute('src'))!;
  await choice.click();
  await expect(page.getByTestId('board-tracking')).toHaveText(
    `The customer of ${HOME.name} no longer sees the delivery’s photo.`,
  );
  await expect(choice).not.toBeChecked();
  await backToFront(customer);
  await expect(customer.getByTestId('track-state')).toHaveText(/^Delivered at .+$/);
  await expect(customer.getByTestId('track-photo')).toHaveCount(0);
  expect((await request.get(new URL(photoUrl).pathname)).status()).toBe(404);
  await customers.close();
});

test('a customer follows their delivery in Spanish, their browser’s language', async ({
  browser,
  baseURL,
  accounts,
  request,
}) => {
  const owner = await accounts.register();
  const day = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
  const created = await request.post('/api/itineraries', {
    headers: accounts.bearer(owner),
    data: {
      title: 'Ronda del jueves',
      stops: [DEPOT, BAKERY, HOME],
      day_plan: { departure: `${day}T08:00+00:00`, timeZone: 'UTC' },
    },
  });
  const route = (await created.json()) as { id: string; stops: { id: string }[] };
  const link = await request.post(
    `/api/itineraries/${route.id}/stops/${route.stops[2].id}/tracking-link`,
    { headers: accounts.bearer(owner) },
  );
  const tracking = new URL(((await link.json()) as { trackingUrl: string }).trackingUrl).pathname;
  const driverLink = await request.post(`/api/itineraries/${route.id}/driver-link`, {
    headers: accounts.bearer(owner),
  });
  const driving = new URL(((await driverLink.json()) as { driverUrl: string }).driverUrl).pathname;

  // The customer's browser speaks Spanish; the driver's English, in a context of its own.
  const customers = await browser.newContext({ baseURL, locale: 'es-ES' });
  const customer = await customers.newPage();
  await customer.goto(tracking);
  await expect(customer.getByText('Tu entrega')).toBeVisible();
  await expect(customer.getByTestId('track-state')).toHaveText(
    /^Prevista para el .+ entre las .+ y las .+$/,
  );
  await expectAccessible(customer);

  const drivers = await browser.newContext({ baseURL, locale: 'en-US' });
  const driver = await drivers.newPage();
  await driver.goto(driving);
  await driver.getByRole('button', { name: `Report: ${BAKERY.name}` }).click();
  await driver.getByRole('radio', { name: 'Delivered' }).check();
  const stored = reportStored(driver);
  await driver.getByRole('button', { name: 'Send the report' }).click();
  await stored;
  await expect(
    driver.getByRole('button', { name: `Correct the report: ${BAKERY.name}` }),
  ).toBeVisible();

  await backToFront(customer);
  await expect(customer.getByTestId('track-state')).toHaveText(
    /^En camino: la tuya es la próxima parada, llegada prevista entre las .+ y las .+$/,
  );
  await expectAccessible(customer);
  await expect(customer.getByText(BAKERY.name)).toHaveCount(0);
  await customers.close();
  await drivers.close();
});
