import { expect, test } from './support/fixtures';
import {
  expectAccessible,
  expectNamesHeadingsAndFocus,
  expectReadableText,
} from './support/accessibility';
import {
  atPhoneWidth,
  expectFitsPhone,
  expectNoSidewaysScrolling,
  isPhoneProject,
} from './support/phone-layout';

/**
 * Every page a visitor can reach without data of their own, in both themes; on the desktop
 * and on the phone (@phone) at 375 px, whose layout differs (bottom navigation, stacked
 * planner): axe, the contrast of every text, and on the phone no sideways scrolling.
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

/** The landing, legal and auth pages: also their names, headings and keyboard focus. */
const CONTENT_PAGES = ['/', '/login', '/register', '/notice', '/privacy', '/terms'];

/**
 * Pages whose every control is a 44 px touch target on the phone (the auth forms' links
 * inside a sentence are text, the planner's controls have checks of their own).
 */
const TOUCH_PAGES = ['/', '/notice', '/privacy', '/terms'];

// A test visits three pages in turn (a step each) and checks each in both themes: the theme is
// left on automatic and the emulated system setting switches it on the loaded page, so a page
// load (much of the cost) serves every check. A test per page and theme was 36 tests, and
// the contrast, phone-layout and focus checks had 8 tests and 50 page loads of their own.
const GROUPS = [PAGES.slice(0, 3), PAGES.slice(3, 6), PAGES.slice(6)];

for (const group of GROUPS) {
  test(`axe, contrast and layout on ${group.join(', ')}, light and dark themes @phone`, async ({
    page,
    context,
  }, testInfo) => {
    test.slow();
    await context.addInitScript(() => localStorage.setItem('guestMode', 'true'));
    await atPhoneWidth(page, testInfo);
    for (const path of group) {
      await test.step(path, async () => {
        await page.emulateMedia({ colorScheme: 'light' });
        await page.goto(path);
        await expect(page.locator('h1').first()).toBeVisible();
        // The page as a user meets it: a form the build rendered stays disabled until the page
        // has hydrated (the planner's sidebar, a scrollable region, has nothing to focus before).
        await expect(page.locator('fieldset:disabled')).toHaveCount(0);
        if (isPhoneProject(testInfo)) {
          // Sizes do not change with the theme: measured once.
          if (TOUCH_PAGES.includes(path)) await expectFitsPhone(page, 'body');
          else await expectNoSidewaysScrolling(page);
        }
        for (const theme of ['light', 'dark'] as const) {
          await page.emulateMedia({ colorScheme: theme });
          await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
          await expectAccessible(page);
          await expectReadableText(page);
        }
        if (CONTENT_PAGES.includes(path)) await expectNamesHeadingsAndFocus(page);
      });
    }
  });
}
