import { expect, test } from './support/fixtures';

/**
 * Faults: when the geocoder cannot answer, the address search says so instead of
 * 'No results found', and a map click still adds a stop, named by its coordinates. The upstream is really taken down (this worker's fakes, through their
 * control API), so the whole chain answers as in production: fake Photon and Nominatim (its
 * fallback) 503 -> the function's 502 {error}. The `fakes` fixture puts them back up after.
 * While only Photon is down, Nominatim answers the same search (tests/e2e/address-search.spec.ts).
 */

const UNAVAILABLE = 'Address search is unavailable right now, try again later';
const RATE_LIMITED = 'Too many searches, try again in a few seconds';

// Somewhere no other test clicks, so no cached place name can answer for the down geocoder.
test.use({ geolocation: { latitude: 43.2965, longitude: 5.3698 }, permissions: ['geolocation'] });

test('geocoder down: the search says it is unavailable, a map click names the stop by its coordinates', async ({
  page,
  fakes,
  planner,
}) => {
  await fakes.setMode('photon', 'down');
  await fakes.setMode('nominatim', 'down');
  await page.goto('/plan');
  // A text no earlier search cached.
  await planner.search.fill(`Marseille ${Date.now().toString(36)}`);
  await expect(page.locator('.place-search__popup').getByText(UNAVAILABLE)).toBeVisible();
  await expect(page.getByText('No results found')).toHaveCount(0);
  await expect(page.locator('.place-search__option')).toHaveCount(0);

  await planner.map.click({ position: { x: 150, y: 160 } });
  await expect(planner.stopNames).toHaveText([/^Location -?\d+\.\d{4}, -?\d+\.\d{4}$/]);

  // Back up: the same search box finds places again.
  await fakes.setMode('photon', 'ok');
  await fakes.setMode('nominatim', 'ok');
  await planner.search.fill('Dijon');
  await expect(planner.searchResults.getByRole('option').first()).toContainText('Dijon');
  await expect(page.getByText(UNAVAILABLE)).toHaveCount(0);
});

test('rate limited: the search says to wait a few seconds', async ({ page, planner }) => {
  // The e2e stack runs without per-client limits (every browser shares one address; the
  // limit itself is tested in tests/load/limits.test.ts): answer as the function does.
  await page.route('**/api/geocoding/autocomplete**', (route) =>
    route.fulfill({
      status: 429,
      headers: { 'Retry-After': '12' },
      json: { error: 'Too many requests, please slow down and try again shortly' },
    }),
  );
  await page.goto('/plan');
  await planner.search.fill('Marseille');
  await expect(page.locator('.place-search__popup').getByText(RATE_LIMITED)).toBeVisible();
  await expect(page.getByText('No results found')).toHaveCount(0);
});
