import {
  bearer,
  expect,
  test,
  type Account,
  type Accounts,
  type APIRequestContext,
  type Page,
} from './support/fixtures';
import { expectAccessible } from './support/accessibility';

/**
 * Editing a saved route in the planner never silently overwrites a version saved
 * elsewhere meanwhile (PUT with If-Match; 412 -> the user chooses).
 */

const PARIS = { name: 'Paris, Île-de-France, France', lat: 48.8534951, lng: 2.3483915 };
const DIJON = { name: 'Dijon, Côte-d’Or, France', lat: 47.3215806, lng: 5.0414701 };
const LYON = { name: 'Lyon, Métropole de Lyon, France', lat: 45.764043, lng: 4.835659 };
const CONFLICT = 'This route was changed on another device since you opened it.';

interface SavedRoute {
  title: string;
  stops: { name: string }[];
  updated_at: string;
}

const register = (accounts: Accounts) => accounts.register('conflict');
const createRoute = (accounts: Accounts, owner: Account) =>
  accounts.postRoute(owner, 'Paris to Lyon', [PARIS, LYON]);
const getRoute = (accounts: Accounts, owner: Account, id: string) =>
  accounts.getRoute<SavedRoute>(owner, id);

/** Another device saves the route (last save wins there: no If-Match). */
async function changeElsewhere(
  request: APIRequestContext,
  owner: Account,
  id: string,
): Promise<SavedRoute> {
  const response = await request.put(`/api/itineraries/${id}`, {
    headers: bearer(owner),
    data: { title: 'Changed on the phone', stops: [PARIS, DIJON, LYON] },
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as SavedRoute;
}

/** Signs in, opens the route in the planner and waits until the planner shows it. */
async function openInPlanner(page: Page, accounts: Accounts, owner: Account, id: string) {
  await accounts.signIn(page, owner, `/edit-route/${id}`);
  await expect(titleInput(page)).toHaveValue('Paris to Lyon');
  await expect(stopItems(page)).toHaveCount(2);
}

const titleInput = (page: Page) => page.getByPlaceholder('Enter route title...');
const stopItems = (page: Page) => page.locator('.stop-list > li');
const updateButton = (page: Page) => page.getByRole('button', { name: 'Update Route' });
const conflictMessage = (page: Page) => page.getByRole('alert').filter({ hasText: CONFLICT });

/** Edits the title, presses Update Route and expects the conflict, nothing saved or lost. */
async function saveIntoConflict(
  page: Page,
  accounts: Accounts,
  owner: Account,
  id: string,
  title: string,
) {
  await titleInput(page).fill(title);
  const put = page.waitForRequest(
    (req) => req.method() === 'PUT' && req.url().endsWith(`/api/itineraries/${id}`),
  );
  await updateButton(page).click();
  expect((await put).headers()['if-match'], 'the planner saves over the version it loaded').toMatch(
    /^".+"$/,
  );
  await expect(conflictMessage(page)).toBeVisible();
  // The message has the focus (read out, its choices next), and the user's route is still there.
  await expect(conflictMessage(page)).toBeFocused();
  await expect(page).toHaveURL(new RegExp(`/edit-route/${id}$`));
  await expect(titleInput(page)).toHaveValue(title);
  await expect(stopItems(page)).toHaveCount(2);
  // Nothing was overwritten on the server.
  const onServer = await getRoute(accounts, owner, id);
  expect(onServer.title).toBe('Changed on the phone');
  expect(onServer.stops).toHaveLength(3);
}

test.describe('editing a route changed elsewhere', () => {
  test('an edit with no conflict saves as before (over the version loaded)', async ({
    page,
    accounts,
  }) => {
    const owner = await register(accounts);
    const id = await createRoute(accounts, owner);
    const loaded = await getRoute(accounts, owner, id);
    await openInPlanner(page, accounts, owner, id);

    await titleInput(page).fill('Rhône run');
    const put = page.waitForRequest(
      (req) => req.method() === 'PUT' && req.url().endsWith(`/api/itineraries/${id}`),
    );
    await updateButton(page).click();
    expect((await put).headers()['if-match']).toBe(`"${loaded.updated_at}"`);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText('Route updated successfully!')).toBeVisible();
    expect((await getRoute(accounts, owner, id)).title).toBe('Rhône run');
  });

  test("the conflict keeps the user's route; 'Save my version anyway' saves it", async ({
    page,
    request,
    accounts,
  }) => {
    const owner = await register(accounts);
    const id = await createRoute(accounts, owner);
    await openInPlanner(page, accounts, owner, id);
    await changeElsewhere(request, owner, id);

    await saveIntoConflict(page, accounts, owner, id, 'My version');
    await expectAccessible(page);

    const put = page.waitForRequest(
      (req) => req.method() === 'PUT' && req.url().endsWith(`/api/itineraries/${id}`),
    );
    await conflictMessage(page).getByRole('button', { name: 'Save my version anyway' }).click();
    expect(
      (await put).headers()['if-match'],
      'saved over whatever version is there',
    ).toBeUndefined();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText('Route updated successfully!')).toBeVisible();
    const onServer = await getRoute(accounts, owner, id);
    expect(onServer.title).toBe('My version');
    expect(onServer.stops.map((stop) => stop.name)).toEqual([PARIS.name, LYON.name]);
  });

  test("'Load the latest version' shows the other device's route, which then saves normally", async ({
    page,
    request,
    accounts,
  }) => {
    const owner = await register(accounts);
    const id = await createRoute(accounts, owner);
    await openInPlanner(page, accounts, owner, id);
    const latest = await changeElsewhere(request, owner, id);

    await saveIntoConflict(page, accounts, owner, id, 'My version');

    await conflictMessage(page).getByRole('button', { name: 'Load the latest version' }).click();
    await expect(titleInput(page)).toHaveValue('Changed on the phone');
    await expect(stopItems(page)).toHaveCount(3);
    await expect(conflictMessage(page)).toHaveCount(0);
    await expect(updateButton(page)).toBeFocused();
    await expect(
      page.getByRole('status').filter({ hasText: 'The latest version of the route is loaded' }),
    ).toHaveCount(1);

    await titleInput(page).fill('Changed on the phone, then here');
    const put = page.waitForRequest(
      (req) => req.method() === 'PUT' && req.url().endsWith(`/api/itineraries/${id}`),
    );
    await updateButton(page).click();
    expect((await put).headers()['if-match'], 'now saved over the latest version').toBe(
      `"${latest.updated_at}"`,
    );
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText('Route updated successfully!')).toBeVisible();
    const onServer = await getRoute(accounts, owner, id);
    expect(onServer.title).toBe('Changed on the phone, then here');
    expect(onServer.stops.map((stop) => stop.name)).toEqual([PARIS.name, DIJON.name, LYON.name]);
  });
});
