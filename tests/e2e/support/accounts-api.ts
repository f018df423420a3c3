// Accounts and routes made through the /api for the browser specs, and the sign-in form.
import { expect, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';

export const E2E_PASSWORD = 'e2e-password';

export interface Account {
  email: string;
  token: string;
}

let accountCount = 0;

/** An address no other call, project, worker or run has used; `prefix` names the spec or test. */
export function uniqueEmail(testInfo: TestInfo, prefix: string): string {
  accountCount += 1;
  return `${prefix}-${testInfo.project.name}-${testInfo.workerIndex}-${Date.now()}-${accountCount}@example.com`;
}

/** A new account per call; `prefix` names the spec in the address. */
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

/** Signs in through the login form (which lands on the planner). */
export async function signIn(page: Page, account: Account) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(E2E_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/plan$/);
}
