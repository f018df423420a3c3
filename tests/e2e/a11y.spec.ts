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

// A test visits three pages in turn (a step each): a page load is much of the cost, and a test
// per page and theme was 36 tests; three pages keep each one short.
const GROUPS = [PAGES.slice(0, 3), PAGES.slice(3, 6), PAGES.slice(6)];

for (const theme of ['light', 'dark'] as const) {
  for (const group of GROUPS) {
    test(`axe: no serious or critical violation on ${group.join(', ')}, ${theme} theme @phone`, async ({
      page,
      context,
    }) => {
      test.slow();
      await context.addInitScript((chosen) => {
        localStorage.setItem('theme', chosen);
        localStorage.setItem('guestMode', 'true');
      }, theme);
      for (const path of group) {
        await test.step(path, async () => {
          await page.goto(path);
          await expect(page.locator('h1').first()).toBeVisible();
          await expectAccessible(page);
        });
      }
    });
  }
}
