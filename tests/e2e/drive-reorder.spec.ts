// A driver re-orders what is left of the route from where they are, on a phone: the page asks
// the day optimiser (in its worker) for an order from the phone's position, shows it with its
// times before anything changes, and saves it through the driver link; another phone on the same
// link and the dispatcher's board then read the route in its new order.
import { expectAccessible } from './support/accessibility';
import {
  expect,
  pinLanguage,
  test,
  type Account,
  type APIRequestContext,
} from './support/fixtures';
import { PHONE_ONLY, expectNoSidewaysScrolling, notOnPhone } from './support/phone-layout';

// Along one street, west to east; planned in a poor order (far, near, middle).
const DEPOT = { name: 'Depot, Paris', lat: 48.85, lng: 2.3 };
const FAR = { name: 'Far east stop, Paris', lat: 48.85, lng: 2.4 };
const NEAR = { name: 'Near stop, Paris', lat: 48.85, lng: 2.32 };
const MIDDLE = { name: 'Middle stop, Paris', lat: 48.85, lng: 2.36 };

async function driverLink(request: APIRequestContext, owner: Account, id: string) {
  const made = await request.post(`/api/itineraries/${id}/driver-link`, {
    headers: { Authorization: `Bearer ${owner.token}` },
  });
  expect(made.status()).toBe(201);
  return new URL(((await made.json()) as { driverUrl: string }).driverUrl).pathname;
}

test.describe('re-ordering what is left on a phone @phone', () => {
  test.skip(notOnPhone, PHONE_ONLY);
  test.use({
    // At the depot.
    geolocation: { latitude: 48.85, longitude: 2.3001, accuracy: 10 },
    permissions: ['geolocation'],
  });

  test('the driver previews the new order with its times, takes it, and everyone sees it', async ({
    page,
    browser,
    baseURL,
    request,
    accounts,
  }) => {
    // A search, a save and a second browser: longer than most.
    test.slow();
    const owner = await accounts.register('reorder');
    const id = await accounts.postRoute(owner, 'Saturday round', [DEPOT, FAR, NEAR, MIDDLE]);
    const drivePath = await driverLink(request, owner, id);

    await page.goto(drivePath);
    await expect(page.getByRole('heading', { level: 1, name: 'Saturday round' })).toBeVisible();
    await page.getByRole('button', { name: 'Re-order what is left from here' }).click();

    // The preview: nothing is saved yet.
    const preview = page.getByRole('region', { name: 'New order of the stops left' });
    await expect(preview).toBeVisible();
    await expect(preview.getByText(/^From your position, leaving at /)).toBeVisible();
    await expect(preview.getByText(/^Compared by /)).toBeVisible();
    const list = preview.getByRole('list', { name: 'Stops left in the new order' });
    await expect(list.getByRole('listitem')).toHaveText([
      /^Near stop, Paris about \S+/,
      /^Middle stop, Paris about \S+/,
      /^Far east stop, Paris about \S+/,
    ]);
    await expect(preview.getByText('Every time window is kept.')).toBeVisible();
    await expectAccessible(page);
    await expectNoSidewaysScrolling(page);

    // Keeping the current order changes nothing.
    await preview.getByRole('button', { name: 'Keep the current order' }).click();
    await expect(preview).toBeHidden();
    await expect(page.getByRole('article', { name: `Stop 2: ${FAR.name}` })).toBeVisible();

    await page.getByRole('button', { name: 'Re-order what is left from here' }).click();
    await preview.getByRole('button', { name: 'Use this order' }).click();
    await expect(
      page.getByText('The new order is saved. The dispatcher sees it too.'),
    ).toBeVisible();
    await expect(page.getByRole('article', { name: `Stop 2: ${NEAR.name}` })).toBeVisible();
    await expect(page.getByRole('article', { name: `Stop 3: ${MIDDLE.name}` })).toBeVisible();
    await expect(page.getByRole('article', { name: `Stop 4: ${FAR.name}` })).toBeVisible();

    // Another phone on the same link reads the new order.
    const other = await browser.newContext({ baseURL, locale: 'en-US' });
    await pinLanguage(other, 'en');
    const phone = await other.newPage();
    await phone.goto(drivePath);
    await expect(phone.getByRole('article', { name: `Stop 2: ${NEAR.name}` })).toBeVisible();
    await expect(phone.getByRole('article', { name: `Stop 4: ${FAR.name}` })).toBeVisible();
    await other.close();

    // So does the dispatcher's board.
    const board = await request.get(`/api/itineraries/${id}/progress`, {
      headers: { Authorization: `Bearer ${owner.token}` },
    });
    expect(
      ((await board.json()) as { stops: { name: string }[] }).stops.map((stop) => stop.name),
    ).toEqual([DEPOT.name, NEAR.name, MIDDLE.name, FAR.name]);
  });
});
