import { expect, test, type Page } from './support/fixtures';

/**
 * Languages and themes, and the landing, legal and auth pages' own content (their texts,
 * FAQ, placeholders). The checks of every page's accessibility and phone layout (axe,
 * contrast, names, headings, focus, 44 px targets, no sideways scrolling at 375 px) are in
 * a11y.spec.ts.
 */

const BERLIN = { latitude: 52.5173885, longitude: 13.3951309 };

const heading = (page: Page) => page.getByRole('heading', { level: 1 });
/** The language menu (a listbox of SVG flags and names), by its name in the page's language. */
const languageMenu = (page: Page, name = 'Language') => page.getByRole('combobox', { name });
async function chooseLanguage(page: Page, menuName: string, language: string) {
  await languageMenu(page, menuName).click();
  await page.getByRole('option', { name: language }).click();
}
const themeToggle = (page: Page) => page.getByRole('button', { name: /^Theme: / });
const htmlAttribute = (page: Page, name: string) => page.locator('html').getAttribute(name);

// First visits choose their own language here: no English pin.
test.use({ language: null });

test.describe('language', () => {
  test('the language menu switches the page, and the choice survives a reload', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(heading(page)).toHaveText('Plan Multi-Stop Routes for Free');

    await chooseLanguage(page, 'Language', 'Deutsch');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    const germanTitle = await heading(page).textContent();
    expect(germanTitle).not.toBe('Plan Multi-Stop Routes for Free');
    await expect(languageMenu(page, 'Sprache')).toHaveText(/DE/);
    expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('de');

    await page.reload();
    await expect(heading(page)).toHaveText(germanTitle ?? '');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');

    // Every page follows, including the planner's map layout.
    await page.goto('/plan');
    await expect(languageMenu(page, 'Sprache')).toHaveText(/DE/);

    await chooseLanguage(page, 'Sprache', 'Português');
    await expect(page.locator('html')).toHaveAttribute('lang', 'pt');
    await page.goto('/privacy');
    await expect(languageMenu(page, 'Idioma')).toHaveText(/PT/);
  });

  test('?lng= in the address wins over the stored language', async ({ page }) => {
    await page.addInitScript(() => {
      if (!sessionStorage.getItem('seeded')) {
        localStorage.setItem('i18nextLng', 'fr');
        sessionStorage.setItem('seeded', '1');
      }
    });
    await page.goto('/terms');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await page.goto('/terms?lng=it');
    await expect(page.locator('html')).toHaveAttribute('lang', 'it');
  });

  test.describe('first visit in Germany with location allowed', () => {
    test.use({ geolocation: BERLIN, permissions: ['geolocation'], locale: 'en-US' });

    test('the device location chooses German, and it is stored', async ({ page }) => {
      const reverse = page.waitForRequest((request) =>
        request.url().includes('/api/geocoding/reverse'),
      );
      await page.goto('/');
      expect(new URL((await reverse).url()).searchParams.get('lat')).toMatch(/^52\.5/);
      await expect(page.locator('html')).toHaveAttribute('lang', 'de');
      await expect(languageMenu(page, 'Sprache')).toHaveText(/DE/);
      await expect.poll(() => page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('de');

      // A manual choice overrides and is stored; no new location lookup on the next visit.
      await chooseLanguage(page, 'Sprache', 'English');
      await page.reload();
      await expect(heading(page)).toHaveText('Plan Multi-Stop Routes for Free');
      expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('en');
    });
  });

  test.describe('first visit with location denied', () => {
    test.use({ permissions: [], locale: 'it-IT' });

    test('the browser language is used', async ({ page }) => {
      await page.goto('/');
      await expect(page.locator('html')).toHaveAttribute('lang', 'it');
      await expect(languageMenu(page, 'Lingua')).toHaveText(/IT/);
      await expect.poll(() => page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('it');
    });
  });

  test('an English visitor downloads no other language', async ({ page }) => {
    const localeRequests: string[] = [];
    page.on('request', (request) => {
      if (/\/(es|fr|de|it|pt)(\.json|-[\w-]+\.js)/.test(new URL(request.url()).pathname))
        localeRequests.push(request.url());
    });
    await page.goto('/?lng=en');
    await expect(heading(page)).toHaveText('Plan Multi-Stop Routes for Free');
    await page.waitForLoadState('networkidle');
    expect(localeRequests).toEqual([]);
  });
});

test.describe('theme', () => {
  test('cycles auto → light → dark, and the choice survives a reload', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/');
    await expect(themeToggle(page)).toHaveAccessibleName(/automatic.*Switch to light/);
    // Auto follows the system.
    expect(await htmlAttribute(page, 'data-theme')).toBe('dark');

    await themeToggle(page).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await expect(themeToggle(page)).toHaveAccessibleName('Theme: light. Switch to dark');

    await themeToggle(page).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');

    await page.emulateMedia({ colorScheme: 'light' });
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect(themeToggle(page)).toHaveAccessibleName(/^Theme: dark/);
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).not.toBe('rgb(245, 247, 250)');

    await themeToggle(page).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('auto');
  });
});

test.describe('the landing and legal pages', () => {
  test('FAQ answers open and close from the keyboard', async ({ page }) => {
    await page.goto('/');
    const question = page.locator('summary').first();
    const item = page.locator('details').first();
    await question.focus();
    await page.keyboard.press('Enter');
    await expect(item).toHaveAttribute('open', '');
    await page.keyboard.press('Space');
    await expect(item).not.toHaveAttribute('open', '');
    await expect(page.locator('details')).toHaveCount(6);
  });

  test('the landing page has its sections and loads no map code', async ({ page, scripts }) => {
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Start Planning' })).toHaveAttribute(
      'href',
      '/plan',
    );
    await expect(
      page.getByRole('main').getByRole('link', { name: 'Create Free Account' }),
    ).toHaveAttribute('href', '/register');
    await expect(page.getByRole('heading', { level: 2 })).toHaveCount(4 + 1 + 3);
    await expect(page.getByRole('contentinfo')).toContainText(String(new Date().getFullYear()));
    await page.waitForLoadState('networkidle');
    expect(
      (await scripts.modules()).filter((path) =>
        /leaflet|\/components\/map\/|features\/(planner|routing)\/|PlannerPage/i.test(path),
      ),
    ).toEqual([]);
  });

  test('the site notice marks its placeholders for the operator', async ({ page }) => {
    await page.goto('/notice');
    await expect(page.getByRole('note')).toBeVisible();
    await expect(page.locator('mark.legal__placeholder').first()).toHaveText('[OPERATOR NAME]');
  });

  test('the terms require adults and promise complaints within 3 days', async ({ page }) => {
    await page.goto('/terms');
    await expect(page.getByRole('main')).toContainText('at least 18 years old');
    await expect(page.getByRole('main')).toContainText('within 3 days');
  });
});
