import { readFile } from 'node:fs/promises';
import { JSDOM } from 'jsdom';
import { gpx as gpxToGeoJson } from '@tmcw/togeojson';
import { expectAccessible } from './support/accessibility';
import {
  bearer,
  expect,
  pinLanguage,
  test,
  type Account,
  type APIRequestContext,
  type Page,
} from './support/fixtures';
import { notOnPhone, PHONE_ONLY } from './support/phone-layout';

/**
 * A working day. In the planner, the departure, the time at each stop and the
 * windows give every stop its arrival, wait and departure from the route's leg durations (the
 * fake OSRM: great-circle × 1.3 at 50 km/h); a stop reached after its window closes is marked
 * late; the Trip Summary shows the finish; it all saves with the route. Everywhere else: the
 * navigation page's planned arrivals and running-late flag (online and offline), the shared
 * page's times in the viewer's language and zone, a CSV import with window and time-at-stop
 * columns, and the GPX's descriptions. The flows run on the desktop; each has a short test 'on a
 * phone' (@phone) of its screens at 375 px: no sideways scrolling, 44 px targets, axe.
 */
test.use({ locale: 'en-GB', timezoneId: 'Europe/Paris' });

const DEPOT = { name: 'Depot, Rue de Rivoli, Paris', lat: 48.8566, lng: 2.3522 };
const BAKERY = { name: 'Bakery, Rue Oberkampf, Paris', lat: 48.8647, lng: 2.3757 };
const PHARMACY = { name: 'Pharmacy, Rue de Rennes, Paris', lat: 48.8466, lng: 2.3291 };
const SCHOOL = { name: 'School, Rue de Vaugirard, Paris', lat: 48.8419, lng: 2.3001 };

/** Leaves at 08:00 (Paris, winter time) on a Monday well ahead. */
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
  dayPlan: object = PLAN,
): Promise<string> {
  const response = await request.post('/api/itineraries', {
    headers: bearer(owner),
    data: { title, stops, day_plan: dayPlan },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

const stopTimes = (page: Page, index: number) =>
  page.locator('.stop-list > li').nth(index).getByTestId('stop-times');

/** A first page of a signed-in app can take long on a busy machine. */
const LOADED = { timeout: 45_000 };

const PHONE = { width: 375, height: 667 };

/**
 * At phone width: no horizontal scrolling, and every visible button, link and field inside
 * `scope` at least 44 px high (and 24 px wide).
 */
async function expectPhoneLayout(page: Page, scope: string) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  const small = await page.locator(scope).evaluateAll((roots) =>
    roots
      .flatMap((root) => [
        ...root.querySelectorAll<HTMLElement>('a[href], button, select, summary, input'),
      ])
      .filter((element) => element.getClientRects().length > 0)
      // The map's own controls, and inputs drawn by their label (a file input's is its button).
      .filter((element) => !element.closest('.leaflet-container, .visually-hidden'))
      .map((element) => {
        const box = element.getBoundingClientRect();
        const name =
          element.getAttribute('aria-label') ||
          element.textContent?.trim() ||
          element.getAttribute('id') ||
          element.tagName;
        return { name, width: Math.round(box.width), height: Math.round(box.height) };
      })
      .filter((box) => box.height < 44 || box.width < 24),
  );
  expect(small).toEqual([]);
}

/** The share link's path for a route (the link names the configured SITE_URL, the same app). */
async function shareRoute(request: APIRequestContext, owner: Account, id: string) {
  const response = await request.post(`/api/itineraries/${id}/share`, { headers: bearer(owner) });
  expect(response.ok()).toBe(true);
  return new URL(((await response.json()) as { shareUrl: string }).shareUrl).pathname;
}

/** The waypoints of a downloaded GPX: name, desc and time of each. */
async function gpxWaypoints(path: string) {
  const xml = await readFile(path, 'utf8');
  const { window } = new JSDOM('');
  const geojson = gpxToGeoJson(new window.DOMParser().parseFromString(xml, 'text/xml'));
  return geojson.features
    .filter((feature) => feature.geometry?.type === 'Point')
    .map((feature) => ({
      name: feature.properties?.name as string,
      desc: feature.properties?.desc as string | undefined,
      time: feature.properties?.time as string | undefined,
    }));
}

test('a day with a departure time and three windows: waits, a late stop, the finish, saved with the route', async ({
  page,
  request,
  accounts,
  planner,
}) => {
  const owner = await accounts.register('day');
  const id = await postDay(request, owner, 'Monday round', [
    DEPOT,
    { ...BAKERY, window: { start: '08:00', end: '09:00' } },
    { ...PHARMACY, serviceMinutes: 10, window: { start: '09:30', end: '10:00' } },
    SCHOOL,
  ]);
  await accounts.signIn(page, owner, `/edit-route/${id}`);
  await expect(planner.stopItems).toHaveCount(4, LOADED);

  // The panel is open on a route with times: the departure as saved.
  await expect(page.getByLabel('Departure time')).toHaveValue('08:00');
  await expect(page.getByLabel('Departure date')).toHaveValue('2030-03-04');
  await expect(page.getByLabel('Time at each stop (minutes)')).toHaveValue('5');

  // The start leaves at the departure; the bakery is reached in its window.
  await expect(stopTimes(page, 0)).toHaveText('Leave 08:00');
  await expect(stopTimes(page, 1)).toContainText(/Arrive 08:\d\d/);
  await expect(stopTimes(page, 1)).not.toContainText('Late');
  // The pharmacy opens at 09:30: the driver waits, spends 10 minutes, and leaves at 09:40.
  await expect(stopTimes(page, 2)).toContainText(/wait (\d+h )?\d+m/);
  await expect(stopTimes(page, 2)).toContainText('Leave 09:40');
  await expect(stopTimes(page, 2)).toContainText('Window 09:30–10:00');
  await expect(page.getByTestId('summary-finish')).toHaveText(/^09:\d\d$/);
  await expect(page.getByTestId('summary-waiting')).toHaveText(/^(\d+h )?\d+m$/);

  // The third window, typed in the school's edit panel: first the wrong way round.
  await page.getByRole('button', { name: 'Edit stop 4: name and note' }).click();
  const opens = page.getByLabel('Window of stop 4 opens at');
  const closes = page.getByLabel('Window of stop 4 closes at');
  await opens.fill('09:00');
  await closes.fill('08:30');
  await expect(
    page.getByRole('alert').filter({ hasText: 'The window ends before it starts' }),
  ).toBeVisible();
  await expect(stopTimes(page, 3)).not.toContainText('Window');
  // Then a window that closes before the driver can be there: the school is late.
  await opens.fill('08:00');
  await closes.fill('08:30');
  await expect(stopTimes(page, 3)).toContainText(/Late by (\d+h )?\d+m/);
  await expect(stopTimes(page, 3)).toContainText('Window 08:00–08:30');
  await expect(page.getByTestId('summary-late')).toHaveText('1');
  await page.getByRole('button', { name: 'Done' }).click();

  // Ready at 07:30, the day still leaves at 07:56, to be at the bakery when it opens at 08:00
  // rather than wait there.
  await page.getByLabel('Departure time').fill('07:30');
  await expect(stopTimes(page, 0)).toHaveText(
    'Leave 07:56 · ready 07:30, leaves later not to wait',
  );
  await expect(stopTimes(page, 1)).toContainText('Arrive 08:00 · Leave 08:05');
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Update Route' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const saved = await accounts.getRoute<{
    day_plan: typeof PLAN;
    stops: { window?: { start: string; end: string }; serviceMinutes?: number }[];
  }>(owner, id);
  expect(saved.day_plan).toEqual({ ...PLAN, departure: '2030-03-04T07:30+01:00' });
  expect(saved.stops.map((stop) => stop.window)).toEqual([
    undefined,
    { start: '08:00', end: '09:00' },
    { start: '09:30', end: '10:00' },
    { start: '08:00', end: '08:30' },
  ]);
  expect(saved.stops[2].serviceMinutes).toBe(10);
});

test('opening the times panel starts the day now, rounded up to the next 5 minutes', async ({
  page,
  planner,
}) => {
  await page.clock.setFixedTime(new Date('2030-03-04T07:21:10Z'));
  await page.goto('/plan');
  await planner.addStop('Paris');
  await page.getByRole('button', { name: 'Times of the day' }).click();
  // 07:21 UTC is 08:21 in Paris: the panel says 08:25.
  await expect(page.getByLabel('Departure time')).toHaveValue('08:25');
  await expect(page.getByLabel('Departure date')).toHaveValue('2030-03-04');
  await expect(stopTimes(page, 0)).toHaveText('Leave 08:25');
  // A reload keeps the day with the draft.
  await page.reload();
  await expect(page.getByLabel('Departure time')).toHaveValue('08:25');
  await page.getByRole('button', { name: 'Remove times' }).click();
  await expect(page.getByTestId('stop-times')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Times of the day' })).toHaveAttribute(
    'aria-expanded',
    'false',
  );
});

/** Opens the import panel on the planner with a CSV of the day's columns: its preview. */
async function previewDayCsv(page: Page) {
  await page.getByRole('button', { name: 'Import stops' }).click();
  const panel = page.locator('.import-panel');
  await panel
    .getByLabel('Addresses or CSV text')
    .fill(
      [
        'Name;Latitude;Longitude;Time window;Time at stop (min)',
        `Depot;${DEPOT.lat};${DEPOT.lng};;`,
        `Bakery;${BAKERY.lat};${BAKERY.lng};08:00-09:00;5 min`,
        `Pharmacy;${PHARMACY.lat};${PHARMACY.lng};9h30-10h;0:10`,
        `School;${SCHOOL.lat};${SCHOOL.lng};lunch;`,
      ].join('\n'),
    );
  // The preview says what it read of the day, and which value it cannot read and why.
  await expect(panel.getByTestId('import-day')).toHaveText([
    'Window 08:00–09:00 · 5m at the stop',
    'Window 09:30–10:00 · 10m at the stop',
  ]);
  await expect(panel.getByTestId('import-day-issues').getByRole('listitem')).toHaveText([
    'Line 5: the time window “lunch” could not be read. Write it as 09:00-12:00 or 9-12. The stop is imported without a window.',
  ]);
  return panel;
}

/** `text` exactly, where the space before AM or PM may be any space (browsers write U+202F). */
const exactly = (text: string) =>
  new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ (AM|PM)/g, '\\s$1')}$`, 'u');

test('a CSV import with time window and time-at-stop columns gives the stops their windows and times', async ({
  page,
  planner,
}) => {
  await page.goto('/plan');
  const panel = await previewDayCsv(page);
  await expectAccessible(page, '.import-panel');

  await panel.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(panel.getByText(/Open “Times of the day”/)).toBeVisible();
  await panel.getByRole('button', { name: 'Add to route (4)' }).click();
  await expect(planner.stopItems).toHaveCount(4);

  // With a departure, the imported windows and times at stop give the day's times.
  await page.getByRole('button', { name: 'Times of the day' }).click();
  await page.getByLabel('Departure date').fill('2030-03-04');
  await page.getByLabel('Departure time').fill('08:00');
  await expect(stopTimes(page, 0)).toHaveText('Leave 08:00');
  await expect(stopTimes(page, 1)).toContainText('Window 08:00–09:00');
  await expect(stopTimes(page, 1)).toContainText('Leave 08:08');
  await expect(stopTimes(page, 2)).toContainText('Window 09:30–10:00');
  await expect(stopTimes(page, 2)).toContainText('Leave 09:40');
  await expect(stopTimes(page, 3)).not.toContainText('Window');
});

test.describe('on a phone @phone', () => {
  test.skip(notOnPhone, PHONE_ONLY);

  test('the CSV import’s preview and the day’s times in the planner fit 375 px and pass axe', async ({
    page,
    request,
    accounts,
    planner,
  }) => {
    await page.setViewportSize(PHONE);

    await test.step('the import panel with the preview of the day’s columns', async () => {
      await page.goto('/plan');
      await previewDayCsv(page);
      await expectAccessible(page, '.import-panel');
      await expectPhoneLayout(page, '.import-panel');
    });

    await test.step('the times of the day, a stop’s window, the route after them', async () => {
      const owner = await accounts.register('day-phone');
      const id = await postDay(request, owner, 'Monday round', [
        DEPOT,
        { ...BAKERY, window: { start: '08:00', end: '09:00' } },
        { ...PHARMACY, serviceMinutes: 10, window: { start: '09:30', end: '10:00' } },
        SCHOOL,
      ]);
      await accounts.signIn(page, owner, `/edit-route/${id}`);
      await expect(planner.stopItems).toHaveCount(4, LOADED);
      await expect(page.getByLabel('Departure time')).toHaveValue('08:00');
      await expect(stopTimes(page, 2)).toContainText('Leave 09:40');
      await expect(page.getByTestId('summary-finish')).toHaveText(/^09:\d\d$/);
      await expectPhoneLayout(page, '.day-plan');

      // The school's window, closing before the driver can be there: its time fields (the
      // edit button waits in the row's menu on a phone).
      await page.getByRole('button', { name: 'More actions for stop 4' }).click();
      await page.getByRole('button', { name: 'Edit stop 4: name and note' }).click();
      await page.getByLabel('Window of stop 4 opens at').fill('08:00');
      await page.getByLabel('Window of stop 4 closes at').fill('08:30');
      await expect(stopTimes(page, 3)).toContainText(/Late by (\d+h )?\d+m/);
      await expect(page.getByTestId('summary-late')).toHaveText('1');
      await expectPhoneLayout(page, '.stop-day');
      await page.getByRole('button', { name: 'Done' }).click();

      // Ready at 07:30, the day leaves at 07:56 to be at the bakery when it opens.
      await page.getByLabel('Departure time').fill('07:30');
      await expect(stopTimes(page, 0)).toHaveText(
        'Leave 07:56 · ready 07:30, leaves later not to wait',
      );
      await expectAccessible(page);
    });
  });
});

test.describe('the shared route in another time zone', () => {
  test.use({ locale: 'en-US', timezoneId: 'America/New_York' });

  test('shows the day in the viewer’s language, conventions and zone; its GPX keeps the times', async ({
    page,
    request,
    accounts,
    browser,
    stack,
  }) => {
    const owner = await accounts.register('share-day');
    const id = await postDay(request, owner, 'Monday round', [
      DEPOT,
      { ...BAKERY, window: { start: '08:00', end: '09:00' } },
      { ...PHARMACY, serviceMinutes: 10, window: { start: '09:30', end: '10:00' } },
      SCHOOL,
    ]);
    const path = await shareRoute(request, owner, id);

    // 08:00 in Paris is 02:00 in New York (before either changes to summer time).
    await page.goto(path);
    const stops = page.locator('.shared-stop');
    await expect(stops).toHaveCount(4, LOADED);
    await expect(stops.nth(0).getByTestId('planned-times')).toHaveText(
      exactly('Leave Mon, Mar 4, 2:00 AM'),
    );
    await expect(stops.nth(1).getByTestId('planned-times')).toHaveText(
      exactly('Arrive 2:03 AM · Leave 2:08 AM · Window 2:00 AM–3:00 AM'),
    );
    await expect(stops.nth(2).getByTestId('planned-times')).toHaveText(
      exactly('Arrive 2:14 AM · wait 1h 16m · Leave 3:40 AM · Window 3:30 AM–4:00 AM'),
    );
    await expect(page.getByTestId('summary-departure')).toHaveText(exactly('Mon, Mar 4, 2:00 AM'));
    await expect(page.getByTestId('summary-finish')).toHaveText(exactly('3:48 AM'));
    await expect(page.getByTestId('summary-waiting')).toHaveText('1h 16m');
    await expect(page.getByTestId('viewer-zone')).toHaveText(
      'Times are in your time zone, America/New_York.',
    );
    await expectAccessible(page);

    // The GPX: each waypoint's planned time, and its times in words as its description.
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download GPX' }).click(),
    ]);
    const waypoints = await gpxWaypoints(await download.path());
    expect(waypoints.map((point) => point.name)).toEqual([
      DEPOT.name,
      BAKERY.name,
      PHARMACY.name,
      SCHOOL.name,
    ]);
    expect(waypoints[0].time).toBe('2030-03-04T07:00:00Z');
    expect(waypoints[0].desc).toMatch(exactly('Leave Mon, Mar 4, 2:00 AM'));
    expect(waypoints[2].time).toMatch(/^2030-03-04T07:14:\d\dZ$/);
    expect(waypoints[2].desc).toMatch(
      exactly(
        'Arrive 2:14 AM · wait 1h 16m · 10m at the stop · Leave 3:40 AM · Window 3:30 AM–4:00 AM',
      ),
    );
    expect(waypoints[3].desc).toMatch(exactly('Arrive 3:43 AM · 5m at the stop · Leave 3:48 AM'));

    // The same link in French in Paris: the same moments on Paris's clocks, in 24 hours.
    const context = await browser.newContext({
      baseURL: stack.appUrl,
      locale: 'fr-FR',
      timezoneId: 'Europe/Paris',
      serviceWorkers: 'block',
    });
    try {
      await pinLanguage(context, 'fr');
      const french = await context.newPage();
      await french.goto(path);
      await expect(french.locator('.shared-stop').nth(2).getByTestId('planned-times')).toHaveText(
        'Arrivée 08:14 · attente 1h 16min · Départ 09:40 · Créneau 09:30–10:00',
        LOADED,
      );
      await expect(french.getByTestId('summary-finish')).toHaveText('09:48');
      await expect(french.getByTestId('viewer-zone')).toHaveCount(0);
    } finally {
      await context.close();
    }
  });

  test.describe('on a phone @phone', () => {
    test.skip(notOnPhone, PHONE_ONLY);

    test('the shared day in New York fits 375 px and passes axe', async ({
      page,
      request,
      accounts,
    }) => {
      await page.setViewportSize(PHONE);
      const owner = await accounts.register('share-day-phone');
      const id = await postDay(request, owner, 'Monday round', [
        DEPOT,
        { ...BAKERY, window: { start: '08:00', end: '09:00' } },
        { ...PHARMACY, serviceMinutes: 10, window: { start: '09:30', end: '10:00' } },
        SCHOOL,
      ]);
      await page.goto(await shareRoute(request, owner, id));
      const stops = page.locator('.shared-stop');
      await expect(stops).toHaveCount(4, LOADED);
      await expect(stops.nth(2).getByTestId('planned-times')).toHaveText(
        exactly('Arrive 2:14 AM · wait 1h 16m · Leave 3:40 AM · Window 3:30 AM–4:00 AM'),
      );
      await expect(page.getByTestId('summary-finish')).toHaveText(exactly('3:48 AM'));
      await expect(page.getByTestId('viewer-zone')).toHaveText(
        'Times are in your time zone, America/New_York.',
      );
      await expectAccessible(page);
      await expectPhoneLayout(page, 'main');
    });
  });
});

const MINUTE = 60_000;

/**
 * A fixed-offset zone (Etc/GMT±n: the sign is inverted) where it is now about midday, so a day
 * of windows around now never crosses midnight whenever the test runs.
 */
function middayZone() {
  let hours = 12 - new Date().getUTCHours();
  if (hours > 12) hours -= 24;
  const name = hours === 0 ? 'Etc/UTC' : `Etc/GMT${hours > 0 ? '-' : '+'}${Math.abs(hours)}`;
  const sign = hours < 0 ? '-' : '+';
  const offset = `${sign}${String(Math.abs(hours)).padStart(2, '0')}:00`;
  return { name, hours, offset };
}

const DRIVE_ZONE = middayZone();

/**
 * A day on the road now, in DRIVE_ZONE: ready to leave the depot 90 minutes ago (done); the bakery's window
 * closed 30 minutes ago (the current stop: the driver is late); the pharmacy takes 30 minutes;
 * the school's window closes in 30 minutes, too soon with the pharmacy on the way and not
 * without it. `at(m)` is the time m minutes from now as the page writes it (en-GB, 24 h).
 */
function drivingDay(now: number) {
  const local = new Date(now + DRIVE_ZONE.hours * 60 * MINUTE);
  const minutes = local.getUTCHours() * 60 + local.getUTCMinutes();
  const at = (offset: number) => {
    const value = minutes + offset;
    return `${String(Math.floor(value / 60)).padStart(2, '0')}:${String(value % 60).padStart(2, '0')}`;
  };
  const date = local.toISOString().slice(0, 10);
  const plan = {
    departure: `${date}T${at(-90)}${DRIVE_ZONE.offset}`,
    timeZone: DRIVE_ZONE.name,
    defaultServiceMinutes: 5,
    end: 'last-stop',
  };
  const stops = [
    { ...DEPOT, status: 'done' },
    { ...BAKERY, window: { start: at(-60), end: at(-30) } },
    { ...PHARMACY, serviceMinutes: 30, window: { start: at(-5), end: at(120) } },
    { ...SCHOOL, window: { start: at(-10), end: at(30) } },
  ];
  return { plan, stops, at };
}

test.describe('the navigation page on the day', () => {
  test.use({ timezoneId: DRIVE_ZONE.name });

  test('shows each stop’s planned arrival and flags the stops the driver will reach too late', async ({
    page,
    request,
    accounts,
  }) => {
    const owner = await accounts.register('drive-day');
    const day = drivingDay(Date.now());
    const id = await postDay(request, owner, 'On the road', day.stops, day.plan);
    await accounts.signIn(page, owner, `/waze-route/${id}`);

    const current = page.getByRole('group', { name: 'Current' });
    await expect(current).toContainText(BAKERY.name, LOADED);
    const points = page.locator('.drive-point');
    // A little over 3 minutes' drive from the depot to a window that opens 30 minutes after the
    // departure: the day leaves about 26 minutes later rather than wait there.
    await expect(points.nth(0).getByTestId('planned-times')).toHaveText(`Departs ${day.at(-64)}`);
    await expect(points.nth(1).getByTestId('planned-times')).toHaveText(
      `Planned ${day.at(-60)} · Window ${day.at(-60)}–${day.at(-30)}`,
    );
    await expect(points.nth(3).getByTestId('planned-times')).toContainText(
      `Window ${day.at(-10)}–${day.at(30)}`,
    );
    await expect(points.nth(3)).toContainText(/ETA \d\d:\d\d/);

    // The bakery's window has closed; the school's will close before the driver gets there.
    await expect(current.getByTestId('running-late')).toHaveText(
      `Running late: the window closed at ${day.at(-30)}`,
    );
    const rows = page.locator('.drive-stop');
    await expect(rows.nth(3).getByTestId('running-late')).toHaveText(
      `Running late: the window closes at ${day.at(30)}`,
    );
    await expect(rows.nth(2).getByTestId('running-late')).toHaveCount(0);
    await expect(page.getByTestId('running-late')).toHaveCount(2);
    await expectAccessible(page);

    // Skipping the pharmacy (30 minutes there) leaves time to reach the school.
    await page.getByRole('button', { name: `Skip stop 3: ${PHARMACY.name}` }).click();
    await expect(rows.nth(3).getByTestId('running-late')).toHaveCount(0);
    await expect(current.getByTestId('running-late')).toBeVisible();
    // Once the bakery is done, the one late stop is behind.
    await current.getByRole('button', { name: 'Done', exact: true }).click();
    await expect(page.getByTestId('running-late')).toHaveCount(0);
  });

  test.describe('on a phone @phone', () => {
    test.skip(notOnPhone, PHONE_ONLY);

    test('planned arrivals and the running-late flags fit 375 px and pass axe', async ({
      page,
      request,
      accounts,
    }) => {
      await page.setViewportSize(PHONE);
      const owner = await accounts.register('drive-day-phone');
      const day = drivingDay(Date.now());
      const id = await postDay(request, owner, 'On the road', day.stops, day.plan);
      await accounts.signIn(page, owner, `/waze-route/${id}`);
      const current = page.getByRole('group', { name: 'Current' });
      await expect(current).toContainText(BAKERY.name, LOADED);
      await expect(page.locator('.drive-point').nth(1).getByTestId('planned-times')).toHaveText(
        `Planned ${day.at(-60)} · Window ${day.at(-60)}–${day.at(-30)}`,
      );
      await expect(current.getByTestId('running-late')).toHaveText(
        `Running late: the window closed at ${day.at(-30)}`,
      );
      await expect(page.getByTestId('running-late')).toHaveCount(2);
      await expectAccessible(page);
      await expectPhoneLayout(page, 'main');
    });
  });
});

test.describe('the navigation page offline', () => {
  test.use({ serviceWorkers: 'allow', timezoneId: DRIVE_ZONE.name });

  test('keeps the planned arrivals and the running-late flag without a connection', async ({
    page,
    context,
    request,
    accounts,
  }) => {
    const owner = await accounts.register('drive-offline');
    const day = drivingDay(Date.now());
    const id = await postDay(request, owner, 'Offline day', day.stops, day.plan);
    await accounts.signIn(page, owner, `/waze-route/${id}`);
    const current = page.getByRole('group', { name: 'Current' });
    await expect(current.getByTestId('running-late')).toBeVisible(LOADED);
    await page.waitForFunction(async () => {
      const registration = await navigator.serviceWorker.ready;
      return Boolean(registration.active) && navigator.serviceWorker.controller !== null;
    });

    await context.setOffline(true);
    await page.reload();
    await expect(
      page.getByText("Offline — changes will be saved when you're back online"),
    ).toBeVisible(LOADED);
    await expect(page.locator('.drive-point').nth(1).getByTestId('planned-times')).toHaveText(
      `Planned ${day.at(-60)} · Window ${day.at(-60)}–${day.at(-30)}`,
    );
    await expect(current.getByTestId('running-late')).toHaveText(
      `Running late: the window closed at ${day.at(-30)}`,
    );
    await expect(page.locator('.drive-stop').nth(3).getByTestId('running-late')).toBeVisible();
    await context.setOffline(false);
  });
});
