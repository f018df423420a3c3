import { expect, test } from './support/fixtures';

test('the landing page leads to the planner', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Start Planning' }).first().click();
  await expect(page).toHaveURL(/\/plan$/);
  await expect(page.getByText('Add stops to start planning your route')).toBeVisible();
});

test('an unknown path redirects to the planner', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/plan$/);
});

test('a protected path sends an anonymous visitor to sign in, and a guest may enter', async ({
  page,
}) => {
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login\?returnTo=%2Fdashboard$/);
  await expect(page.getByLabel('Email')).toBeVisible();
  await page.getByRole('button', { name: 'Continue as Guest' }).click();
  await expect(page).toHaveURL(/\/plan$/);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('register, sign out, then sign in again', async ({ page, accounts }) => {
  const email = accounts.uniqueEmail('e2e');
  const password = 'e2e-password';

  await page.goto('/register');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm Password').fill(password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/plan$/);
  const logout = page.getByRole('button', { name: 'Logout' });
  await expect(logout.first()).toBeVisible();

  await logout.first().click();
  await expect(page.getByRole('link', { name: 'Login' }).first()).toBeVisible();
  expect(
    await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('sb-'))),
  ).toEqual([]);

  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/plan$/);
  await expect(page.getByRole('button', { name: 'Logout' }).first()).toBeVisible();

  await page.reload();
  await expect(page.getByRole('button', { name: 'Logout' }).first()).toBeVisible();
});

test('a wrong password shows the server error and keeps the visitor on the form', async ({
  page,
}) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill('demo@example.com');
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('alert')).toContainText(/invalid/i);
  await expect(page).toHaveURL(/\/login/);
});

test('the landing page loads no map code, and no Supabase client until it is needed', async ({
  page,
  accounts,
  scripts,
}) => {
  const heavy = async () =>
    (await scripts.modules()).filter((path) =>
      // The SPA's Supabase client is @supabase/auth-js (636bf77), once supabase-js.
      /leaflet|supabase-js|supabase_supabase|@supabase\/auth-js/i.test(path),
    );

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // Without a stored session the header knows the visitor at once.
  await expect(page.getByRole('link', { name: 'Login' }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await heavy()).toEqual([]);

  // Signing up loads the client; back on the landing page the stored session is shown without it
  // while its token is good for a while.
  const email = accounts.uniqueEmail('e2e-landing');
  await page.goto('/register');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('e2e-password');
  await page.getByLabel('Confirm Password').fill('e2e-password');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/plan$/);
  // The planner loads the map; only what the landing page asks for after this counts.
  await expect(page.locator('.leaflet-container')).toBeVisible();
  await page.waitForLoadState('networkidle');
  scripts.clear();
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Logout' }).first()).toBeVisible();
  await expect(page.getByText(email).first()).toBeAttached();
  await page.waitForLoadState('networkidle');
  expect(await heavy()).toEqual([]);

  // A token near its end: the client loads to refresh it, and the user stays signed in.
  await page.evaluate(() => {
    for (const key of Object.keys(localStorage).filter((name) => /^sb-.*-auth-token$/.test(name))) {
      const session = JSON.parse(localStorage.getItem(key)!) as { expires_at: number };
      session.expires_at = Math.floor(Date.now() / 1000) + 60;
      localStorage.setItem(key, JSON.stringify(session));
    }
  });
  scripts.clear();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Logout' }).first()).toBeVisible();
  await expect.poll(async () => (await heavy()).some((path) => /supabase/i.test(path))).toBe(true);
  expect((await heavy()).filter((path) => /leaflet/i.test(path))).toEqual([]);
});

test('every text is there after switching languages between the landing page and the planner', async ({
  page,
}) => {
  // The landing page holds the core texts only; French is chosen there.
  await page.goto('/');
  await page.getByRole('combobox', { name: 'Language' }).click();
  await page.getByRole('option', { name: 'Français' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await page.getByRole('link', { name: 'Planifier' }).first().click();
  await expect(page.getByRole('heading', { name: 'Planifiez votre itinéraire' })).toBeVisible();
  await expect(page.getByRole('button', { name: "S'inscrire pour enregistrer" })).toBeVisible();
  // Back to English, whose core texts were loaded first: the planner's own texts come too.
  await page.getByRole('combobox', { name: 'Langue' }).click();
  await page.getByRole('option', { name: 'English' }).click();
  await expect(page.getByRole('heading', { name: 'Plan Your Route' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign Up to Save' })).toBeVisible();
});
