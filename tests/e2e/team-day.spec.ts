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
 * Several drivers: a day's stops split among drivers by the day's engine (road
 * times from the fake OSRM's table), each driver's route in its own colour on one map with its
 * own list, times and totals, the stop no driver can take named; 'Save all' makes one
 * itinerary per driver in one day group, each shareable, and My Routes shows them as one day.
 * The flow runs on the desktop; its screens at 375 px: 'on a phone' (@phone).
 */
test.use({ locale: 'en-GB', timezoneId: 'Europe/Paris' });

const DEPOT = { name: 'Depot, Rue de Rivoli, Paris', lat: 48.8566, lng: 2.3522 };
const STOPS = [
  DEPOT,
  { name: 'Bakery, Rue Oberkampf, Paris', lat: 48.8647, lng: 2.3757 },
  { name: 'Florist, Rue Lepic, Paris', lat: 48.8867, lng: 2.3431 },
  { name: 'School, Rue de Vaugirard, Paris', lat: 48.8419, lng: 2.3001 },
  { name: 'Library, Rue de Tolbiac, Paris', lat: 48.8265, lng: 2.3601 },
  { name: 'Garage, Avenue de Flandre, Paris', lat: 48.8895, lng: 2.3781 },
  { name: 'Cafe, Rue de Passy, Paris', lat: 48.8575, lng: 2.2833 },
  // 28 minutes from the depot, and its window closes at 08:20: no driver can be there in time.
  {
    name: 'Pharmacy, Avenue de Paris, Versailles',
    lat: 48.8049,
    lng: 2.1204,
    window: { start: '08:00', end: '08:20' },
  },
];
const PLAN = {
  departure: '2030-03-04T08:00+01:00',
  timeZone: 'Europe/Paris',
  defaultServiceMinutes: 5,
  end: 'start',
};

async function postDay(request: APIRequestContext, owner: Account): Promise<string> {
  const response = await request.post('/api/itineraries', {
    headers: bearer(owner),
    data: { title: 'Monday deliveries', stops: STOPS, day_plan: PLAN },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

interface SavedRoute {
  id: string;
  title: string;
  stops: { name: string }[];
  day_plan?: typeof PLAN;
  day_group?: string;
}

/**
 * Controls smaller than 44 px in the dialog (a radio or checkbox counts by its label); the
 * map's own zoom buttons and attribution, the same on every map of the app, are left out.
 */
const smallTargets = (page: Page) =>
  page.getByRole('dialog').evaluate((dialog) =>
    [...dialog.querySelectorAll<HTMLElement>('a[href], button, select, input')]
      .filter(
        (element) =>
          element.getClientRects().length > 0 && !element.closest('.leaflet-control-container'),
      )
      .map((element) => {
        const target =
          element instanceof HTMLInputElement &&
          (element.type === 'radio' || element.type === 'checkbox')
            ? (element.closest('label') ?? element)
            : element;
        const box = target.getBoundingClientRect();
        return {
          name: element.textContent?.trim() || element.getAttribute('aria-label') || element.id,
          height: box.height,
        };
      })
      .filter((box) => box.height < 44),
  );

test('a day split among 3 drivers, saved as 3 shareable routes, grouped as one day on My Routes', async ({
  page,
  browser,
  request,
  accounts,
  planner,
}) => {
  const owner = await accounts.register('team-day');
  const id = await postDay(request, owner);
  await accounts.signIn(page, owner, `/edit-route/${id}`);
  await expect(planner.stopItems).toHaveCount(8);

  await page.getByRole('button', { name: 'Split among drivers' }).click();
  const dialog = page.getByRole('dialog', { name: 'Split the day among drivers' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Departs Mon 4 Mar, 08:00')).toBeVisible();
  await expect(dialog.getByRole('region', { name: "Map of the drivers' routes" })).toBeVisible();

  // 21 drivers is one too many; then 3, everyone finishing early.
  await dialog.getByLabel('Number of drivers').fill('21');
  await dialog.getByRole('button', { name: 'Split', exact: true }).click();
  await expect(dialog.getByText('Choose from 2 to 20 drivers.')).toBeVisible();
  await dialog.getByLabel('Number of drivers').fill('3');
  await dialog.getByLabel('Everyone finishing early').check();
  await dialog.getByRole('button', { name: 'Split', exact: true }).click();
  await expect(dialog.getByText('Split done: 3 drivers have stops.')).toBeVisible({
    timeout: 30_000,
  });
  await expect(dialog.getByText('Compared by road travel times.')).toBeVisible();

  // Three routes, each with its own list, times and totals; every stop but the pharmacy taken.
  const drivers = dialog.getByTestId('team-driver');
  await expect(drivers).toHaveCount(3);
  for (const [index, driver] of (await drivers.all()).entries()) {
    const number = index + 1;
    await expect(
      driver.getByRole('heading', { name: new RegExp(`Driver ${number}`) }),
    ).toBeVisible();
    await expect(driver.getByLabel(`Title of driver ${number}'s route`)).toHaveValue(
      `Monday deliveries — Driver ${number}`,
    );
    await expect(driver.getByTestId('driver-totals')).toHaveText(
      /^[\d.]+ km · driving (\d+h )?\d+m · finishes \d\d:\d\d$/,
    );
    const list = driver.getByRole('list', { name: `Stops of driver ${number}` });
    await expect(list.getByRole('listitem').first()).toContainText('Depot');
    await expect(list.getByRole('listitem').first()).toContainText('Leave 08:00');
    await expect(list.getByRole('listitem').nth(1)).toContainText(/Arrive 08:\d\d/);
  }
  await expect(dialog.getByText('No driver can take these stops in time:')).toBeVisible();
  await expect(dialog.getByTestId('unassigned-stops')).toHaveText(
    'Pharmacy, Avenue de Paris, Versailles: earliest arrival 08:27, window closes 08:20',
  );

  // One map: the depot once, six pins labelled with their driver, the pharmacy apart.
  const map = dialog.getByRole('region', { name: "Map of the drivers' routes" });
  await expect(map.getByRole('button', { name: 'Start: Depot, Rue de Rivoli, Paris' })).toHaveCount(
    1,
  );
  await expect(map.getByRole('button', { name: /^Driver [123], stop \d+: / })).toHaveCount(6);
  await expect(map.getByRole('button', { name: /^Driver 1, stop 1: / })).toHaveCount(1);
  await expect(
    map.getByRole('button', { name: 'No driver: Pharmacy, Avenue de Paris, Versailles' }),
  ).toHaveCount(1);
  await expect(map.locator('path')).not.toHaveCount(0);
  await expectAccessible(page);

  // The dispatcher moves driver 1's last stop to driver 3: it is theirs, on the map too.
  const lastOfFirst = drivers.nth(0).locator('.team-driver__stop-name').last();
  const moved = (await lastOfFirst.textContent())!;
  await drivers
    .nth(0)
    .getByRole('button', { name: `Move ${moved} to another driver` })
    .click();
  await dialog
    .getByRole('group', { name: `Move ${moved} to` })
    .getByRole('button', { name: 'Driver 3' })
    .click();
  await expect(drivers.nth(2).getByText(moved)).toBeVisible();
  await expect(drivers.nth(0).getByText(moved)).toHaveCount(0);
  await expect(
    map.getByRole('button', {
      name: new RegExp(`^Driver 3, stop \\d+: ${moved.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
    }),
  ).toHaveCount(1);

  // The second driver's route gets its own name; then everything is saved.
  await drivers.nth(1).getByLabel("Title of driver 2's route").fill('Monday, east side');
  await dialog.getByRole('button', { name: 'Save all' }).click();
  await expect(dialog.getByText('3 routes saved, one per driver.')).toBeVisible();

  const list = await request.get('/api/itineraries', { headers: bearer(owner) });
  const saved = ((await list.json()) as SavedRoute[]).filter((route) => route.day_group);
  expect(saved.map((route) => route.title).sort()).toEqual([
    'Monday deliveries — Driver 1',
    'Monday deliveries — Driver 3',
    'Monday, east side',
  ]);
  expect(new Set(saved.map((route) => route.day_group)).size).toBe(1);
  expect(saved.every((route) => route.stops[0].name === DEPOT.name)).toBe(true);
  expect(saved.every((route) => route.day_plan?.departure === PLAN.departure)).toBe(true);
  expect(
    saved
      .flatMap((route) => route.stops.slice(1))
      .map((stop) => stop.name)
      .sort(),
  ).toEqual(
    STOPS.slice(1, 7)
      .map((stop) => stop.name)
      .sort(),
  );

  // Each saved route has its navigation page, its Waze hand-off and its share link.
  const east = drivers.nth(1);
  const eastRoute = saved.find((route) => route.title === 'Monday, east side')!;
  await expect(
    east.getByRole('link', { name: 'Open the navigation page of Monday, east side' }),
  ).toHaveAttribute('href', `/waze-route/${eastRoute.id}`);
  await expect(east.getByRole('button', { name: 'Start Monday, east side in Waze' })).toBeVisible();
  await east.getByRole('button', { name: 'Share link of Monday, east side' }).click();
  const link = east.getByRole('textbox', { name: 'Share link of Monday, east side' });
  await expect(link).toHaveValue(/\/share\/[\w-]+$/);
  const shareUrl = await link.inputValue();
  await expectAccessible(page);

  // Anyone with the link sees that driver's route.
  const visitor = await browser.newContext();
  try {
    const visitorPage = await visitor.newPage();
    await visitorPage.goto(new URL(shareUrl).pathname);
    await expect(visitorPage.getByRole('heading', { name: 'Monday, east side' })).toBeVisible();
    await expect(visitorPage.getByText(DEPOT.name).first()).toBeVisible();
  } finally {
    await visitor.close();
  }

  // My Routes: the three routes together as one day, the original route on its own.
  await dialog.getByRole('link', { name: 'My Routes' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const day = page.getByRole('region', { name: 'One day, 3 drivers' });
  await expect(day).toBeVisible();
  await expect(day.getByText('Departs Mon 4 Mar, 08:00')).toBeVisible();
  await expect(day.getByRole('heading', { level: 3 })).toHaveText([
    'Monday deliveries — Driver 1',
    'Monday deliveries — Driver 3',
    'Monday, east side',
  ]);
  await expect(page.getByRole('article', { name: 'Monday deliveries', exact: true })).toBeVisible();
  await expectAccessible(page);
});

test.describe('on a phone @phone', () => {
  test.skip(notOnPhone, PHONE_ONLY);

  test('the split dialog at 375 px: 44 px targets and axe after the split, after the save; My Routes passes axe', async ({
    page,
    request,
    accounts,
    planner,
  }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    const owner = await accounts.register('team-day-phone');
    const id = await postDay(request, owner);
    await accounts.signIn(page, owner, `/edit-route/${id}`);
    await expect(planner.stopItems).toHaveCount(8);
    await page.getByRole('button', { name: 'Split among drivers' }).click();
    const dialog = page.getByRole('dialog', { name: 'Split the day among drivers' });

    await test.step('the dialog after a split among 3 drivers', async () => {
      await dialog.getByLabel('Number of drivers').fill('3');
      await dialog.getByLabel('Everyone finishing early').check();
      await dialog.getByRole('button', { name: 'Split', exact: true }).click();
      await expect(dialog.getByText('Split done: 3 drivers have stops.')).toBeVisible({
        timeout: 30_000,
      });
      await expect(dialog.getByTestId('team-driver')).toHaveCount(3);
      await expect(dialog.getByTestId('unassigned-stops')).toHaveText(
        'Pharmacy, Avenue de Paris, Versailles: earliest arrival 08:27, window closes 08:20',
      );
      await expect(
        dialog
          .getByRole('region', { name: "Map of the drivers' routes" })
          .getByRole('button', { name: /^Driver [123], stop \d+: / }),
      ).toHaveCount(6);
      await expectAccessible(page);
      expect(await smallTargets(page)).toEqual([]);
    });

    await test.step('the dialog after the save, a share link shown', async () => {
      const east = dialog.getByTestId('team-driver').nth(1);
      await east.getByLabel("Title of driver 2's route").fill('Monday, east side');
      await dialog.getByRole('button', { name: 'Save all' }).click();
      await expect(dialog.getByText('3 routes saved, one per driver.')).toBeVisible();
      await east.getByRole('button', { name: 'Share link of Monday, east side' }).click();
      await expect(
        east.getByRole('textbox', { name: 'Share link of Monday, east side' }),
      ).toHaveValue(/\/share\/[\w-]+$/);
      await expectAccessible(page);
    });

    await test.step('My Routes: the three routes as one day', async () => {
      await dialog.getByRole('link', { name: 'My Routes' }).click();
      await expect(page).toHaveURL(/\/dashboard$/);
      const day = page.getByRole('region', { name: 'One day, 3 drivers' });
      await expect(day.getByRole('heading', { level: 3 })).toHaveCount(3);
      await expect(
        page.getByRole('article', { name: 'Monday deliveries', exact: true }),
      ).toBeVisible();
      await expectAccessible(page);
    });
  });
});

/** 30 stops over central Paris around the depot, the same on every run. */
function cityDay() {
  let seed = 11;
  const next = () => (seed = (seed * 16_807) % 2_147_483_647) / 2_147_483_647;
  const stops = [DEPOT];
  for (let i = 1; i <= 30; i++) {
    stops.push({
      name: `Customer ${i}, Paris`,
      lat: 48.83 + next() * 0.06,
      lng: 2.3 + next() * 0.1,
    });
  }
  return stops;
}

test.describe('the split map on a phone @phone', () => {
  test.skip(notOnPhone, PHONE_ONLY);

  test('30 stops, 3 drivers: the map fits them, clusters when zoomed out, shows one driver at a time', async ({
    page,
    request,
    accounts,
    planner,
  }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    const owner = await accounts.register('team-day-map');
    const response = await request.post('/api/itineraries', {
      headers: bearer(owner),
      data: { title: 'City round', stops: cityDay(), day_plan: PLAN },
    });
    expect(response.status()).toBe(201);
    const { id } = (await response.json()) as { id: string };
    await accounts.signIn(page, owner, `/edit-route/${id}`);
    await expect(planner.stopItems).toHaveCount(31);
    await page.getByRole('button', { name: 'Split among drivers' }).click();
    const dialog = page.getByRole('dialog', { name: 'Split the day among drivers' });
    await dialog.getByLabel('Number of drivers').fill('3');
    await dialog.getByRole('button', { name: 'Split', exact: true }).click();
    // The balanced day: every driver has stops.
    await expect(dialog.getByText('Split done: 3 drivers have stops.')).toBeVisible({
      timeout: 60_000,
    });

    // Fitted to the split, and clustered at that zoom: no pile of 30 labelled pins.
    const map = dialog.getByRole('region', { name: "Map of the drivers' routes" });
    const box = (await map.boundingBox())!;
    const markers = map.locator('.leaflet-marker-icon');
    await expect(map.locator('.stop-cluster').first()).toBeVisible();
    const drawn = await markers.evaluateAll((icons) =>
      icons.map((icon) => {
        const rect = icon.getBoundingClientRect();
        return { x: rect.x + rect.width / 2, y: rect.y + rect.height / 2 };
      }),
    );
    expect(drawn.length).toBeLessThan(31);
    for (const { x, y } of drawn) {
      expect(x).toBeGreaterThanOrEqual(box.x);
      expect(x).toBeLessThanOrEqual(box.x + box.width);
      expect(y).toBeGreaterThanOrEqual(box.y);
      expect(y).toBeLessThanOrEqual(box.y + box.height);
    }

    // One driver at a time: the others' pins and lines go.
    const show = map.getByLabel('Show');
    expect((await show.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await show.selectOption({ label: 'Driver 2' });
    await expect(map.getByRole('button', { name: /^Driver [13], stop / })).toHaveCount(0);
    await expect(
      map.locator('.leaflet-marker-icon').filter({ hasNot: page.locator('.stop-cluster__count') }),
    ).not.toHaveCount(0);
    await expectAccessible(page);
  });
});

test('a signed-out planner is asked to sign in to save the drivers’ routes', async ({
  page,
  planner,
}) => {
  await page.goto('/plan');
  for (const name of ['Paris', 'Lyon', 'Dijon']) await planner.addStop(name);
  await expect(planner.stopItems).toHaveCount(3);
  await page.getByRole('button', { name: 'Split among drivers' }).click();
  const dialog = page.getByRole('dialog', { name: 'Split the day among drivers' });
  await dialog.getByRole('button', { name: 'Split', exact: true }).click();
  await expect(dialog.getByText(/^Split done: [12] drivers? ha(s|ve) stops\.$/)).toBeVisible({
    timeout: 30_000,
  });
  await expect(dialog.getByText("Sign in to save the drivers' routes.")).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Save all' })).toHaveCount(0);
  await expect(dialog.getByRole('link', { name: 'Login' })).toHaveAttribute(
    'href',
    '/login?returnTo=%2Fplan',
  );
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(planner.stopItems).toHaveCount(3);
});
