import { bearer, expect, test, type Page } from './support/fixtures';

/**
 * The pages that show server data ask for it before their code has arrived: the script first in
 * the HTML sends the page's first /api GET (src/app/start-up/page-requests.ts), as does the
 * router when the app goes to such a page whose code is not here yet, and the app's client takes
 * that answer instead of asking again (src/lib/early-requests.ts).
 */
test.describe('a page’s data, asked for with its code', () => {
  test.skip(({ isMobile }) => isMobile, 'one browser profile is enough');

  const STOPS = [
    { name: 'Paris, Île-de-France, France', lat: 48.8534951, lng: 2.3483915 },
    { name: 'Lyon, Métropole de Lyon, France', lat: 45.764043, lng: 4.835659 },
  ];

  /** The GETs of the page whose address `api` matches, as they go out. */
  function watchRequests(page: Page, api: RegExp) {
    const sent: string[] = [];
    page.on('request', (request) => {
      if (
        request.method() === 'GET' &&
        api.test(new URL(request.url()).pathname + new URL(request.url()).search)
      )
        sent.push(request.url());
    });
    return sent;
  }

  /** When the page's first GET matching `api` and its code's chunk `chunk` started (ms). */
  const startTimes = (page: Page, api: string, chunk: string) =>
    page.evaluate(
      ([api, chunk]) => {
        const entries = performance.getEntriesByType('resource');
        const start = (part: string) => entries.find(({ name }) => name.includes(part))?.startTime;
        return { api: start(api), chunk: start(chunk) };
      },
      [api, chunk] as const,
    );

  test('a shared route: one request, sent before the page’s code', async ({ page, accounts }) => {
    const owner = await accounts.register('page-data');
    const id = await accounts.postRoute(owner, 'Asked for early', STOPS);
    const shared = await page.request.post(`/api/itineraries/${id}/share`, {
      headers: bearer(owner),
    });
    const sharePath = new URL(((await shared.json()) as { shareUrl: string }).shareUrl).pathname;
    const sent = watchRequests(page, /^\/api\/itineraries\/share\//);

    await page.goto(sharePath);
    await expect(page.getByRole('heading', { level: 1, name: 'Asked for early' })).toBeVisible();
    expect(sent).toHaveLength(1);
    const started = await startTimes(page, '/api/itineraries/share/', '/SharedRoutePage-');
    expect(started.api).toBeLessThanOrEqual(started.chunk!);
  });

  test('signed in: My Routes and the navigation page take the answer asked for with the stored session', async ({
    page,
    accounts,
  }) => {
    const owner = await accounts.register('page-data');
    const id = await accounts.postRoute(owner, 'Driven today', STOPS);
    const summaries = watchRequests(page, /^\/api\/itineraries\?/);
    await accounts.signIn(page, owner, '/dashboard');
    await expect(page.locator('article').filter({ hasText: 'Driven today' })).toBeVisible();
    expect(summaries).toHaveLength(1);
    const started = await startTimes(page, '/api/itineraries?', '/DashboardRoute-');
    expect(started.api).toBeLessThanOrEqual(started.chunk!);

    const route = watchRequests(page, new RegExp(`^/api/itineraries/${id}$`));
    await page.goto(`/waze-route/${id}`);
    await expect(page.getByText('Lyon, Métropole de Lyon, France').first()).toBeVisible();
    expect(route).toHaveLength(1);
  });

  test('from the planner, My Routes (Dashboard in the header) asks for its cards while its code is on its way, once', async ({
    page,
    accounts,
  }) => {
    const owner = await accounts.register('page-data');
    await accounts.postRoute(owner, 'Planned yesterday', STOPS);
    await accounts.signIn(page, owner, '/plan');
    const dashboard = page.getByRole('link', { name: 'Dashboard' });
    await expect(dashboard).toBeVisible();

    // My Routes' code is held until its cards' GET has gone out: sent only by the page itself,
    // once its code ran, that GET would never come, and the code would be let go after 10 s.
    const summaries = watchRequests(page, /^\/api\/itineraries\?/);
    const asked = page.waitForRequest((request) => /\/api\/itineraries\?/.test(request.url()));
    let heldUntilAsked = false;
    await page.route(/\/assets\/DashboardRoute-[^/]*\.js$/, async (route) => {
      heldUntilAsked = await Promise.race([
        asked.then(() => true),
        new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 10_000)),
      ]);
      await route.continue();
    });
    await dashboard.click();
    await expect(page.locator('article').filter({ hasText: 'Planned yesterday' })).toBeVisible();
    expect(heldUntilAsked).toBe(true);
    expect(summaries).toHaveLength(1);
  });
});
