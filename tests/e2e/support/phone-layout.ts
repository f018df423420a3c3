import { expect, type Page, type TestInfo } from '@playwright/test';

/** The narrowest phone the app is made for (iPhone SE, many small Androids). */
export const PHONE_375 = { width: 375, height: 667 };

/** In the phone project, makes the page 375 px wide (the Pixel 7 is 412 px). */
export async function atPhoneWidth(page: Page, testInfo: TestInfo) {
  if (testInfo.project.name === 'phone') await page.setViewportSize(PHONE_375);
}

export const isPhoneProject = (testInfo: TestInfo) => testInfo.project.name === 'phone';

/**
 * A describe of phone-only checks (its title tagged @phone) starts with
 * `test.skip(notOnPhone, PHONE_ONLY)`: the desktop project, which runs every test, skips them
 * without opening a page. The long flows they come from run on the desktop only.
 */
export const notOnPhone = ({ isMobile }: { isMobile: boolean }) => !isMobile;
export const PHONE_ONLY = 'a phone check: it runs in the phone project';

/** The page does not scroll sideways. */
export async function expectNoSidewaysScrolling(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, 'horizontal scrolling').toBeLessThanOrEqual(0);
}

/**
 * At phone width: the page does not scroll sideways, and every visible control inside
 * `within` (a CSS selector) is a touch target at least 44 px high and 24 px wide (WCAG 2.5.8's
 * minimum width; the height is the app's 44 px rule).
 */
export async function expectFitsPhone(page: Page, within: string) {
  await expectNoSidewaysScrolling(page);
  const small = await page.evaluate((selector) => {
    const regions = [...document.querySelectorAll(selector)];
    return regions
      .flatMap((region) => [
        ...region.querySelectorAll<HTMLElement>(
          'a[href], button, select, summary, input:not([type="hidden"]), [role="option"]',
        ),
      ])
      .filter((element) => element.getClientRects().length > 0)
      .map((element) => {
        // A checkbox is measured with its label, the target a finger meets.
        const target =
          element instanceof HTMLInputElement && element.type === 'checkbox'
            ? (element.closest('label, div') ?? element)
            : (element.closest('.language-switcher') ?? element);
        const box = target.getBoundingClientRect();
        return {
          name:
            element.getAttribute('aria-label') ||
            element.textContent?.trim() ||
            element.getAttribute('placeholder') ||
            element.tagName,
          width: Math.round(box.width),
          height: Math.round(box.height),
        };
      })
      .filter((box) => box.height < 44 || box.width < 24);
  }, within);
  expect(small, `touch targets under 44 px in ${within}`).toEqual([]);
}

/** The numbers of the map's markers that the card `cover` (a selector) hides, even in part. */
export const markersUnder = (page: Page, cover: string) =>
  page.evaluate((selector) => {
    const card = document.querySelector(selector)!.getBoundingClientRect();
    return [...document.querySelectorAll('.numbered-marker')]
      .filter((marker) => {
        const box = marker.getBoundingClientRect();
        return (
          box.left < card.right &&
          box.right > card.left &&
          box.top < card.bottom &&
          box.bottom > card.top
        );
      })
      .map((marker) => marker.textContent);
  }, cover);
