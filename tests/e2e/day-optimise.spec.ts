import { expectAccessible } from './support/accessibility';
import { notOnPhone, PHONE_ONLY } from './support/phone-layout';
import {
  bearer,
  expect,
  test,
  type Account,
  type APIRequestContext,
  type Page,
} from './support/fixtures';

/**
 * Optimise with the day's rules: on a route with a departure, 'Optimise route' runs
 * the day's engine in the Web Worker on the route table's road times (the fake OSRM: great-circle
 * with a 1.3 detour at 50 km/h): windows and locks are honoured, the stop whose window closes
 * before anyone can get there is named with the reason and stays in the route, marked late.
 */
test.use({ locale: 'en-GB', timezoneId: 'Europe/Paris' });

const DEPOT = { name: 'Depot, Rue de Rivoli, Paris', lat: 48.8566, lng: 2.3522 };
// 28 minutes from the depot: its window closes at 08:20, before anyone can be there.
const PHARMACY = {
  name: 'Pharmacy, Avenue de Paris, Versailles',
  lat: 48.8049,
  lng: 2.1204,
  window: { start: '08:00', end: '08:20' },
};
const SCHOOL = {
  name: 'School, Rue de Vaugirard, Paris',
  lat: 48.8419,
  lng: 2.3001,
  window: { start: '08:30', end: '09:00' },
};
const BAKERY = {
  name: 'Bakery, Rue Oberkampf, Paris',
  lat: 48.8647,
  lng: 2.3757,
  window: { start: '08:00', end: '08:30' },
};
// Listed last, kept first.
const FLORIST = { name: 'Florist, Rue Lepic, Paris', lat: 48.8867, lng: 2.3431, lock: 'first' };

/** Leaves at 08:00 (Paris, winter time), five minutes at each stop. */
const PLAN = {
  departure: '2030-03-04T08:00+01:00',
  timeZone: 'Europe/Paris',
  defaultServiceMinutes: 5,
  end: 'last-stop',
};

async function postDay(
  request: APIRequestContext,
  owner: Account,
  title: string,
  stops: readonly object[],
): Promise<string> {
  const response = await request.post('/api/itineraries', {
    headers: bearer(owner),
    data: { title, stops, day_plan: PLAN },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

const stopTimes = (page: Page, index: number) =>
  page.locator('.stop-list > li').nth(index).getByTestId('stop-times');

test('optimising a day honours the windows and the lock, and names the stop it cannot reach', async ({
  page,
  request,
  accounts,
  planner,
}) => {
  const owner = await accounts.register('day-optimise');
  const id = await postDay(request, owner, 'Monday deliveries', [
    DEPOT,
    PHARMACY,
    SCHOOL,
    BAKERY,
    FLORIST,
  ]);
  await accounts.signIn(page, owner, `/edit-route/${id}`);
  await expect(planner.stopItems).toHaveCount(5);
  await expect(stopTimes(page, 4)).toContainText('Arrive');

  const optimiser = page.getByRole('group', { name: 'Route optimisation' });
  await expect(
    optimiser.getByText(
      "The day's times count: departure, time at stops, windows, locks and where the day ends.",
    ),
  ).toBeVisible();
  await expect(optimiser.getByRole('combobox', { name: 'Route type' })).toHaveCount(0);

  // The day's road times: one block of the route table (five places).
  const table = page.waitForResponse((response) =>
    response.url().endsWith('/api/routes/table/block'),
  );
  await optimiser.getByRole('button', { name: 'Optimise route' }).click();
  expect((await table).status()).toBe(200);

  // The florist right after the start (its lock), the bakery and the school in their windows;
  // the pharmacy, which no order reaches in time, kept at the end where it is least late.
  await expect(planner.stopNames).toHaveText(
    [/^Depot/, /^Florist/, /^Bakery/, /^School/, /^Pharmacy/],
    { timeout: 30_000 },
  );
  await expect(optimiser.getByText('These stops cannot be reached in time:')).toBeVisible();
  await expect(optimiser.getByTestId('unreachable-stops')).toHaveText(
    'Pharmacy, Avenue de Paris, Versailles: earliest arrival 08:27, window closes 08:20',
  );
  await expect(
    optimiser.getByText(
      'They stay in the route, placed where they are least late, and are marked late.',
    ),
  ).toBeVisible();
  await expect(optimiser.getByText('Compared by road travel times.')).toBeVisible();
  await expect(optimiser.getByRole('status')).toContainText(/The day finishes at \d\d:\d\d\./);
  await expect(optimiser.getByRole('button', { name: 'Undo optimisation' })).toBeVisible();

  // The list agrees: the bakery and the school on time, the pharmacy late.
  await expect(stopTimes(page, 2)).not.toContainText('Late');
  await expect(stopTimes(page, 3)).not.toContainText('Late');
  await expect(stopTimes(page, 4)).toContainText(/Late by (\d+h )?\d+m/);
  await expect(page.getByTestId('summary-late')).toHaveText('1');
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Update Route' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const saved = await accounts.getRoute<{ stops: { name: string; lock?: string }[] }>(owner, id);
  expect(saved.stops.map((stop) => stop.name)).toEqual([
    DEPOT.name,
    FLORIST.name,
    BAKERY.name,
    SCHOOL.name,
    PHARMACY.name,
  ]);
  expect(saved.stops[1].lock).toBe('first');
});

test.describe('on a phone @phone', () => {
  test.skip(notOnPhone, PHONE_ONLY);

  test('the optimised day at 375 px, the stop it cannot reach named, passes axe', async ({
    page,
    request,
    accounts,
    planner,
  }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    const owner = await accounts.register('day-optimise-phone');
    const id = await postDay(request, owner, 'Monday deliveries', [
      DEPOT,
      PHARMACY,
      SCHOOL,
      BAKERY,
      FLORIST,
    ]);
    await accounts.signIn(page, owner, `/edit-route/${id}`);
    await expect(planner.stopItems).toHaveCount(5);
    const optimiser = page.getByRole('group', { name: 'Route optimisation' });
    await optimiser.getByRole('button', { name: 'Optimise route' }).click();
    await expect(planner.stopNames).toHaveText(
      [/^Depot/, /^Florist/, /^Bakery/, /^School/, /^Pharmacy/],
      { timeout: 30_000 },
    );
    await expect(optimiser.getByTestId('unreachable-stops')).toHaveText(
      'Pharmacy, Avenue de Paris, Versailles: earliest arrival 08:27, window closes 08:20',
    );
    await expect(optimiser.getByRole('button', { name: 'Undo optimisation' })).toBeVisible();
    await expect(stopTimes(page, 4)).toContainText(/Late by (\d+h )?\d+m/);
    await expectAccessible(page);
  });
});

test('Undo puts the day back as it was', async ({ page, request, accounts, planner }) => {
  const owner = await accounts.register('day-undo');
  const id = await postDay(request, owner, 'Undo day', [DEPOT, SCHOOL, BAKERY]);
  await accounts.signIn(page, owner, `/edit-route/${id}`);
  await expect(planner.stopItems).toHaveCount(3);
  await page.getByRole('button', { name: 'Optimise route' }).click();
  await expect(planner.stopNames).toHaveText([/^Depot/, /^Bakery/, /^School/], {
    timeout: 30_000,
  });
  await expect(page.getByTestId('unreachable-stops')).toHaveCount(0);
  await page.getByRole('button', { name: 'Undo optimisation' }).click();
  await expect(planner.stopNames).toHaveText([/^Depot/, /^School/, /^Bakery/]);
});

test('a long day shows the best finish so far, stays responsive, and Stop keeps the best order', async ({
  page,
  request,
  accounts,
  planner,
}) => {
  // 400 stops around Paris, every third with a window: a search of about ten seconds, on road
  // times (16 blocks of the route table, asked for up to 1000 places).
  const stops = [DEPOT];
  for (let i = 1; i < 400; i++) {
    const angle = (i * 137.5 * Math.PI) / 180;
    const radius = 0.01 + (i % 17) * 0.004;
    stops.push({
      name: `Client ${i}, Paris`,
      lat: Number((48.8566 + radius * Math.sin(angle)).toFixed(5)),
      lng: Number((2.3522 + 1.5 * radius * Math.cos(angle)).toFixed(5)),
      ...(i % 3 === 0 ? { window: { start: '09:00', end: '17:00' } } : {}),
    });
  }
  const owner = await accounts.register('day-long');
  const id = await postDay(request, owner, 'Long day', stops);
  await accounts.signIn(page, owner, `/edit-route/${id}`);
  // A long list draws only the stops in view: its heading counts them all.
  const heading = page.getByRole('heading', { name: 'Stops (400)' });
  await expect(heading).toBeVisible();

  await page.getByRole('button', { name: 'Optimise route' }).click();
  const status = page.getByRole('group', { name: 'Route optimisation' }).getByRole('status');
  await expect(status).toHaveText(/^Searching… best order so far finishes at \d\d:\d\d\.$/, {
    timeout: 30_000,
  });
  // The page answers while the worker searches.
  await planner.titleInput.fill('Long day, renamed while optimising');
  await expect(planner.titleInput).toHaveValue('Long day, renamed while optimising');

  await page
    .getByRole('button', { name: 'Stop optimising and keep the best order so far' })
    .click();
  await expect(status).toContainText(/The day finishes at \d\d:\d\d\./);
  await expect(page.getByText('Compared by road travel times.')).toBeVisible();
  await expect(heading).toBeVisible();
  await expect(planner.stopNames.first()).toHaveText(/^Depot/);
});
