import { expect, test, type Page } from './support/fixtures';
import { expectAccessible } from './support/accessibility';
import { expectFitsPhone, notOnPhone, PHONE_375, PHONE_ONLY } from './support/phone-layout';

/**
 * The user's units: miles and feet for English in the US and the UK, kilometres
 * elsewhere, changeable in a setting kept like the theme; every distance follows it.
 */

const PARIS = { name: 'Paris, Île-de-France, France', lat: 48.8534951, lng: 2.3483915 };
const LYON = { name: 'Lyon, Métropole de Lyon, France', lat: 45.764043, lng: 4.835659 };

const unitsToggle = (page: Page) => page.getByRole('button', { name: /^Distance units: / });

test.describe('the automatic choice', () => {
  // No pinned setting: the app chooses from the language and the browser's region.
  test.use({ units: null, locale: 'en-US' });

  test('en-US: miles in the summary, on the route card and on the navigation page', async ({
    page,
    accounts,
    planner,
  }) => {
    const owner = await accounts.register('miles');
    const id = await accounts.postRoute(owner, 'Paris to Lyon', [PARIS, LYON]);
    await accounts.signIn(page, owner, '/dashboard');
    await expect(page.getByTestId('card-distance')).toHaveText(/^\d+ mi$/);
    await expect(unitsToggle(page)).toHaveAccessibleName(
      'Distance units: automatic (mi). Switch to kilometres',
    );

    await page.goto(`/edit-route/${id}`);
    await expect(planner.stopItems).toHaveCount(2);
    await page.getByRole('button', { name: 'Calculate route' }).click();
    await expect(planner.summary('summary-distance')).toHaveText(/^\d+ mi$/);
    await expect(planner.stopItems.nth(1).locator('.stop-item__leg')).toHaveText(
      /^\d+ mi from stop 1$/,
    );

    await page.goto(`/waze-route/${id}`);
    await expect(page.getByTestId('drive-remaining')).toContainText(/\d+ mi/);
    await expectAccessible(page);
  });

  test('the setting switches to kilometres, everywhere, and is kept like the theme', async ({
    page,
    accounts,
  }) => {
    const owner = await accounts.register('units-setting');
    await accounts.postRoute(owner, 'Paris to Lyon', [PARIS, LYON]);
    await accounts.signIn(page, owner, '/dashboard');
    await expect(page.getByTestId('card-distance')).toHaveText(/ mi$/);
    await unitsToggle(page).click();
    await expect(unitsToggle(page)).toHaveAccessibleName(
      'Distance units: kilometres. Switch to miles',
    );
    await expect(page.getByTestId('card-distance')).toHaveText(/^\d+ km$/);
    expect(await page.evaluate(() => localStorage.getItem('distanceUnits'))).toBe('metric');
    await page.reload();
    await expect(page.getByTestId('card-distance')).toHaveText(/^\d+ km$/);
    // Miles, then back to the automatic choice.
    await unitsToggle(page).click();
    await expect(page.getByTestId('card-distance')).toHaveText(/^\d+ mi$/);
    await unitsToggle(page).click();
    expect(await page.evaluate(() => localStorage.getItem('distanceUnits'))).toBe('auto');
  });

  test.describe('on a phone @phone', () => {
    test.skip(notOnPhone, PHONE_ONLY);

    test('en-US at 375 px: the header and a route card in miles fit; the navigation page passes axe', async ({
      page,
      accounts,
    }) => {
      await page.setViewportSize(PHONE_375);
      const owner = await accounts.register('miles-phone');
      const id = await accounts.postRoute(owner, 'Paris to Lyon', [PARIS, LYON]);
      await accounts.signIn(page, owner, '/dashboard');
      await expect(page.getByTestId('card-distance')).toHaveText(/^\d+ mi$/);
      await expect(unitsToggle(page)).toHaveAccessibleName(
        'Distance units: automatic (mi). Switch to kilometres',
      );
      await expectFitsPhone(page, 'header, .route-card');

      await page.goto(`/waze-route/${id}`);
      await expect(page.getByTestId('drive-remaining')).toContainText(/\d+ mi/);
      await expectAccessible(page);
    });
  });
});

test.describe('en-GB', () => {
  test.use({ units: null, locale: 'en-GB' });

  test('drives in miles too', async ({ page, planner }) => {
    await page.goto('/plan');
    await planner.addStop('Paris');
    await planner.addStop('Lyon');
    await page.getByRole('button', { name: 'Calculate route' }).click();
    await expect(planner.summary('summary-distance')).toHaveText(/^\d+ mi$/);
  });
});

test.describe('German', () => {
  test.use({ units: null, locale: 'de-DE', language: 'de' });

  test('reads kilometres, with the language’s own unit words and numbers', async ({
    page,
    planner,
  }) => {
    await page.goto('/plan');
    // Two stops 3 km apart, typed as coordinates the German way (decimal commas).
    const search = page.getByRole('combobox', { name: 'Nach einer Adresse suchen' });
    for (const typed of ['48,8584; 2,2945', '48,8606; 2,3376']) {
      await search.fill(typed);
      await expect(page.getByRole('listbox').getByRole('option')).toHaveCount(1);
      await search.press('Enter');
    }
    await expect(planner.stopItems).toHaveCount(2);
    await page.getByRole('button', { name: 'Route berechnen' }).click();
    await expect(planner.summary('summary-distance')).toHaveText(/^\d,\d km$/);
    await expect(planner.stopItems.nth(1).locator('.stop-item__leg')).toHaveText(
      /^\d,\d km ab Stopp 1$/,
    );
    await expect(
      page.getByRole('button', { name: /^Entfernungseinheiten: automatisch \(km\)/ }),
    ).toBeVisible();
  });
});
