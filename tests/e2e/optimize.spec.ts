import { expect, test, type PlannerControls } from './support/fixtures';

/**
 * 'Optimise route' compares road distances from the route service's table (the whole
 * chain: SPA -> /api/routes/table -> the function -> the fake OSRM's table service), and
 * straight-line distances, silently, when the table cannot be had. The panel says which.
 */
test.use({ geolocation: { latitude: 45.764, longitude: 4.8357 }, permissions: ['geolocation'] });

async function addStops(planner: PlannerControls, names: string[]) {
  for (const name of names) await planner.addStop(name);
  await expect(planner.stopNames).toHaveCount(names.length);
}

// Out of order from Paris: the shortest way on is Dijon, Lyon, then Madrid.
const ZIGZAG = ['Paris', 'Madrid', 'Dijon', 'Lyon'];
const OPTIMISED = [/^Paris/, /^Dijon/, /^Lyon/, /^Madrid/];

test('optimise route compares road distances from the route table, and says so', async ({
  page,
  planner,
}) => {
  await page.goto('/plan');
  await addStops(planner, ZIGZAG);
  const table = page.waitForResponse((response) => response.url().endsWith('/api/routes/table'));
  await page.getByRole('button', { name: 'Optimise route' }).click();
  const answer = await table;
  expect(answer.status()).toBe(200);
  const body = await answer.json();
  expect(body.estimated).toBe(false);
  expect(body.distances).toHaveLength(4);

  await expect(planner.stopNames).toHaveText(OPTIMISED);
  await expect(page.getByRole('status').filter({ hasText: /^Saved / })).toBeVisible();
  await expect(page.getByText('Compared by road distance.')).toBeVisible();

  await page.getByRole('button', { name: 'Undo optimisation' }).click();
  await expect(planner.stopNames).toHaveText([/^Paris/, /^Madrid/, /^Dijon/, /^Lyon/]);
});

test('without the route table, optimise route compares straight-line distances', async ({
  page,
  planner,
}) => {
  await page.route('**/api/routes/table', (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ error: 'Service unavailable' }),
    }),
  );
  await page.goto('/plan');
  await addStops(planner, ZIGZAG);
  await page.getByRole('button', { name: 'Optimise route' }).click();
  await expect(planner.stopNames).toHaveText(OPTIMISED);
  await expect(page.getByText('Compared by straight-line distance.')).toBeVisible();
  await expect(page.getByText('Could not optimise the route. Please try again.')).toHaveCount(0);
});
