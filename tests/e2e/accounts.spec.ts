import { E2E_PASSWORD as PASSWORD } from './support/accounts-api';
import { expect, test, type Accounts, type Page, type PlannerControls } from './support/fixtures';

/** Lyon, where the browser says the user is in these tests (the pages are pinned to English). */
const HERE = { latitude: 45.764, longitude: 4.8357 };

test.use({ geolocation: HERE, permissions: ['geolocation'] });

const routeCard = (page: Page, title: string) =>
  page.getByRole('article', { name: title, exact: true });

async function planParisToLyon(page: Page, planner: PlannerControls) {
  await page.goto('/plan');
  await planner.addStop('Paris');
  await planner.addStop('Lyon');
  await expect(planner.stopItems).toHaveCount(2);
}

async function register(page: Page, email: string, password = PASSWORD, confirm = password) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm Password').fill(confirm);
  await page.getByRole('button', { name: 'Create Account' }).click();
}

async function signIn(page: Page, email: string, password = PASSWORD) {
  // The sign-in form, not the page before it still on screen while the form's code arrives.
  const button = page.getByRole('button', { name: 'Sign In' });
  await expect(button).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await button.click();
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Logout' }).first().click();
  await expect(page.getByRole('link', { name: 'Login' }).first()).toBeVisible();
}

/** A fresh account, signed in, on /plan. */
async function newAccount(page: Page, accounts: Accounts, label: string) {
  const email = accounts.uniqueEmail(`accounts-${label}`);
  await page.goto('/register');
  await register(page, email);
  await expect(page).toHaveURL(/\/plan$/);
  return email;
}

test.describe('accounts and My Routes', () => {
  test('plan anonymously, Sign Up to Save, register: the route is on My Routes; sign out and in again', async ({
    page,
    accounts,
    planner,
  }) => {
    await planParisToLyon(page, planner);
    await page.getByRole('button', { name: 'Sign Up to Save' }).click();
    await expect(page).toHaveURL(/\/register\?returnTo=save$/);

    // The register page names the waiting route.
    const banner = page.getByRole('region', { name: 'Your route is waiting to be saved' });
    await expect(banner).toContainText('Paris to Lyon');
    await expect(banner).toContainText('2 stops');
    await expect(
      banner.getByRole('link', { name: 'Continue planning without saving' }),
    ).toHaveAttribute('href', '/plan');
    await expect(page.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/login?returnTo=save',
    );
    // No Google client id in the test build: no Google button at all.
    await expect(page.getByRole('button', { name: /Google/ })).toHaveCount(0);

    const email = accounts.uniqueEmail('accounts-save');
    const created = page.waitForResponse(
      (r) => r.url().endsWith('/api/itineraries') && r.request().method() === 'POST',
    );
    await register(page, email);
    expect((await created).status()).toBe(201);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(
      page.getByRole('status').filter({ hasText: 'Route saved successfully!' }),
    ).toBeVisible();
    const card = routeCard(page, 'Paris to Lyon');
    await expect(card).toContainText('2 stops');
    await expect(card.getByTestId('card-distance')).toHaveText(/^\d+ km$/);
    await expect(card.getByTestId('card-duration')).toHaveText(/^(\d+h )?\d+m$/);
    expect(
      await page.evaluate(() => [
        sessionStorage.getItem('pendingRoute'),
        localStorage.getItem('routeDraft'),
      ]),
    ).toEqual([null, null]);

    // The message goes away when dismissed, and does not come back on reload.
    await page.getByRole('button', { name: 'Dismiss' }).click();
    await expect(page.getByText('Route saved successfully!')).toHaveCount(0);
    await page.reload();
    await expect(routeCard(page, 'Paris to Lyon')).toBeVisible();
    await expect(page.getByText('Route saved successfully!')).toHaveCount(0);

    await signOut(page);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login\?returnTo=%2Fdashboard$/);
    await signIn(page, email);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(routeCard(page, 'Paris to Lyon')).toBeVisible();
  });

  test('Start Route in Waze while anonymous: after sign-up the new route opens for navigation', async ({
    page,
    accounts,
    planner,
  }) => {
    await planParisToLyon(page, planner);
    await page.getByRole('button', { name: 'Start Route in Waze' }).click();
    await expect(page).toHaveURL(/\/register\?returnTo=waze$/);
    await register(page, accounts.uniqueEmail('accounts-waze'));
    await expect(page).toHaveURL(/\/waze-route\/[\w-]+$/);
  });

  test('a pending route that cannot be saved after sign-in is kept, and the planner still has it', async ({
    page,
    accounts,
    planner,
  }) => {
    const email = accounts.uniqueEmail('accounts-keep');
    await page.goto('/register');
    await register(page, email);
    await expect(page).toHaveURL(/\/plan$/);
    await signOut(page);

    await planParisToLyon(page, planner);
    await page.getByRole('button', { name: 'Sign Up to Save' }).click();
    await page.getByRole('link', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/login\?returnTo=save$/);
    await expect(
      page.getByRole('region', { name: 'Your route is waiting to be saved' }),
    ).toContainText('Paris to Lyon');

    await page.route('**/api/itineraries', (route) =>
      route.request().method() === 'POST' ? route.abort() : route.fallback(),
    );
    await signIn(page, email);
    await expect(page).toHaveURL(/\/plan$/);
    await expect(planner.stopItems).toHaveCount(2);
    expect(
      await page.evaluate(
        () => JSON.parse(sessionStorage.getItem('pendingRoute') ?? 'null')?.title,
      ),
    ).toBe('Paris to Lyon');

    // 'Continue planning without saving' lets it go.
    await page.unroute('**/api/itineraries');
    await signOut(page);
    await page.goto('/login?returnTo=save');
    await page.getByRole('link', { name: 'Continue planning without saving' }).click();
    await expect(page).toHaveURL(/\/plan$/);
    expect(await page.evaluate(() => sessionStorage.getItem('pendingRoute'))).toBeNull();
  });

  test('edit from the card, update, then delete with the dialog (cancel, then confirm)', async ({
    page,
    accounts,
    planner,
  }) => {
    await newAccount(page, accounts, 'edit');
    await planParisToLyon(page, planner);
    await page.getByRole('button', { name: 'Save Route' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText('Route saved successfully!')).toBeVisible();

    // The card body opens the route for editing.
    await routeCard(page, 'Paris to Lyon').getByText('2 stops').click();
    await expect(page).toHaveURL(/\/edit-route\/[\w-]+$/);
    await expect(page.getByPlaceholder('Enter route title...')).toHaveValue('Paris to Lyon');
    await page.getByPlaceholder('Enter route title...').fill('Rhône run');
    await page.getByRole('button', { name: 'Update Route' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText('Route updated successfully!')).toBeVisible();
    const card = routeCard(page, 'Rhône run');
    await expect(card).toBeVisible();

    // The title is the keyboard way in.
    await card.getByRole('link', { name: 'Rhône run' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/edit-route\/[\w-]+$/);
    await page.goBack();

    const remove = routeCard(page, 'Rhône run').getByRole('button', {
      name: 'Delete route Rhône run',
    });
    await remove.click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete route' });
    await expect(dialog).toContainText(
      'Are you sure you want to delete "Rhône run"? This action cannot be undone.',
    );
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(remove).toBeFocused();
    await remove.click();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(routeCard(page, 'Rhône run')).toBeVisible();

    await remove.click();
    const deleted = page.waitForResponse((r) => r.request().method() === 'DELETE');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    expect((await deleted).status()).toBe(204);
    await expect(routeCard(page, 'Rhône run')).toHaveCount(0);
    await expect(page.getByText('No routes found')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Create Your First Route' })).toHaveAttribute(
      'href',
      '/plan',
    );
  });

  test('share copies a link; revoking it ends it, and sharing again makes a new one', async ({
    page,
    context,
    baseURL,
    accounts,
    planner,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
    await newAccount(page, accounts, 'share');
    await planParisToLyon(page, planner);
    await page.getByRole('button', { name: 'Save Route' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    const card = routeCard(page, 'Paris to Lyon');
    // Never shared: no link to revoke.
    await expect(card.getByRole('button', { name: 'Revoke link' })).toHaveCount(0);

    await card.getByRole('button', { name: 'Share' }).click();
    const shareDialog = page.getByRole('dialog', { name: 'Share link' });
    await expect(shareDialog.getByText('Share link copied to clipboard!')).toBeVisible();
    const firstLink = await page.evaluate(() => navigator.clipboard.readText());
    await shareDialog.getByRole('button', { name: 'Close' }).click();
    expect(firstLink).toMatch(/\/share\/[\w-]+$/);
    const firstToken = firstLink.split('/share/')[1];
    expect((await page.request.get(`/api/itineraries/share/${firstToken}`)).status()).toBe(200);

    await card.getByRole('button', { name: 'Revoke link' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Revoke share link' });
    await expect(dialog).toContainText('Paris to Lyon');
    await dialog.getByRole('button', { name: 'Revoke' }).click();
    await expect(
      page.getByText('Share link revoked. Sharing the route again creates a new link.'),
    ).toBeVisible();
    const gone = await page.request.get(`/api/itineraries/share/${firstToken}`);
    expect(gone.status()).toBe(404);
    expect(((await gone.json()) as { error: string }).error).toMatch(/route not found/i);
    await expect(card.getByRole('button', { name: 'Revoke link' })).toHaveCount(0);
    // Still so after a reload (the server says which routes are shared).
    await page.reload();
    await expect(card.getByRole('button', { name: 'Share' })).toBeVisible();
    await expect(card.getByRole('button', { name: 'Revoke link' })).toHaveCount(0);

    await card.getByRole('button', { name: 'Share' }).click();
    await expect(shareDialog.getByText('Share link copied to clipboard!')).toBeVisible();
    const secondLink = await page.evaluate(() => navigator.clipboard.readText());
    await shareDialog.getByRole('button', { name: 'Close' }).click();
    expect(secondLink).not.toBe(firstLink);
    expect(
      (await page.request.get(`/api/itineraries/share/${secondLink.split('/share/')[1]}`)).status(),
    ).toBe(200);

    // Without clipboard access the link is shown instead.
    await page.evaluate(() => {
      Object.defineProperty(navigator, 'clipboard', {
        value: { writeText: () => Promise.reject(new Error('denied')) },
      });
    });
    await card.getByRole('button', { name: 'Share' }).click();
    const linkDialog = page.getByRole('dialog', { name: 'Share link' });
    await expect(linkDialog.getByLabel('Share link')).toHaveValue(secondLink);
    await linkDialog.getByRole('button', { name: 'Close' }).click();
    await expect(linkDialog).toHaveCount(0);
  });

  test('a save while the API is down keeps the route and says why', async ({
    page,
    accounts,
    planner,
  }) => {
    await newAccount(page, accounts, 'down');
    await planParisToLyon(page, planner);
    await page.route('**/api/itineraries', (route) => route.abort());
    await page.getByRole('button', { name: 'Save Route' }).click();
    const feedback = page.getByRole('alert').filter({ hasText: 'Failed to save route' });
    // The client heard nothing back: it never claims the route was saved.
    await expect(feedback).toContainText(
      'The connection was lost, so the route may not be saved. Try again: it will not be saved twice.',
    );
    await expect(page).toHaveURL(/\/plan$/);
    await expect(planner.stopItems).toHaveCount(2);
    expect(
      await page.evaluate(
        () => JSON.parse(localStorage.getItem('routeDraft') ?? 'null')?.stops.length,
      ),
    ).toBe(2);

    // Back up: the same route saves.
    await page.unroute('**/api/itineraries');
    await page.getByRole('button', { name: 'Save Route' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(routeCard(page, 'Paris to Lyon')).toBeVisible();
  });

  test('an expired session during a save asks to log in again and keeps the route', async ({
    page,
    accounts,
    planner,
  }) => {
    await newAccount(page, accounts, 'expired');
    await planParisToLyon(page, planner);
    await page.route('**/api/itineraries', (route) =>
      route.fulfill({ status: 401, json: { error: 'Invalid or expired token' } }),
    );
    await page.getByRole('button', { name: 'Save Route' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Failed to save route' })).toContainText(
      'Authentication failed. Please log in again.',
    );
    await expect(planner.stopItems).toHaveCount(2);
  });

  test('guest mode: Continue as Guest, My Routes without an account, and Logout clears the flag', async ({
    page,
    accounts,
    planner,
  }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Continue as Guest' }).click();
    await expect(page).toHaveURL(/\/plan$/);
    expect(await page.evaluate(() => localStorage.getItem('guestMode'))).toBe('true');
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText('No routes found')).toBeVisible();

    // A guest cannot save: Sign Up to Save sends them to sign up.
    await planParisToLyon(page, planner);
    await expect(page.getByRole('button', { name: 'Sign Up to Save' })).toBeVisible();

    // The guest makes an account; Logout ends the session and the guest flag.
    await newAccount(page, accounts, 'guest');
    await signOut(page);
    expect(await page.evaluate(() => localStorage.getItem('guestMode'))).toBeNull();
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login\?returnTo=%2Fdashboard$/);
  });

  test('every validation and failure message of the forms', async ({ page, accounts }) => {
    await page.goto('/register');
    for (const label of ['Email', 'Confirm Password']) {
      expect(
        await page.getByLabel(label).evaluate((input: HTMLInputElement) => input.required),
      ).toBe(true);
    }
    expect(await page.getByLabel('Email').getAttribute('type')).toBe('email');
    await register(page, accounts.uniqueEmail('accounts-v'), 'secret1', 'secret2');
    await expect(page.getByRole('alert')).toHaveText('Passwords do not match');
    await register(page, accounts.uniqueEmail('accounts-v'), 'abc', 'abc');
    await expect(page.getByRole('alert')).toHaveText('Password must be at least 6 characters long');

    // The server's words for a taken address; the generic text when the server cannot be reached.
    await register(page, 'demo@example.com');
    await expect(page.getByRole('alert')).not.toHaveText(
      /^(Registration failed|Password must be at least 6 characters long)$/,
    );
    await expect(page.getByRole('alert')).toHaveText(/.+/);
    await page.route('**/auth/v1/signup**', (route) => route.abort());
    await register(page, accounts.uniqueEmail('accounts-v'));
    await expect(page.getByRole('alert')).toHaveText('Registration failed');
    // No Google client id in the test build: no Google button at all.
    await expect(page.getByRole('button', { name: /Google/ })).toHaveCount(0);

    await page.goto('/login?returnTo=%2Fdashboard');
    expect(
      await page.getByLabel('Email').evaluate((input: HTMLInputElement) => input.required),
    ).toBe(true);
    expect(
      await page.getByLabel('Password').evaluate((input: HTMLInputElement) => input.required),
    ).toBe(true);
    await expect(page.getByRole('link', { name: 'Sign up' })).toHaveAttribute(
      'href',
      '/register?returnTo=%2Fdashboard',
    );
    await signIn(page, 'demo@example.com', 'wrong-password');
    await expect(page.getByRole('alert')).toContainText(/invalid/i);
    // The sign-in request waits until the busy button has been seen, then fails.
    let letGo = () => {};
    const held = new Promise<void>((resolve) => (letGo = resolve));
    await page.route('**/auth/v1/token**', async (route) => {
      await held;
      await route.abort();
    });
    await signIn(page, 'demo@example.com', 'demo-password');
    await expect(page.getByRole('button', { name: 'Signing in...' })).toBeDisabled();
    letGo();
    await expect(page.getByRole('alert')).toHaveText('Login failed');
    // No Google client id in the test build: no Google button at all.
    await expect(page.getByRole('button', { name: /Google/ })).toHaveCount(0);
  });
});
