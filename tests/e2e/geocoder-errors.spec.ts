import { expect, test, type Page } from '@playwright/test';
import { e2ePorts } from '../../playwright.config';

/**
 * Issue 8, faults: when the geocoder cannot answer, the address search says so instead of
 * 'No results found', and a map click still adds a stop, named by its coordinates
 * (spec section 5). The upstream is really taken down (the fakes' control API), so the
 * whole chain answers as in production: fake Nominatim 503 -> the function's 502 {error}.
 */
const control = `http://127.0.0.1:${e2ePorts.fakeControl}`;
const setNominatimMode = async (mode: 'ok' | 'down') => {
  const response = await fetch(`${control}/nominatim/mode`, {
    method: 'POST',
    body: JSON.stringify({ mode }),
  });
  expect(response.ok).toBe(true);
};

const UNAVAILABLE = 'Address search is unavailable right now, try again later';
const RATE_LIMITED = 'Too many searches, try again in a few seconds';

// Somewhere no other test clicks, so no cached place name can answer for the down geocoder.
test.use({ geolocation: { latitude: 43.2965, longitude: 5.3698 }, permissions: ['geolocation'] });

test.beforeEach(async ({ context, page }) => {
  await context.addInitScript(() => {
    if (!localStorage.getItem('i18nextLng')) localStorage.setItem('i18nextLng', 'en');
  });
  await page.route(/tile\.openstreetmap\.org\//, (route) =>
    route.fulfill({ status: 204, body: '' }),
  );
});
test.afterEach(() => setNominatimMode('ok'));

const search = (page: Page) => page.getByRole('combobox', { name: 'Search for an address' });

test('geocoder down: the search says it is unavailable, a map click names the stop by its coordinates', async ({
  page,
}) => {
  await setNominatimMode('down');
  await page.goto('/plan');
  // A text no earlier search cached.
  await search(page).fill(`Marseille ${Date.now().toString(36)}`);
  await expect(page.locator('.place-search__popup').getByText(UNAVAILABLE)).toBeVisible();
  await expect(page.getByText('No results found')).toHaveCount(0);
  await expect(page.locator('.place-search__option')).toHaveCount(0);

  await page.locator('.leaflet-container').click({ position: { x: 150, y: 160 } });
  await expect(page.locator('.stop-list .stop-item__name')).toHaveText([
    /^Location -?\d+\.\d{4}, -?\d+\.\d{4}$/,
  ]);

  // Back up: the same search box finds places again.
  await setNominatimMode('ok');
  await search(page).fill('Dijon');
  await expect(page.getByRole('listbox').getByRole('option').first()).toContainText('Dijon');
  await expect(page.getByText(UNAVAILABLE)).toHaveCount(0);
});

test('rate limited: the search says to wait a few seconds', async ({ page }) => {
  // The e2e stack runs without per-client limits (every browser shares one address; the
  // limit itself is tested in tests/load/limits.test.ts): answer as the function does.
  await page.route('**/api/geocoding/search**', (route) =>
    route.fulfill({
      status: 429,
      headers: { 'Retry-After': '12' },
      json: { error: 'Too many requests, please slow down and try again shortly' },
    }),
  );
  await page.goto('/plan');
  await search(page).fill('Marseille');
  await expect(page.locator('.place-search__popup').getByText(RATE_LIMITED)).toBeVisible();
  await expect(page.getByText('No results found')).toHaveCount(0);
});
