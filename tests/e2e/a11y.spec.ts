import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';

/** Every page a visitor can reach without data of their own, in both themes. */
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
  test.describe(`axe, ${theme} theme`, () => {
    test.beforeEach(async ({ context }) => {
      await context.addInitScript((chosen) => {
        localStorage.setItem('theme', chosen);
        localStorage.setItem('i18nextLng', 'en');
        localStorage.setItem('guestMode', 'true');
      }, theme);
      await context.route(/tile\.openstreetmap\.org/, (route) =>
        route.fulfill({ status: 204, body: '' }),
      );
    });

    for (const path of PAGES) {
      test(`${path} has no serious or critical violation`, async ({ page }) => {
        await page.goto(path);
        await expect(page.locator('h1').first()).toBeVisible();
        const results = await new AxeBuilder({ page })
          .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
          .analyze();
        const serious = results.violations
          .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
          .map(
            (violation) =>
              `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
          );
        expect(serious).toEqual([]);
      });
    }
  });
}
