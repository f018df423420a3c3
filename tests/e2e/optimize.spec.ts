import { expect, test, type Page } from '@playwright/test';

/**
 * Issue 7: 'Optimise route' compares road distances from the route service's table (the whole
 * chain: SPA -> /api/routes/table -> the function -> the fake OSRM's table service), and
 * straight-line distances, silently, when the table cannot be had. The panel says which.
 */
test.use({ geolocation: { latitude: 45.764, longitude: 4.8357 }, permissions: ['geolocation'] });

test.beforeEach(async ({ context, page }) => {
  await context.addInitScript(() => {
    if (!localStorage.getItem('i18nextLng')) localStorage.setItem('i18nextLng', 'en');
  });
  await page.route(/tile\.openstreetmap\.org\//, (route) =>
    route.fulfill({ status: 204, body: '' }),
  );
});

const search = (page: Page) => page.getByRole('combobox', { name: 'Search for an address' });
const stopNames = (page: Page) => page.locator('.stop-list .stop-item__name');

async function addStops(page: Page, names: string[]) {
  for (const name of names) {
    await search(page).fill(name);
    await page.getByRole('listbox').getByRole('option').first().click();
  }
  await expect(stopNames(page)).toHaveCount(names.length);
}

// Out of order from Paris: the shortest way on is Dijon, Lyon, then Madrid.
const ZIGZAG = ['Paris', 'Madrid', 'Dijon', 'Lyon'];
const OPTIMISED = [/^Paris/, /^Dijon/, /^Lyon/, /^Madrid/];

test('optimise route compares road distances from the route table, and says so', async ({
  page,
}) => {
  await page.goto('/plan');
  await addStops(page, ZIGZAG);
  const table = page.waitForResponse((response) => response.url().endsWith('/api/routes/table'));
  await page.getByRole('button', { name: 'Optimise route' }).click();
  const answer = await table;
  expect(answer.status()).toBe(200);
  const body = await answer.json();
  expect(body.estimated).toBe(false);
  expect(body.distances).toHaveLength(4);

  await expect(stopNames(page)).toHaveText(OPTIMISED);
  await expect(page.getByRole('status').filter({ hasText: /^Saved / })).toBeVisible();
  await expect(page.getByText('Compared by road distance.')).toBeVisible();

  await page.getByRole('button', { name: 'Undo optimisation' }).click();
  await expect(stopNames(page)).toHaveText([/^Paris/, /^Madrid/, /^Dijon/, /^Lyon/]);
});

test('without the route table, optimise route compares straight-line distances', async ({
  page,
}) => {
  await page.route('**/api/routes/table', (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ error: 'Service unavailable' }),
    }),
  );
  await page.goto('/plan');
  await addStops(page, ZIGZAG);
  await page.getByRole('button', { name: 'Optimise route' }).click();
  await expect(stopNames(page)).toHaveText(OPTIMISED);
  await expect(page.getByText('Compared by straight-line distance.')).toBeVisible();
  await expect(page.getByText('Could not optimise the route. Please try again.')).toHaveCount(0);
});
