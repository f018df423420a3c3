// The day changes while the drivers drive: the dispatcher drags a stop from one driver to
// another on the live board while both drivers' pages are open; each page says what changed as
// soon as it comes back to the front.
import { randomUUID } from 'node:crypto';
import { expect, test } from './support/fixtures';
import { backToFront } from './support/visibility';

const DEPOT = { name: 'Depot, Rue de Rivoli, Paris', lat: 48.8566, lng: 2.3522 };
const BAKERY = { name: 'Bakery, Rue Cler, Paris', lat: 48.8566, lng: 2.3055 };
const PHARMACY = { name: 'Pharmacy, Rue Oberkampf, Paris', lat: 48.8647, lng: 2.3791 };
const MARKET = { name: 'Market, Place d’Aligre, Paris', lat: 48.8491, lng: 2.3781 };

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
