// Accounts and routes made through the /api for the browser specs, and signing in.
import { expect, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import { localKeys } from '../../../supabase/local/settings.mjs';

export const E2E_PASSWORD = 'e2e-password';

export interface Account {
  email: string;
  token: string;
}

let accountCount = 0;

/** An address no other call, project, worker or run has used; `prefix` names the test file or test. */
export function uniqueEmail(testInfo: TestInfo, prefix: string): string {
  accountCount += 1;
  return `${prefix}-${testInfo.project.name}-${testInfo.workerIndex}-${Date.now()}-${accountCount}@example.com`;
}

/** A new account per call; `prefix` names the test file in the address. */
export async function registerAccount(
  request: APIRequestContext,
  testInfo: TestInfo,
  prefix: string,
): Promise<Account> {
  const email = uniqueEmail(testInfo, prefix);
  const response = await request.post('/api/auth/register', {
    data: { email, password: E2E_PASSWORD },
  });
  expect(response.status()).toBe(201);
  const body = (await response.json()) as { token: string };
  expect(body.token).toBeTruthy();
  return { email, token: body.token };
}

export const bearer = (account: Account) => ({ Authorization: `Bearer ${account.token}` });

/** POST /api/itineraries; the new route's id. */
export async function postRoute(
  request: APIRequestContext,
  owner: Account,
  title: string,
  stops: readonly object[],
): Promise<string> {
  const response = await request.post('/api/itineraries', {
    headers: bearer(owner),
    data: { title, stops },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/** GET /api/itineraries/{id} as its owner. */
export async function getRoute<Route>(
  request: APIRequestContext,
  owner: Account,
  id: string,
): Promise<Route> {
  const response = await request.get(`/api/itineraries/${id}`, { headers: bearer(owner) });
  expect(response.status()).toBe(200);
  return (await response.json()) as Route;
}

/**
 * supabase-js's storage key for the session of the project at `url` (the e2e build talks to
 * Auth on the page's own origin), as src/lib/supabase.ts names it.
 */
const sessionStorageKey = (url: string) => `sb-${new URL(url).hostname.split('.')[0]}-auth-token`;

/**
 * Signs in as a returning user is signed in: with the session supabase-js stored on an earlier
 * visit, asked for from Auth directly (the sign-in form has tests of its own in
 * accounts.spec.ts), then opens `path` (the planner unless told otherwise): one page load of
 * the app, where signing in then opening another page would load it twice.
 */
export async function signIn(page: Page, account: Account, path = '/plan') {
  const response = await page.request.post('/auth/v1/token?grant_type=password', {
    headers: { apikey: localKeys.publishableKey },
    data: { email: account.email, password: E2E_PASSWORD },
  });
  expect(response.status()).toBe(200);
  const session = (await response.json()) as { user?: { email?: string } };
  expect(session.user?.email).toBe(account.email);
  // Any page of the app's origin will do for writing its storage; a static file loads no app.
  await page.goto('/favicon.svg');
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
    sessionStorageKey(page.url()),
    JSON.stringify(session),
  ] as const);
  await page.goto(path);
  // Signed in: the header (every page has it) offers Logout, on a desktop and on a phone alike.
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
}
