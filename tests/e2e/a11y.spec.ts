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

for (const theme of ['light', 'dark'] as const) {
  test.describe(`axe, ${theme} theme @phone`, () => {
    test.beforeEach(async ({ context }) => {
      await context.addInitScript((chosen) => {
        localStorage.setItem('theme', chosen);
        localStorage.setItem('guestMode', 'true');
      }, theme);
    });

    for (const path of PAGES) {
      test(`${path} has no serious or critical violation`, async ({ page }) => {
        await page.goto(path);
        await expect(page.locator('h1').first()).toBeVisible();
        await expectAccessible(page);
      });
    }
  });
}
