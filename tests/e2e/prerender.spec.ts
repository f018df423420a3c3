import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';

/**
 * The landing page and the empty planner are in index.html, rendered at build time
 * (vite/prerender.ts): shown before the app's code has arrived, inert (no focus, taps or screen
 * reader), and replaced by the app's first render with the same content.
 */
test.describe('pages rendered at build time', () => {
  test.skip(({ isMobile }) => isMobile, 'one browser profile is enough');

  /** What the prerendered page showed when the HTML was parsed (before any module ran to its end). */
  async function recordPrerender(page: Page) {
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        const shown = document.getElementById('prerender');
        Object.assign(window, {
          __prerendered: shown && {
            hidden: shown.getAttribute('aria-hidden'),
            inert: shown.hasAttribute('inert'),
            main: shown.querySelector('main')?.innerText ?? '',
            sidebar: shown.querySelector<HTMLElement>('main aside')?.innerText ?? '',
          },
        });
      });
    });
  }
  const prerendered = (page: Page) =>
    page.evaluate(
      () =>
        Reflect.get(window, '__prerendered') as {
          hidden: string | null;
          inert: boolean;
          main: string;
          sidebar: string;
        } | null,
    );
  const words = (text: string) => text.replace(/\s+/g, ' ').trim();

  test('the landing page: shown at once, then the same page from the app', async ({ page }) => {
    await recordPrerender(page);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Plan Multi-Stop Routes for Free',
    );
    const shown = await prerendered(page);
    expect(shown?.hidden).toBe('true');
    expect(shown?.inert).toBe(true);
    expect(shown?.main).toContain('Plan Multi-Stop Routes for Free');
    await expect(page.locator('#prerender')).toHaveCount(0);
    expect(words(shown?.main ?? '')).toBe(words(await page.locator('main').innerText()));
    // The header's controls, which only the device knows, come with the app.
    await expect(page.getByRole('button', { name: /Theme/ })).toBeVisible();
  });

  test('the empty planner, anonymous and signed in; not over a draft or in another language', async ({
    page,
    accounts,
  }) => {
    await recordPrerender(page);
    await page.goto('/plan');
    await expect(page.getByRole('button', { name: 'Sign Up to Save' })).toBeVisible();
    let shown = await prerendered(page);
    expect(shown?.main).toContain('Sign Up to Save');
    // The sidebar (the map loads with the app: its area is empty until then).
    expect(words(shown?.sidebar ?? '')).toBe(words(await page.locator('main aside').innerText()));

    // A draft: the planner shows its stops, not the empty planner first.
    await page.evaluate(() =>
      localStorage.setItem(
        'routeDraft',
        JSON.stringify({ title: 'Kept', stops: [{ name: 'Depot', lat: 48.85, lng: 2.35 }] }),
      ),
    );
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Stops (1)' })).toBeVisible();
    expect(await prerendered(page)).toBeNull();
    await page.evaluate(() => localStorage.removeItem('routeDraft'));

    // Another language: the app's own first render only.
    await page.goto('/plan?lng=fr');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await prerendered(page)).toBeNull();
    await page.evaluate(() => localStorage.setItem('i18nextLng', 'en'));

    const owner = await accounts.register();
    await accounts.signIn(page, owner);
    await page.goto('/plan');
    await expect(page.getByRole('button', { name: 'Save Route' })).toBeVisible();
    shown = await prerendered(page);
    expect(shown?.main).toContain('Save Route');
    expect(words(shown?.sidebar ?? '')).toBe(words(await page.locator('main aside').innerText()));
  });
});
