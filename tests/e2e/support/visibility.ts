import type { Page } from '@playwright/test';

/**
 * The page comes back to the front: the event a browser sends then (a headless page is always in
 * front, so `bringToFront` sends none).
 */
export const backToFront = (page: Page) =>
  page.evaluate(() => document.dispatchEvent(new Event('visibilitychange', { bubbles: true })));
