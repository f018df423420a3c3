// The day changes while the drivers drive: the dispatcher drags a stop from one driver to
// another on the live board, or adds one (with the keyboard, or a tap on the map on a phone),
// while the drivers' pages are open; each page says what changed as soon as it comes back to
// the front.
import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { expectAccessible } from './support/accessibility';
import { expect, test } from './support/fixtures';
import { PHONE_ONLY, expectNoSidewaysScrolling, notOnPhone } from './support/phone-layout';
import { backToFront } from './support/visibility';

const DEPOT = { name: 'Depot, Rue de Rivoli, Paris', lat: 48.8566, lng: 2.3522 };
const BAKERY = { name: 'Bakery, Rue Cler, Paris', lat: 48.8566, lng: 2.3055 };
const PHARMACY = { name: 'Pharmacy, Rue Oberkampf, Paris', lat: 48.8647, lng: 2.3791 };
const MARKET = { name: 'Market, Place d’Aligre, Paris', lat: 48.8491, lng: 2.3781 };

const FLORIST = { name: 'Florist, Rue Montorgueil, Paris', lat: 48.8645, lng: 2.3469 };

/** A route of the day with its driver link: the link's path. */
async function driverRoute(
  request: APIRequestContext,
  headers: Record<string, string>,
  dayGroup: string,
  title: string,
  stops: object[],
) {
  const created = await request.post('/api/itineraries', {
    headers,
    data: { title, stops, day_group: dayGroup },
  });
  expect(created.status()).toBe(201);
  const id = ((await created.json()) as { id: string }).id;
  const link = await request.post(`/api/itineraries/${id}/driver-link`, { headers });
  return new URL(((await link.json()) as { driverUrl: string }).driverUrl).pathname;
}

test('a dispatcher drags a stop to another driver while both drivers’ pages are open', async ({
  page,
  browser,
  baseURL,
  accounts,
  request,
}) => {
  const owner = await accounts.register();
  const dayGroup = randomUUID();
  const route = async (title: string, stops: object[]) => {
    const created = await request.post('/api/itineraries', {
      headers: accounts.bearer(owner),
      data: { title, stops, day_group: dayGroup },
    });
    expect(created.status()).toBe(201);
    const id = ((await created.json()) as { id: string }).id;
    const link = await request.post(`/api/itineraries/${id}/driver-link`, {
      headers: accounts.bearer(owner),
    });
    return new URL(((await link.json()) as { driverUrl: string }).driverUrl).pathname;
  };
  const first = await route('Driver 1', [DEPOT, BAKERY, PHARMACY]);
  const second = await route('Driver 2', [DEPOT, MARKET]);

  // The drivers, on their phones (another browser context: no session of the owner's).
  const drivers = await browser.newContext({ baseURL });
  const one = await drivers.newPage();
  const two = await drivers.newPage();
  await one.goto(first);
  await two.goto(second);
  await expect(one.getByText('2 stops · 0 reported')).toBeVisible();
  await expect(two.getByText('1 stop · 0 reported')).toBeVisible();

  await accounts.signIn(page, owner, `/board/day/${dayGroup}`);
  const pharmacy = page
    .getByRole('region', { name: 'Stops of Driver 1' })
    .getByTestId('board-stop')
    .filter({ hasText: PHARMACY.name });
  // Dropped on the other driver's list (their card takes a stop too).
  await pharmacy.dragTo(page.getByRole('region', { name: 'Stops of Driver 2' }));
  await expect(page.getByTestId('board-moved')).toHaveText(`${PHARMACY.name} moved to Driver 2.`);
  await expect(
    page.getByRole('region', { name: 'Stops of Driver 2' }).getByTestId('board-stop'),
  ).toHaveCount(3);

  // Each driver's page comes back to the front: it reads the route again at once.
  await backToFront(two);
  await expect(two.getByTestId('route-changed')).toContainText(
    `Your route changed: stop ${PHARMACY.name} added`,
  );
  await expect(two.getByText('2 stops · 0 reported')).toBeVisible();
  await backToFront(one);
  await expect(one.getByTestId('route-changed')).toContainText(
    `Your route changed: stop ${PHARMACY.name} removed`,
  );
  await one.getByRole('button', { name: 'Got it' }).click();
  await expect(one.getByTestId('route-changed')).toBeEmpty();
  await drivers.close();
});

test('a dispatcher adds a stop to a driver with the keyboard, by its coordinates', async ({
  page,
  browser,
  baseURL,
  accounts,
  request,
}) => {
  const owner = await accounts.register();
  const dayGroup = randomUUID();
  const headers = accounts.bearer(owner);
  await driverRoute(request, headers, dayGroup, 'Driver 1', [DEPOT, BAKERY]);
  const second = await driverRoute(request, headers, dayGroup, 'Driver 2', [DEPOT, MARKET]);
  const drivers = await browser.newContext({ baseURL });
  const two = await drivers.newPage();
  await two.goto(second);
  await expect(two.getByText('1 stop · 0 reported')).toBeVisible();

  await accounts.signIn(page, owner, `/board/day/${dayGroup}`);
  const add = page.getByRole('button', { name: 'Add a stop to Driver 2' });
  await add.focus();
  await page.keyboard.press('Enter');
  const form = page.getByRole('form', { name: 'Add a stop' });
  // The search has the focus: coordinates pasted there are the stop's place, no search needed.
  const search = form.getByRole('combobox', { name: 'Address or coordinates of the new stop' });
  await expect(search).toBeFocused();
  await page.keyboard.insertText(`${FLORIST.lat}, ${FLORIST.lng}`);
  await expect(form.getByRole('listbox').getByRole('option')).toHaveCount(1);
  await page.keyboard.press('Enter');
  await expect(form.getByTestId('board-add-place')).toContainText('48.86450, 2.34690');
  await expect(form.getByLabel('Driver', { exact: true })).toHaveValue(/.+/);
  await expectAccessible(page);
  const name = form.getByLabel('Name of the stop');
  await name.focus();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.insertText(FLORIST.name);
  // The place in the route: arrows move within the radio group.
  await form.getByRole('radio', { name: /least distance/ }).focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(form.getByRole('radio', { name: 'At the end' })).toBeChecked();
  await page.keyboard.press('Enter');

  await expect(page.getByTestId('board-added')).toHaveText(`${FLORIST.name} added to Driver 2.`);
  await expect(page.getByTestId('board-added')).toBeFocused();
  await expect(form).toHaveCount(0);
  const stopsOfTwo = page
    .getByRole('region', { name: 'Stops of Driver 2' })
    .getByTestId('board-stop');
  await expect(stopsOfTwo).toHaveCount(3);
  await expect(stopsOfTwo.last()).toContainText(FLORIST.name);

  await backToFront(two);
  await expect(two.getByTestId('route-changed')).toContainText(
    `Your route changed: stop ${FLORIST.name} added`,
  );
  await expect(two.getByText('2 stops · 0 reported')).toBeVisible();
  await drivers.close();
});

test.describe('adding a stop on a phone @phone', () => {
  test.skip(notOnPhone, PHONE_ONLY);

  test('a tap on the board’s map, then the driver', async ({ page, accounts, request }) => {
    const owner = await accounts.register();
    const dayGroup = randomUUID();
    const headers = accounts.bearer(owner);
    await driverRoute(request, headers, dayGroup, 'Driver 1', [DEPOT, BAKERY]);
    await driverRoute(request, headers, dayGroup, 'Driver 2', [DEPOT, MARKET]);
    await accounts.signIn(page, owner, `/board/day/${dayGroup}`);
    const map = page.getByRole('region', { name: 'Map of the stops and drivers' });
    await expect(map.locator('.leaflet-container')).toBeVisible();
    const box = (await map.locator('.leaflet-container').boundingBox())!;
    // Away from the zoom buttons, the attribution and the stops.
    await page.touchscreen.tap(box.x + box.width * 0.85, box.y + box.height * 0.3);
    const form = page.getByRole('form', { name: 'Add a stop' });
    await expect(form.getByTestId('board-add-place')).toBeVisible();
    await expect(form.getByLabel('Name of the stop')).not.toHaveValue('');
    await expectNoSidewaysScrolling(page);
    await expectAccessible(page);
    // Nobody chosen yet: the form says so.
    await form.getByRole('button', { name: 'Add the stop' }).tap();
    await expect(form.getByRole('alert')).toHaveText('Choose the driver.');
    await form.getByLabel('Driver', { exact: true }).selectOption({ label: 'Driver 1' });
    await form.getByRole('button', { name: 'Add the stop' }).tap();
    await expect(page.getByTestId('board-added')).toHaveText(/ added to Driver 1\.$/);
    await expect(
      page.getByRole('region', { name: 'Stops of Driver 1' }).getByTestId('board-stop'),
    ).toHaveCount(3);
  });
});
