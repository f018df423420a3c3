import { expect, test } from './support/fixtures';
import { expectAccessible } from './support/accessibility';

/**
 * Every page a visitor can reach without data of their own, in both themes; on the desktop
 * and on the phone (@phone), whose layout differs (bottom navigation, stacked planner).
 */
const PAGES = [
  '/',
  '/plan',
  '/login',
  '/register',
  '/notice',
  '/privacy',
  '/terms',
  '/share/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
  '/dashboard',
];

// A test visits three pages in turn (a step each) and checks each in both themes: the theme is
// left on automatic and the emulated system setting switches it on the loaded page, so a page
// load (much of the cost) serves both. A test per page and theme was 36 tests.
const GROUPS = [PAGES.slice(0, 3), PAGES.slice(3, 6), PAGES.slice(6)];

for (const group of GROUPS) {
  test(`axe: no serious or critical violation on ${group.join(', ')}, light and dark themes @phone`, async ({
    page,
    context,
  }) => {
    test.slow();
    await context.addInitScript(() => localStorage.setItem('guestMode', 'true'));
    for (const path of group) {
      await test.step(path, async () => {
        await page.emulateMedia({ colorScheme: 'light' });
        await page.goto(path);
        await expect(page.locator('h1').first()).toBeVisible();
        for (const theme of ['light', 'dark'] as const) {
          await page.emulateMedia({ colorScheme: theme });
          await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
          await expectAccessible(page);
        }
      });
    }
  });
}
