import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';

/**
 * The landing page and the planner are rendered at build time, each into its own HTML file
 * (vite/startup.ts): painted before the app's code has arrived, then hydrated by React without a
 * mismatch; what only the device knows (a draft, a session) shows right after. A visit the
 * build could not render (another language) starts from an empty page the app renders.
 */
test.describe('pages rendered at build time', () => {
  test.skip(({ isMobile }) => isMobile, 'one browser profile is enough');

  /**
   * What #root held once the HTML was parsed (before the app's code ran to its end), and every
   * error the page reported (React reports a hydration mismatch as one).
   */
  async function watch(page: Page) {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
        errors.push(message.text());
    });
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        const root = document.getElementById('root');
        Object.assign(window, {
          __parsed: {
            main: root?.querySelector('main')?.innerText ?? '',
            sidebar: root?.querySelector<HTMLElement>('main aside')?.innerText ?? '',
            formDisabled: root?.querySelector('fieldset')?.disabled ?? null,
          },
        });
      });
    });
    return {
      errors,
      parsed: () =>
        page.evaluate(
          () =>
            Reflect.get(window, '__parsed') as {
              main: string;
              sidebar: string;
              formDisabled: boolean | null;
            },
        ),
    };
  }
  const words = (text: string) => text.replace(/\s+/g, ' ').trim();

  test('the landing page: painted from the HTML, then hydrated as it is', async ({ page }) => {
    const { errors, parsed } = await watch(page);
    await page.goto('/');
    expect((await parsed()).main).toContain('Plan Multi-Stop Routes for Free');
    // Its controls answer once hydrated: the theme toggle takes a tap.
    await page.getByRole('button', { name: /Theme/ }).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme-preference', 'light');
    expect(words((await parsed()).main)).toBe(words(await page.locator('main').innerText()));
    expect(errors).toEqual([]);
  });

  test('the planner: empty in the HTML, with the draft or the session of the device once hydrated; another language from the app alone', async ({
    page,
    accounts,
    planner,
  }) => {
    const { errors, parsed } = await watch(page);
    await page.goto('/plan');
    let html = await parsed();
    expect(html.sidebar).toContain('Sign Up to Save');
    // Nothing can be typed before React has hydrated the form.
    expect(html.formDisabled).toBe(true);
    await expect(planner.titleInput).toBeEditable();
    expect(words(html.sidebar)).toBe(words(await page.locator('main aside').innerText()));

    // A draft: the same HTML, then its stops.
    await page.evaluate(() =>
      localStorage.setItem(
        'routeDraft',
        JSON.stringify({ title: 'Kept', stops: [{ name: 'Depot', lat: 48.85, lng: 2.35 }] }),
      ),
    );
    await page.reload();
    expect((await parsed()).sidebar).toContain('Stops (0)');
    await expect(page.getByRole('heading', { name: 'Stops (1)' })).toBeVisible();
    await expect(planner.titleInput).toHaveValue('Kept');
    await page.evaluate(() => localStorage.removeItem('routeDraft'));

    // Another language: an empty #root, the app's render in French.
    await page.goto('/plan?lng=fr');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Planifiez votre itinéraire');
    expect((await parsed()).main).toBe('');
    await page.evaluate(() => localStorage.setItem('i18nextLng', 'en'));

    // Signed in: the same HTML, then the account's actions.
    const owner = await accounts.register();
    await accounts.signIn(page, owner);
    await page.goto('/plan');
    html = await parsed();
    expect(html.sidebar).toContain('Sign Up to Save');
    await expect(page.getByRole('button', { name: 'Save Route' })).toBeVisible();
    expect(errors).toEqual([]);
  });
});
