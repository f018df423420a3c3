import { expect, test, type Page } from './support/fixtures';

/**
 * Languages, themes, phone layout and basic accessibility of the landing, legal and
 * auth pages: accessible names, heading order, visible focus, 44 px touch targets and no
 * horizontal scrolling at 375 px (axe itself runs in a11y.spec.ts).
 */

const BERLIN = { latitude: 52.5173885, longitude: 13.3951309 };
const PHONE = { width: 375, height: 667 };

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

/** Text whose colour has less than WCAG AA contrast (4.5:1, 3:1 for large text) with what is behind it. */
function lowContrastText() {
  const parse = (color: string) => {
    const parts = /rgba?\(([^)]+)\)/
      .exec(color)?.[1]
      .split(/[ ,/]+/)
      .filter(Boolean)
      .map(Number);
    return parts ? { r: parts[0], g: parts[1], b: parts[2], a: parts[3] ?? 1 } : null;
  };
  const luminance = ({ r, g, b }: { r: number; g: number; b: number }) => {
    const linear = (value: number) =>
      (value /= 255) <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
    return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
  };
  const background = (element: Element | null) => {
    for (let current = element; current; current = current.parentElement) {
      const color = parse(getComputedStyle(current).backgroundColor);
      if (color && color.a > 0.5) return color;
    }
    return { r: 255, g: 255, b: 255 };
  };
  const failures: string[] = [];
  for (const element of document.querySelectorAll('body *')) {
    if (!element.getClientRects().length) continue;
    if (
      ![...element.childNodes].some(
        (node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim(),
      )
    )
      continue;
    const style = getComputedStyle(element);
    if (style.visibility === 'hidden' || Number(style.opacity) === 0) continue;
    const foreground = parse(style.color);
    if (!foreground) continue;
    const [a, b] = [luminance(foreground), luminance(background(element))];
    const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    const size = parseFloat(style.fontSize);
    const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
    if (ratio < (large ? 3 : 4.5))
      failures.push(`${ratio.toFixed(2)} "${element.textContent?.trim().slice(0, 40)}"`);
  }
  return failures;
}

/**
 * One test visits several pages in turn (a step each): a page load is most of such a check's
 * cost, and a test of its own per page and theme made this file 72 tests.
 */
const LEGAL_AND_AUTH = ['/', '/notice', '/privacy', '/terms', '/login', '/register'];

// Layout-dependent (the phone shows the bottom navigation): also in the phone project.
for (const theme of ['light', 'dark']) {
  test(`contrast on every page in the ${theme} theme @phone`, async ({ page }) => {
    test.slow();
    await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
    for (const path of LEGAL_AND_AUTH) {
      await test.step(path, async () => {
        await page.goto(path);
        await expect(heading(page)).toBeVisible();
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
        expect(await page.evaluate(lowContrastText), `low contrast on ${path}`).toEqual([]);
      });
    }
  });
}

/** Links, buttons and fields smaller than a 44 px touch target (24 px wide at least). */
function smallTouchTargets() {
  return [...document.querySelectorAll<HTMLElement>('a[href], button, select, summary, input')]
    .filter((element) => element.getClientRects().length > 0)
    .map((element) => {
      // The language select is drawn over its face: measure the wrapper.
      const target = element.closest('.language-switcher') ?? element;
      const box = target.getBoundingClientRect();
      return {
        name: element.textContent?.trim() || element.getAttribute('aria-label') || element.tagName,
        width: box.width,
        height: box.height,
      };
    })
    .filter((box) => box.height < 44 || box.width < 24);
}

test.describe('phone layout at 375 × 667 @phone', () => {
  test.beforeEach(async ({ page }, testInfo) => {
    test.skip(testInfo.project.name !== 'phone', 'phone layout checks run in the phone project');
    await page.setViewportSize(PHONE);
  });

  for (const theme of ['light', 'dark']) {
    test(`no horizontal scrolling in the ${theme} theme; touch targets of at least 44 px`, async ({
      page,
    }) => {
      test.slow();
      await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
      for (const path of ['/', '/plan', '/login', '/register', '/privacy', '/terms', '/notice']) {
        await test.step(path, async () => {
          await page.goto(path);
          await expect(page.locator('main')).toBeVisible();
          await expect(page.locator('main')).not.toBeEmpty();
          const overflow = await page.evaluate(
            () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
          );
          expect(overflow, `horizontal overflow on ${path}`).toBeLessThanOrEqual(0);
          // Sizes do not change with the theme: measured once.
          if (theme === 'light' && ['/', '/privacy', '/terms', '/notice'].includes(path)) {
            await expect(heading(page)).toBeVisible();
            expect(await page.evaluate(smallTouchTargets), `small targets on ${path}`).toEqual([]);
          }
        });
      }
    });
  }
});

test.describe('accessibility basics', () => {
  // The phone's layout has other controls (the bottom navigation): also in the phone project.
  test('names, headings and focus on the landing, legal and auth pages @phone', async ({
    page,
  }) => {
    test.slow();
    for (const path of LEGAL_AND_AUTH) {
      await test.step(path, async () => {
        await page.goto(path);
        await expect(heading(page)).toBeVisible();

        // Every link, button, field and meaningful image has an accessible name.
        const snapshot = await page.locator('body').ariaSnapshot();
        const unnamed = snapshot
          .split('\n')
          .filter((line) =>
            /^\s*- (link|button|combobox|textbox|img|checkbox|listbox)\b(?! ")/.test(line),
          );
        expect(unnamed, `unnamed controls on ${path}`).toEqual([]);
        const imagesWithoutAlt = await page.locator('img:not([alt])').count();
        expect(imagesWithoutAlt, `images without alt on ${path}`).toBe(0);

        // One h1, and no level skipped on the way down.
        const levels = await page.evaluate(() =>
          [...document.querySelectorAll('h1, h2, h3, h4, h5, h6')]
            .filter((element) => element.getClientRects().length > 0)
            .map((element) => Number(element.tagName[1])),
        );
        expect(
          levels.filter((level) => level === 1),
          `h1 on ${path}`,
        ).toHaveLength(1);
        levels.reduce((previous, level) => {
          expect(level, `heading levels ${levels.join(',')} on ${path}`).toBeLessThanOrEqual(
            previous + 1,
          );
          return level;
        }, 1);

        // Keyboard focus is visible on the first controls of the page.
        await page.locator('body').click({ position: { x: 1, y: 1 } });
        for (let index = 0; index < 8; index += 1) {
          await page.keyboard.press('Tab');
          const visible = await page.evaluate(() => {
            const active = document.activeElement;
            if (!active || active === document.body) return true;
            const ringed = active.closest('.language-switcher') ?? active;
            const style = getComputedStyle(ringed);
            return (
              (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) ||
              style.boxShadow !== 'none'
            );
          });
          expect(visible, `focus ring on tab stop ${index + 1} of ${path}`).toBe(true);
        }
      });
    }
  });

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
