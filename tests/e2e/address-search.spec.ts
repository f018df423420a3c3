import { expect, test } from './support/fixtures';
import { expectAccessible } from './support/accessibility';
import { expectFitsPhone, notOnPhone, PHONE_375, PHONE_ONLY } from './support/phone-layout';

/**
 * Address search that finds the right place: search as you type goes to Photon
 * (the fake records the parameters it receives), biased to where the user is planning, in the
 * interface language, each result a name and a second line; Nominatim answers while Photon is
 * down; typed coordinates add a stop without a search.
 */

/** Hartford, Connecticut: one of the fake gazetteer's two Main Streets is there. */
const HARTFORD = { latitude: 41.7637, longitude: -72.6731 };

type Received = { path: string };
const searchParams = (request: Received) => new URL(request.path, 'http://fake').searchParams;

test.describe('with the user located in Hartford', () => {
  // Reduced motion: the map jumps to the user's position instead of flying there for 0.8 s, so
  // the view the search is biased to is settled as soon as the position is shown.
  test.use({ geolocation: HARTFORD, permissions: ['geolocation'], reducedMotion: 'reduce' });

  test('a search is biased to the view and the user, and tells two Main Streets apart', async ({
    page,
    planner,
    fakes,
    tiles,
  }, testInfo) => {
    await page.goto('/plan');
    await expect(page.getByText('Getting your location...')).toHaveCount(0);
    // The map (it loads after the page) shows the user's place: its view is what a search is
    // biased to (before it, a search has the user's position only).
    await expect.poll(() => tiles.some((tile) => tile.zoom === 13)).toBe(true);
    await fakes.clearRequests('photon');
    // Each retry its own words (Photon matches them as prefixes), and the phone's test below
    // others: runs may share a stack, and the proxy answers a repeated search from its cache
    // without asking Photon.
    const words = ['Main Street', 'Main Stree'][Math.min(testInfo.retry, 1)];
    await planner.search.fill(words);
    const options = planner.searchResults.getByRole('option');
    await expect(options).toHaveCount(2);
    // The nearest first, each with its second line.
    await expect(options.first()).toHaveAccessibleName('Main Street, Hartford, United States');
    await expect(options.nth(1)).toHaveAccessibleName('Main Street, Springfield, United States');
    await expect(options.first().locator('.place-search__address')).toHaveText(
      'Hartford, United States',
    );
    await expectAccessible(page, '.place-search');

    // What Photon was asked: the user's position (in view), the map's zoom, English, 8 results.
    const asked = (await fakes.requests('photon')) as Received[];
    const search = asked.map(searchParams).find((params) => params.get('q') === words);
    expect(search && Object.fromEntries(search)).toMatchObject({
      lat: '41.764',
      lon: '-72.673',
      zoom: '13',
      lang: 'en',
      limit: '8',
    });

    await options.first().click();
    await expect(planner.stopNames).toHaveText(['Main Street, Hartford, United States']);
  });

  test.describe('on a phone @phone', () => {
    test.skip(notOnPhone, PHONE_ONLY);

    test('the results listed at 375 px: no sideways scrolling, 44 px targets, axe', async ({
      page,
      planner,
      tiles,
    }, testInfo) => {
      await page.setViewportSize(PHONE_375);
      await page.goto('/plan');
      await expect(page.getByText('Getting your location...')).toHaveCount(0);
      await expect.poll(() => tiles.some((tile) => tile.zoom === 13)).toBe(true);
      // Words of its own (see above).
      await planner.search.fill(['Main Stre', 'Main Str'][Math.min(testInfo.retry, 1)]);
      const options = planner.searchResults.getByRole('option');
      await expect(options).toHaveCount(2);
      await expect(options.first()).toHaveAccessibleName('Main Street, Hartford, United States');
      await expect(options.nth(1)).toHaveAccessibleName('Main Street, Springfield, United States');
      await expect(options.first().locator('.place-search__address')).toHaveText(
        'Hartford, United States',
      );
      await expectAccessible(page, '.place-search');
      await expectFitsPhone(page, '.place-search');
    });
  });

  test('typed coordinates add a stop where they say, without a search', async ({
    page,
    planner,
    fakes,
  }) => {
    await page.goto('/plan');
    await fakes.clearRequests('photon');
    await planner.search.fill('48,8584; 2,2945');
    const option = planner.searchResults.getByRole('option');
    await expect(option).toHaveAccessibleName('Coordinates, 48.858400, 2.294500');
    await planner.search.press('Enter');
    await expect(planner.stopItems).toHaveCount(1);
    await expect(planner.stopItems.first().locator('.stop-item__coords')).toHaveText(
      '48.8584, 2.2945',
    );
    expect(await fakes.requests('photon')).toEqual([]);
  });
});

test.describe('with the map moved elsewhere', () => {
  test.use({ reducedMotion: 'reduce' });

  test('a search is biased to the map’s view: its centre and zoom', async ({
    page,
    planner,
    fakes,
  }) => {
    await page.goto('/plan');
    // A stop in Springfield, typed as coordinates: the map moves there to show it.
    await planner.search.fill('42.1015, -72.5898');
    await planner.search.press('Enter');
    await expect(planner.stopItems).toHaveCount(1);
    await fakes.clearRequests('photon');
    await planner.search.fill('Main Street');
    const options = planner.searchResults.getByRole('option');
    await expect(options).toHaveCount(2);
    // Springfield's Main Street first this time.
    await expect(options.first()).toHaveAccessibleName('Main Street, Springfield, United States');
    const asked = (await fakes.requests('photon')) as Received[];
    const search = asked.map(searchParams).find((params) => params.get('q') === 'Main Street');
    expect(search).toBeDefined();
    expect(Number(search?.get('lat'))).toBeCloseTo(42.1015, 2);
    expect(Number(search?.get('lon'))).toBeCloseTo(-72.5898, 2);
    expect(Number(search?.get('zoom'))).toBeGreaterThanOrEqual(10);
  });
});

test('a search superseded by more typing is cancelled, all the way to the geocoder', async ({
  page,
  planner,
  fakes,
}) => {
  // Photon takes 20 s: the proxy gives up on it after its timeout and asks Nominatim instead,
  // unless the search was cancelled first.
  await fakes.setMode('photon', 'slow');
  await fakes.clearRequests('photon');
  await fakes.clearRequests('nominatim');
  const asked = async (fake: 'photon' | 'nominatim') =>
    ((await fakes.requests(fake)) as (Received & { aborted?: boolean })[]).map((request) => ({
      q: searchParams(request).get('q'),
      aborted: request.aborted === true,
    }));
  await page.goto('/plan');
  await planner.search.fill('Springf');
  await expect
    .poll(async () => (await asked('photon')).filter(({ q }) => q === 'Springf'), {
      timeout: 30_000,
    })
    .toHaveLength(1);

  await planner.search.fill('Springfield');
  // The newer search is answered (by Nominatim, Photon being slow)…
  await expect(planner.searchResults.getByRole('option').first()).toHaveAccessibleName(
    /Springfield/,
    { timeout: 30_000 },
  );
  // …while the superseded one was cancelled at Photon and never went on to Nominatim.
  expect((await asked('photon')).find(({ q }) => q === 'Springf')?.aborted).toBe(true);
  const fallback = (await asked('nominatim')).map(({ q }) => q);
  expect(fallback).toContain('Springfield');
  expect(fallback).not.toContain('Springf');
});

test('Photon down: Nominatim answers the same search, with the same two lines', async ({
  page,
  planner,
  fakes,
}) => {
  await fakes.setMode('photon', 'down');
  await fakes.clearRequests('nominatim');
  await page.goto('/plan');
  // A text no other search asked, so no cached answer stands in for the fallback.
  await planner.search.fill('Empire State');
  const option = planner.searchResults.getByRole('option');
  await expect(option).toHaveAccessibleName(
    'Empire State Building, 350 5th Avenue, New York, United States',
  );
  const asked = (await fakes.requests('nominatim')) as Received[];
  expect(
    asked
      .filter((request) => request.path.startsWith('/search?'))
      .map(searchParams)
      .some((params) => params.get('q') === 'Empire State' && params.get('addressdetails') === '1'),
  ).toBe(true);
  await option.click();
  await expect(planner.stopNames).toHaveText([
    'Empire State Building, 350 5th Avenue, New York, United States',
  ]);
});

test.describe('in French', () => {
  test.use({ language: 'fr' });

  test('results come in the interface language', async ({ page, fakes }) => {
    await page.goto('/plan');
    await fakes.clearRequests('photon');
    await page.getByRole('combobox', { name: 'Rechercher une adresse' }).fill('Berlin');
    await expect(page.getByRole('listbox').getByRole('option').first()).toBeVisible();
    const asked = (await fakes.requests('photon')) as Received[];
    expect(asked.map(searchParams).some((params) => params.get('lang') === 'fr')).toBe(true);
  });
});
