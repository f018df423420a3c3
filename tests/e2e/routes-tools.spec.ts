import { bearer, expect, test, type Account, type Page } from './support/fixtures';
import { expectAccessible } from './support/accessibility';
import {
  atPhoneWidth,
  expectFitsPhone,
  isPhoneProject,
  notOnPhone,
  PHONE_375,
  PHONE_ONLY,
} from './support/phone-layout';

/**
 * Small things users expect: rename a stop, duplicate a saved route, save a shared
 * route to one's own routes (notes only when the link shows them), search and sort My Routes,
 * the phone's share sheet where there is one (copying otherwise); and the language menu's
 * SVG flags. My Routes and its share dialog at 375 px: 'on a phone' (@phone).
 */

/** A phone's share sheet, recorded (window.shared). */
const recordShareSheet = (page: Page) =>
  page.addInitScript(() => {
    (window as unknown as { shared: unknown[] }).shared = [];
    navigator.share = async (data?: ShareData) => {
      (window as unknown as { shared: unknown[] }).shared.push(data);
    };
  });

const sharedThroughSheet = (page: Page) =>
  page.evaluate(() => (window as unknown as { shared: unknown[] }).shared) as Promise<
    { title: string; url: string }[]
  >;

const PARIS = { name: 'Paris, Île-de-France, France', lat: 48.8534951, lng: 2.3483915 };
const DIJON = { name: 'Dijon, Côte-d’Or, France', lat: 47.3215806, lng: 5.0414701 };
const LYON = { name: 'Lyon, Métropole de Lyon, France', lat: 45.764043, lng: 4.835659 };

async function routesOf(page: Page, owner: Account) {
  const response = await page.request.get('/api/itineraries', { headers: bearer(owner) });
  return (await response.json()) as { id: string; title: string; stops: { note?: string }[] }[];
}

const cardTitles = (page: Page) => page.locator('.route-card__title');

test('a stop is renamed in the stop list, and saved with its new name', async ({
  page,
  planner,
  accounts,
}) => {
  const owner = await accounts.register('rename');
  await accounts.signIn(page, owner);
  await planner.addStop('Paris');
  await planner.addStop('Lyon');
  await page.getByRole('button', { name: 'Edit stop 2: name and note' }).click();
  const name = page.getByRole('textbox', { name: 'Name of stop 2' });
  await expect(name).toBeFocused();
  await name.fill('Warehouse');
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(planner.stopNames).toHaveText([/^Paris/, 'Warehouse']);
  await page.getByRole('button', { name: 'Save Route' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const [saved] = await routesOf(page, owner);
  expect(
    (await accounts.getRoute<{ stops: { name: string }[] }>(owner, saved.id)).stops[1].name,
  ).toBe('Warehouse');
});

test('My Routes: a page of cards, more on scroll, search, sort, duplicate', async ({
  page,
  accounts,
}) => {
  const owner = await accounts.register('my-routes');
  // A year of routes in small: more than a page (24 cards), the oldest first.
  for (let index = 1; index <= 25; index += 1)
    await accounts.postRoute(owner, `Older route ${String(index).padStart(2, '0')}`, [PARIS]);
  await accounts.postRoute(owner, 'Zoo trip', [PARIS, DIJON]);
  await accounts.postRoute(owner, 'Apéro run', [PARIS, LYON]);
  await accounts.postRoute(owner, 'Bakery round', [LYON, { ...DIJON, note: 'Side door' }]);
  const listed: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/itineraries') listed.push(request.url());
  });
  await accounts.signIn(page, owner, '/dashboard');
  await expect(cardTitles(page)).toHaveCount(24);
  await expect(cardTitles(page).first()).toHaveText('Bakery round');
  await expect(cardTitles(page).nth(2)).toHaveText('Zoo trip');
  // The cards' summaries, not the stops; the rest when the end of the list comes near.
  expect(listed).toHaveLength(1);
  expect(new URL(listed[0]).searchParams.get('summary')).toBe('true');
  await page.getByRole('button', { name: 'Show more routes' }).scrollIntoViewIfNeeded();
  await expect(cardTitles(page)).toHaveCount(28);
  await expect(cardTitles(page).last()).toHaveText('Older route 01');
  await expect(page.getByRole('button', { name: 'Show more routes' })).toHaveCount(0);

  const sort = page.getByRole('combobox', { name: 'Sort by' });
  await sort.selectOption({ label: 'Title (A–Z)' });
  await expect(cardTitles(page).first()).toHaveText('Apéro run');
  await expect(cardTitles(page).nth(1)).toHaveText('Bakery round');
  await sort.selectOption({ label: 'Oldest first' });
  await expect(cardTitles(page).first()).toHaveText('Older route 01');
  await sort.selectOption({ label: 'Longest first' });
  await expect(cardTitles(page).first()).toHaveText('Apéro run');

  const search = page.getByRole('searchbox', { name: 'Search my routes' });
  await search.fill('apero');
  await expect(cardTitles(page)).toHaveText(['Apéro run']);
  await search.fill('dijon');
  await expect(cardTitles(page)).toHaveCount(2);
  await search.fill('nothing like it');
  await expect(page.getByText('No route matches your search.')).toBeVisible();
  await search.fill('bakery');
  await expect(cardTitles(page)).toHaveText(['Bakery round']);
  await expectAccessible(page);

  const bakery = page.locator('.route-card', { hasText: 'Bakery round' });
  await bakery.getByRole('button', { name: 'Duplicate' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Copy saved: Bakery round (copy)' }),
  ).toBeVisible();
  await expect(cardTitles(page)).toHaveCount(2);
  const copy = (await routesOf(page, owner)).find((route) => route.title === 'Bakery round (copy)');
  expect(copy?.stops.map((stop) => stop.note)).toEqual([undefined, 'Side door']);
});

test.describe('sharing from My Routes', () => {
  test('the share sheet where the browser has one', async ({ page, accounts }) => {
    await recordShareSheet(page);
    const owner = await accounts.register('share-sheet');
    await accounts.postRoute(owner, 'Bakery round', [PARIS, LYON]);
    await accounts.signIn(page, owner, '/dashboard');
    await page.getByRole('button', { name: 'Share', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Share link' });
    await expect(dialog.getByRole('button', { name: 'Share…' })).toBeVisible();
    await expectAccessible(page, '.dialog');
    await dialog.getByRole('button', { name: 'Share…' }).click();
    const shared = await sharedThroughSheet(page);
    expect(shared).toHaveLength(1);
    expect(shared[0].title).toBe('Bakery round');
    expect(shared[0].url).toBe(await dialog.getByLabel('Share link').inputValue());
  });

  test('copying where it has none', async ({ page, accounts }) => {
    await page.addInitScript(() => {
      Object.defineProperty(navigator, 'share', { value: undefined, configurable: true });
    });
    const owner = await accounts.register('share-copy');
    await accounts.postRoute(owner, 'Bakery round', [PARIS, LYON]);
    await accounts.signIn(page, owner, '/dashboard');
    await page.getByRole('button', { name: 'Share', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Share link' });
    await expect(dialog.getByRole('button', { name: 'Copy' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Share…' })).toHaveCount(0);
  });
});

test.describe('on a phone @phone', () => {
  test.skip(notOnPhone, PHONE_ONLY);

  test('My Routes and its share sheet at 375 px: no sideways scrolling, 44 px targets, axe', async ({
    page,
    accounts,
  }) => {
    await page.setViewportSize(PHONE_375);
    await recordShareSheet(page);
    const owner = await accounts.register('my-routes-phone');
    await accounts.postRoute(owner, 'Zoo trip', [PARIS, DIJON]);
    await accounts.postRoute(owner, 'Apéro run', [PARIS, LYON]);
    await accounts.postRoute(owner, 'Bakery round', [LYON, { ...DIJON, note: 'Side door' }]);
    await accounts.signIn(page, owner, '/dashboard');

    await test.step('My Routes with three routes', async () => {
      await expect(cardTitles(page)).toHaveText(['Bakery round', 'Apéro run', 'Zoo trip']);
      await expect(page.getByRole('searchbox', { name: 'Search my routes' })).toBeVisible();
      await expectAccessible(page);
      await expectFitsPhone(page, '.dashboard__tools, .route-card');
    });

    await test.step('the share dialog with the share sheet', async () => {
      await page
        .locator('.route-card', { hasText: 'Apéro run' })
        .getByRole('button', { name: 'Share', exact: true })
        .click();
      const dialog = page.getByRole('dialog', { name: 'Share link' });
      await expect(dialog.getByRole('button', { name: 'Share…' })).toBeVisible();
      await expectAccessible(page, '.dialog');
      await expectFitsPhone(page, '.dialog');
      await dialog.getByRole('button', { name: 'Share…' }).click();
      const shared = await sharedThroughSheet(page);
      expect(shared).toHaveLength(1);
      expect(shared[0].title).toBe('Apéro run');
      expect(shared[0].url).toBe(await dialog.getByLabel('Share link').inputValue());
    });
  });
});

test('a shared route saved to my routes: a copy, with the notes only if the link shows them', async ({
  page,
  browser,
  accounts,
}) => {
  const owner = await accounts.register('shared-owner');
  const id = await accounts.postRoute(owner, 'Saturday market', [
    { ...PARIS, note: 'Gate code 1234' },
    LYON,
  ]);
  const share = async (includeNotes: boolean) => {
    const response = await page.request.post(`/api/itineraries/${id}/share`, {
      headers: bearer(owner),
      data: { includeNotes },
    });
    expect(response.ok()).toBe(true);
    return new URL(((await response.json()) as { shareUrl: string }).shareUrl).pathname;
  };
  const withoutNotes = await share(false);

  const visitor = await accounts.register('shared-visitor');
  await accounts.signIn(page, visitor, withoutNotes);
  await expect(page.getByRole('heading', { level: 1, name: 'Saturday market' })).toBeVisible();
  await page.getByRole('button', { name: 'Save to my routes' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'A copy is in your routes.' }),
  ).toBeVisible();
  let mine = await routesOf(page, visitor);
  expect(mine.map((route) => route.title)).toEqual(['Saturday market']);
  expect(mine[0].stops.map((stop) => stop.note)).toEqual([undefined, undefined]);

  // With notes shared, the copy has them.
  const withNotes = await share(true);
  await page.goto(withNotes);
  await page.getByRole('button', { name: 'Save to my routes' }).click();
  await expect(page.getByRole('link', { name: 'Open your copy' })).toBeVisible();
  mine = await routesOf(page, visitor);
  expect(mine[0].stops.map((stop) => stop.note)).toEqual(['Gate code 1234', undefined]);

  // A visitor without an account signs up with the copy waiting.
  const context = await browser.newContext();
  const anonymous = await context.newPage();
  await anonymous.goto(new URL(withoutNotes, page.url()).href);
  await anonymous.getByRole('button', { name: 'Save to my routes' }).click();
  await expect(anonymous).toHaveURL(/\/register\?returnTo=save$/);
  expect(
    await anonymous.evaluate(
      () => JSON.parse(sessionStorage.getItem('pendingRoute') ?? 'null')?.title,
    ),
  ).toBe('Saturday market');
  await context.close();
});

test('the language menu shows SVG flags, not emoji, with each language in its own name @phone', async ({
  page,
}, testInfo) => {
  await atPhoneWidth(page, testInfo);
  await page.goto('/');
  const menu = page.getByRole('combobox', { name: 'Language' });
  await expect(menu.locator('svg')).toHaveCount(1);
  await menu.click();
  const options = page.getByRole('listbox', { name: 'Language' }).getByRole('option');
  await expect(options).toHaveText([
    'English',
    'Español',
    'Français',
    'Deutsch',
    'Italiano',
    'Português',
  ]);
  await expect(options.locator('svg')).toHaveCount(6);
  expect(await page.getByRole('listbox').textContent()).not.toMatch(/\p{Regional_Indicator}/u);
  await expectAccessible(page, '.language-switcher');
  if (isPhoneProject(testInfo)) await expectFitsPhone(page, '.language-switcher');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
});
