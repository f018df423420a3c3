import { readFile } from 'node:fs/promises';
import { JSDOM } from 'jsdom';
import { gpx as gpxToGeoJson } from '@tmcw/togeojson';
import { expectAccessible } from './support/accessibility';
import { expect, test, type Page, type Request, type Route } from './support/fixtures';

/** Lyon, where the browser says the user is in these tests (the pages are pinned to English). */
const HERE = { latitude: 45.764, longitude: 4.8357 };
test.use({ geolocation: HERE, permissions: ['geolocation'] });

/**
 * 20 lines for the fake geocoder (tests/fakes/geo.mjs): most name one place of its
 * gazetteer; "Manhattan" matches three places a few km apart (one place by the rule);
 * "France" matches Paris, Lyon and Dijon, hundreds of km apart (ambiguous); two match
 * nothing; "xy" is too short to search.
 */
const DAY = [
  'Times Square, New York',
  'Empire State Building',
  'Brooklyn Bridge',
  'Paris, France',
  'Lyon',
  'Dijon',
  'Berlin',
  'Madrid',
  'Rome, Italy',
  'Lisbon',
  'London',
  'Mexico City',
  'São Paulo',
  'Manhattan',
  'Atlantis, Lost City',
  'France',
  'Nowhere Street 99',
  'Rome',
  'xy',
  'Madrid, Spain',
];

const stopNames = (page: Page) => page.locator('.stop-list .stop-item__name');
const importPanel = (page: Page) => page.getByRole('region', { name: 'Import stops' });
const progress = (page: Page) => page.getByRole('progressbar', { name: 'Looking up addresses' });
const summary = (page: Page) => page.getByTestId('import-summary');
const problem = (page: Page, line: number) => importPanel(page).locator(`li[data-line="${line}"]`);
const searchQuery = (route: Route) => new URL(route.request().url()).searchParams.get('q') ?? '';

async function openImport(page: Page) {
  await page.goto('/plan');
  await page.getByRole('button', { name: 'Import stops' }).click();
  await expect(importPanel(page)).toBeVisible();
}

async function pasteAndImport(page: Page, lines: readonly string[]) {
  await importPanel(page).getByLabel('Addresses or CSV text').fill(lines.join('\n'));
  await expect(
    importPanel(page).getByRole('heading', { name: `Lines read: ${lines.length}` }),
  ).toBeVisible();
  await importPanel(page).getByRole('button', { name: 'Import', exact: true }).click();
}

/** A CSV of `count` stops in and around Lyon with latitude/longitude columns, as a French spreadsheet saves it. */
function lyonCsv(count: number): Buffer {
  const rows = ['Nom;Latitude;Longitude;Remarque'];
  for (let index = 1; index <= count; index += 1) {
    const lat = (45.7 + index * 0.01).toFixed(4).replace('.', ',');
    const lng = (4.8 + index * 0.005).toFixed(4).replace('.', ',');
    rows.push(`"Client ${index}; Lyon";${lat};${lng};${index === 2 ? '"Code 4B, sonner"' : ''}`);
  }
  return Buffer.from('\uFEFF' + rows.join('\r\n') + '\r\n', 'utf8');
}

async function importCsv(page: Page, count: number) {
  await importPanel(page)
    .getByLabel('Choose a file (CSV or text)')
    .setInputFiles({ name: 'tournee.csv', mimeType: 'text/csv', buffer: lyonCsv(count) });
  await expect(importPanel(page).getByText('File read: tournee.csv')).toBeVisible();
  await expect(
    importPanel(page).getByRole('heading', { name: `Lines read: ${count}` }),
  ).toBeVisible();
  await expect(
    importPanel(page).getByText(`To look up: 0 · With coordinates: ${count} · Unreadable: 0`),
  ).toBeVisible();
  await importPanel(page).getByRole('button', { name: 'Import', exact: true }).click();
  await expect(summary(page)).toHaveText(`Ready: ${count} · To check: 0 · Not looked up: 0`);
  await importPanel(page)
    .getByRole('button', { name: `Add to route (${count})` })
    .click();
  await expect(page.getByRole('heading', { name: `Stops (${count})` })).toBeVisible();
}

test.describe('import and export', () => {
  test('a pasted day of 20 addresses: rate limit waited out, failures and misses listed, fixed, picked, then added', async ({
    page,
  }) => {
    // The proxy answers 429 once for Berlin (Retry-After 1 s) and fails Mexico City until told otherwise.
    let berlinRefused = false;
    let mexicoDown = true;
    await page.route('**/api/geocoding/search?**', (route) => {
      const q = searchQuery(route);
      if (q === 'Berlin' && !berlinRefused) {
        berlinRefused = true;
        return route.fulfill({
          status: 429,
          headers: { 'Retry-After': '1' },
          json: { error: 'Too many requests, please slow down and try again shortly' },
        });
      }
      if (q === 'Mexico City' && mexicoDown)
        return route.fulfill({ status: 502, json: { error: 'Geocoding service unavailable' } });
      return route.fallback();
    });

    await openImport(page);
    await pasteAndImport(page, DAY);
    // 19 lookups: "xy" is too short to send
    await expect(progress(page)).toHaveAttribute('aria-valuemax', '19');
    await expect(progress(page)).toHaveAttribute('aria-valuenow', '19');
    await expect(importPanel(page).getByText('Lookups finished.')).toBeVisible();
    expect(berlinRefused).toBe(true);
    // 20 lines: 15 found, 5 to check (2 no match, 1 ambiguous, 1 failed lookup, 1 too short); none dropped
    await expect(summary(page)).toHaveText('Ready: 15 · To check: 5 · Not looked up: 0');
    await expect(problem(page, 12)).toContainText('The lookup failed. Search again.');
    await expect(problem(page, 15)).toContainText('No place found. Fix the text and search again.');
    await expect(problem(page, 16)).toContainText('Several places far apart match.');
    await expect(problem(page, 17)).toContainText('No place found.');
    await expect(problem(page, 19)).toContainText('Too short to search: at least 3 characters.');

    // Fix a line, pick a candidate, retry the failed lookup once the service is back, remove one line.
    await problem(page, 15).getByLabel('Address on line 15').fill('Dijon');
    await problem(page, 15).getByRole('button', { name: 'Search again' }).click();
    await expect(problem(page, 15)).toHaveCount(0);
    const candidates = problem(page, 16)
      .getByRole('list', { name: 'Places matching line 16' })
      .getByRole('button');
    await expect(candidates).toHaveCount(3);
    await candidates.filter({ hasText: /^Lyon/ }).click();
    mexicoDown = false;
    await problem(page, 12).getByRole('button', { name: 'Search again' }).click();
    await expect(problem(page, 12)).toHaveCount(0);
    await problem(page, 19).getByRole('button', { name: 'Remove line 19' }).click();
    await expect(summary(page)).toHaveText('Ready: 18 · To check: 1 · Not looked up: 0');

    await importPanel(page).getByRole('button', { name: 'Add to route (18)' }).click();
    await expect(page.getByRole('heading', { name: 'Stops (18)' })).toBeVisible();
    const names = await stopNames(page).allTextContents();
    expect(names).toHaveLength(18);
    expect(names.map((name) => name.split(',')[0])).toEqual([
      'Times Square',
      'Empire State Building',
      'Brooklyn Bridge',
      'Paris',
      'Lyon',
      'Dijon',
      'Berlin',
      'Madrid',
      'Rome',
      // Manhattan: the first of three results a few km apart (the fake ranks Empire State Building first)
      'Lisbon',
      'London',
      'Mexico City',
      'São Paulo',
      'Empire State Building',
      'Dijon',
      'Lyon',
      'Rome',
      'Madrid',
    ]);
    // The one line still unresolved stays listed for the user; nothing vanished.
    await expect(summary(page)).toHaveText('Ready: 0 · To check: 1 · Not looked up: 0');
    await expect(problem(page, 17)).toContainText('No place found.');
  });

  test('cancel stops the remaining lookups and keeps what was found', async ({ page }) => {
    // The first lookups are answered at once; the others wait until the import is cancelled,
    // so it is cancelled half-way whatever the machine's speed.
    const answeredAtOnce = 4;
    let lookups = 0;
    const held: Request[] = [];
    let letGo = () => {};
    const cancelled = new Promise<void>((resolve) => (letGo = resolve));
    await page.route('**/api/geocoding/search?**', async (route) => {
      lookups += 1;
      if (lookups > answeredAtOnce) {
        held.push(route.request());
        await cancelled;
      }
      await route.fallback();
    });
    const lines = DAY.slice(0, 13);
    await openImport(page);
    await pasteAndImport(page, lines);
    await expect(progress(page)).toHaveAttribute('aria-valuenow', String(answeredAtOnce));
    await expect.poll(() => held.length).toBeGreaterThan(0);
    await importPanel(page).getByRole('button', { name: 'Cancel import' }).click();
    await expect(
      importPanel(page).getByText('Import cancelled. What was found is kept below.'),
    ).toBeVisible();
    await expect(importPanel(page).getByRole('button', { name: 'Cancel import' })).toHaveCount(0);

    const done = Number(await progress(page).getAttribute('aria-valuenow'));
    expect(done).toBe(answeredAtOnce);
    const text = (await summary(page).textContent()) ?? '';
    const [, ready, , waiting] = /Ready: (\d+) · To check: (\d+) · Not looked up: (\d+)/
      .exec(text)!
      .map(Number);
    expect(ready).toBeGreaterThan(0);
    expect(ready + waiting).toBe(lines.length);
    // Nothing more arrives after the cancel: the lookups that were under way are let go, and
    // once each has its answer (or was dropped by the page), the page still shows the same.
    letGo();
    await Promise.all(held.map((request) => request.response().catch(() => null)));
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
    await expect(summary(page)).toHaveText(text);
    await expect(progress(page)).toHaveAttribute('aria-valuenow', String(answeredAtOnce));

    // The lines not looked up are listed, each one visible.
    await expect(importPanel(page).getByText('Not looked up yet.')).toHaveCount(waiting);
    await importPanel(page)
      .getByRole('button', { name: `Add to route (${ready})` })
      .click();
    await expect(page.getByRole('heading', { name: `Stops (${ready})` })).toBeVisible();
    await importPanel(page).getByRole('button', { name: 'Look up the rest' }).click();
    await expect(summary(page)).toHaveText(`Ready: ${waiting} · To check: 0 · Not looked up: 0`);
    await importPanel(page)
      .getByRole('button', { name: `Add to route (${waiting})` })
      .click();
    await expect(page.getByRole('heading', { name: `Stops (${lines.length})` })).toBeVisible();
    expect((await stopNames(page).allTextContents()).map((name) => name.split(',')[0])).toEqual(
      lines.map((line) => line.split(',')[0]),
    );
  });

  test('pasted latitude,longitude lines are named by reverse geocoding once added, one lookup at a time', async ({
    page,
  }) => {
    let inFlight = 0;
    let most = 0;
    await page.route('**/api/geocoding/reverse**', async (route) => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      const response = await route.fetch();
      inFlight -= 1;
      await route.fulfill({ response });
    });
    await openImport(page);
    // Paris and Lyon are in the fake geocoder's gazetteer; the middle of the Pacific is not.
    await pasteAndImport(page, ['48.8566, 2.3522', '45.7640, 4.8357', '0.0000, -160.0000']);
    await expect(summary(page)).toHaveText('Ready: 3 · To check: 0 · Not looked up: 0');
    await importPanel(page).getByRole('button', { name: 'Add to route (3)' }).click();
    await expect(stopNames(page)).toHaveText([
      /^Paris, Île-de-France/,
      /^Lyon, /,
      'Location 0.0000, -160.0000',
    ]);
    expect(most).toBe(1);
  });

  test('a semicolon CSV with a BOM and latitude/longitude columns, exported as GPX and read back', async ({
    page,
  }) => {
    await openImport(page);
    await importCsv(page, 3);
    await expect(stopNames(page)).toHaveText([
      'Client 1; Lyon',
      'Client 2; Lyon',
      'Client 3; Lyon',
    ]);
    await expect(page.locator('.stop-list .stop-item__note')).toHaveText(['Code 4B, sonner']);

    await page.getByPlaceholder('Enter route title...').fill('Tournée <mardi> & co');
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download GPX' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('tournee-mardi-co.gpx');
    const xml = await readFile(await download.path(), 'utf8');
    const { window } = new JSDOM('');
    const geojson = gpxToGeoJson(new window.DOMParser().parseFromString(xml, 'text/xml'));
    const points = geojson.features.filter((feature) => feature.geometry?.type === 'Point');
    expect(points.map((feature) => feature.properties?.name)).toEqual([
      'Client 1; Lyon',
      'Client 2; Lyon',
      'Client 3; Lyon',
    ]);
    expect(points[1].properties?.desc).toBe('Code 4B, sonner');
    expect(points[0].geometry).toEqual({ type: 'Point', coordinates: [4.805, 45.71] });
    const track = geojson.features.find((feature) => feature.geometry?.type === 'LineString');
    expect(track?.properties?.name).toBe('Tournée <mardi> & co');
    expect(
      track?.geometry?.type === 'LineString' && track.geometry.coordinates.length,
    ).toBeGreaterThanOrEqual(3);
  });

  test('Google Maps links for a 15-stop route come in legs of at most 9 waypoints; the stop list copies as text', async ({
    page,
    context,
    browserName,
  }) => {
    await openImport(page);
    await importCsv(page, 15);
    // The route's totals are in (the copied text carries them).
    await expect(page.locator('.trip-summary[aria-busy="false"]')).toBeVisible();
    await page.getByRole('button', { name: 'Export', exact: true }).click();

    const googleLinks = page.getByRole('list', { name: 'Open in Google Maps' }).getByRole('link');
    await expect(googleLinks).toHaveText(['Part 1 (stops 1–11)', 'Part 2 (stops 11–15)']);
    const [first, second] = await Promise.all(
      [0, 1].map(async (index) => new URL((await googleLinks.nth(index).getAttribute('href'))!)),
    );
    expect(first.origin + first.pathname).toBe('https://www.google.com/maps/dir/');
    expect(first.searchParams.get('api')).toBe('1');
    expect(first.searchParams.get('travelmode')).toBe('driving');
    expect(first.searchParams.get('origin')).toBe('45.71,4.805');
    expect(first.searchParams.get('waypoints')!.split('|')).toHaveLength(9);
    expect(first.searchParams.get('destination')).toBe('45.81,4.855');
    expect(second.searchParams.get('origin')).toBe(first.searchParams.get('destination'));
    expect(second.searchParams.get('waypoints')!.split('|')).toHaveLength(3);
    expect(second.searchParams.get('destination')).toBe('45.85,4.875');

    await page.getByText('Open in Apple Maps').click();
    const appleLinks = page.getByRole('list', { name: 'Open in Apple Maps' }).getByRole('link');
    await expect(appleLinks).toHaveCount(14);
    await expect(appleLinks.first()).toHaveAttribute(
      'href',
      'https://maps.apple.com/?saddr=45.71%2C4.805&daddr=45.72%2C4.81&dirflg=d',
    );

    expect(browserName).toBe('chromium');
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.getByRole('button', { name: 'Copy stop list' }).click();
    await expect(page.getByText('Stop list copied')).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    const lines = copied.trim().split('\n');
    expect(lines[0]).toBe('Client 1; Lyon to Client 15; Lyon');
    expect(lines[1]).toMatch(/^Total: \d+ km, /);
    expect(lines).toContain('1. Client 1; Lyon');
    expect(lines).toContain('2. Client 2; Lyon');
    expect(lines).toContain('   Code 4B, sonner');
    expect(lines).toContain('15. Client 15; Lyon');

    // A browser that refuses the clipboard gets the text to copy by hand.
    await page.evaluate(() => {
      navigator.clipboard.writeText = () =>
        Promise.reject(new DOMException('Denied', 'NotAllowedError'));
    });
    await page.getByRole('button', { name: 'Copy stop list' }).click();
    await expect(
      page.getByText('Copying was not allowed here. Select the text below and copy it.'),
    ).toBeVisible();
    await expect(page.getByLabel('Stop list as text')).toHaveValue(copied);
  });

  for (const theme of ['light', 'dark'] as const) {
    test(`the import review and the export menu have no serious or critical axe violation (${theme} theme)`, async ({
      page,
      context,
    }) => {
      await context.addInitScript((chosen) => localStorage.setItem('theme', chosen), theme);
      await openImport(page);
      await pasteAndImport(page, ['Paris', 'France', 'Atlantis, Lost City', 'xy', 'Berlin']);
      await expect(summary(page)).toHaveText('Ready: 2 · To check: 3 · Not looked up: 0');
      await importPanel(page).getByRole('button', { name: 'Add to route (2)' }).click();
      await page.getByRole('button', { name: 'Export', exact: true }).click();
      await expect(page.getByRole('button', { name: 'Download GPX' })).toBeVisible();
      await expectAccessible(page, '.planner__sidebar');
    });
  }
});
