import { expect, test, type Page, type PlannerControls } from './support/fixtures';
import { expectAccessible } from './support/accessibility';
import {
  expectFitsPhone,
  markersUnder,
  notOnPhone,
  PHONE_375,
  PHONE_ONLY,
} from './support/phone-layout';

/** Lyon, where the browser says the user is in these tests (the pages are pinned to English). */
const HERE = { latitude: 45.764, longitude: 4.8357 };
const OCEAN = {
  name: 'North Atlantic Ocean',
  address: '',
  display_name: 'North Atlantic Ocean',
  lat: 35,
  lng: -40,
};

test.use({ geolocation: HERE, permissions: ['geolocation'] });

/** Markers are numbered by position, whatever their order in the DOM. */
const markerNumbered = (page: Page, number: number) =>
  page.locator('.numbered-marker', { has: page.getByText(String(number), { exact: true }) });

async function addByKeyboard(planner: PlannerControls, text: string) {
  await planner.search.fill(text);
  await expect(planner.searchResults.getByRole('option').first()).toBeVisible();
  await planner.search.press('ArrowDown');
  await planner.search.press('Enter');
}

test.describe('planner', () => {
  // The planner's main flow (the phone's stacked layout: 'on a phone' below).
  test('search, click, reorder by keyboard and drag, remove, and the draft survives a reload', async ({
    page,
    planner,
  }) => {
    await page.goto('/plan');
    await expect(page.getByText('Add stops to start planning your route')).toBeVisible();
    await expect(
      page.getByText('No stops added yet. Click on the map or search for addresses to add stops.'),
    ).toBeVisible();
    await expect(
      page.getByText('Click on the map to add stops, or use the search above'),
    ).toBeVisible();
    await expect(planner.titleInput).toBeVisible();
    await expect(page.getByText('Create an account to save your routes for later!')).toBeVisible();

    await planner.addStop('Paris');
    await addByKeyboard(planner, 'Lyon');
    await expect(planner.stopNames).toHaveText([
      /^Paris, Île-de-France/,
      /^Lyon, Métropole de Lyon/,
    ]);
    await expect(planner.stopItems.first()).toContainText('48.8535, 2.3484');
    await expect(planner.summary('summary-stops')).toHaveText('2');
    await expect(planner.summary('summary-distance')).toHaveText(/^\d+ km$/);
    const twoStopDistance = await planner.summary('summary-distance').textContent();
    await expect(page.locator('.leaflet-overlay-pane path')).toHaveCount(1);

    // Choosing Lyon in the list centres the map on it (zoom 15); a click beside it adds a third
    // stop named by reverse geocoding.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.getByRole('button', { name: /^Show stop 2 on the map/ }).click();
    const lyonMarker = markerNumbered(page, 2);
    await expect(lyonMarker).toHaveClass(/numbered-marker--active/);
    const box = (await lyonMarker.boundingBox())!;
    await page.mouse.click(box.x + box.width / 2 + 60, box.y + box.height + 30);
    await expect(planner.stopItems).toHaveCount(3);
    await expect(planner.stopNames.nth(2)).toHaveText(/^Lyon/);
    await expect(page.locator('.numbered-marker')).toHaveCount(3);
    await expect(markerNumbered(page, 3)).toBeVisible();
    await expect(planner.summary('summary-stops')).toHaveText('3');

    // Keyboard: the third stop moves up, and the move is announced.
    const third = page.getByRole('button', { name: /^Show stop 3 on the map/ });
    await third.focus();
    await page.keyboard.press('Alt+ArrowUp');
    await expect(
      page.getByRole('status').filter({ hasText: 'moved to position 2 of 3' }),
    ).toBeAttached();
    await expect(page.getByRole('button', { name: /^Show stop 2 on the map/ })).toBeFocused();
    const afterKeyboard = await planner.stopNames.allTextContents();
    expect(afterKeyboard[0]).toMatch(/^Paris/);
    expect(afterKeyboard[2]).toMatch(/^Lyon, Métropole/);

    // Drag: the first stop goes to the end by its handle.
    await planner.dragStop(0, 2);
    await expect(planner.stopNames.nth(2)).toHaveText(/^Paris/);
    expect(await planner.stopNames.allTextContents()).toEqual([
      afterKeyboard[1],
      afterKeyboard[2],
      afterKeyboard[0],
    ]);

    // Remove from the list: the summary follows.
    await page.getByRole('button', { name: /^Remove stop 1: / }).click();
    await expect(planner.stopItems).toHaveCount(2);
    await expect(planner.summary('summary-stops')).toHaveText('2');
    await expect(planner.summary('summary-distance')).toHaveText(twoStopDistance!);

    // The popup names the stop and removes it too.
    await markerNumbered(page, 1).click();
    const popup = page.locator('.leaflet-popup');
    await expect(popup).toContainText('Stop 1');
    await expect(popup).toContainText('Lyon, Métropole de Lyon');
    await planner.titleInput.fill('Weekend in France');

    await page.reload();
    await expect(planner.stopNames).toHaveText([/^Lyon, Métropole de Lyon/, /^Paris/]);
    await expect(planner.titleInput).toHaveValue('Weekend in France');
    await expect(planner.summary('summary-stops')).toHaveText('2');

    await page.getByRole('button', { name: 'Clear all' }).click();
    await expect(
      page.getByText('No stops added yet. Click on the map or search for addresses to add stops.'),
    ).toBeVisible();
    await expect(page.getByText('Add stops to start planning your route')).toBeVisible();
  });

  test.describe('on a phone @phone', () => {
    test.skip(notOnPhone, PHONE_ONLY);

    // The phone's stacked layout: the map on top, the list below it scrolling on its own.
    test('stacked: stops added by search and on the map, dragged in the list, named in the popup', async ({
      page,
      planner,
    }) => {
      await page.goto('/plan');
      await expect(
        page.getByText(
          'No stops added yet. Click on the map or search for addresses to add stops.',
        ),
      ).toBeVisible();
      const map = (await page.locator('.planner__map').boundingBox())!;
      const list = (await page.locator('.planner__sidebar').boundingBox())!;
      expect(map.y + map.height, 'the map above the list').toBeLessThanOrEqual(list.y + 1);

      await planner.addStop('Paris');
      await addByKeyboard(planner, 'Lyon');
      await expect(planner.stopNames).toHaveText([
        /^Paris, Île-de-France/,
        /^Lyon, Métropole de Lyon/,
      ]);
      await expect(planner.summary('summary-distance')).toHaveText(/^\d+ km$/);
      await expect(page.locator('.leaflet-overlay-pane path')).toHaveCount(1);

      // A click on the map beside Lyon adds a third stop named by reverse geocoding.
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.getByRole('button', { name: /^Show stop 2 on the map/ }).click();
      const lyonMarker = markerNumbered(page, 2);
      await expect(lyonMarker).toHaveClass(/numbered-marker--active/);
      const box = (await lyonMarker.boundingBox())!;
      await page.mouse.click(box.x + box.width / 2 + 60, box.y + box.height + 30);
      await expect(planner.stopItems).toHaveCount(3);
      await expect(planner.stopNames.nth(2)).toHaveText(/^Lyon/);
      await expect(markerNumbered(page, 3)).toBeVisible();

      // The first stop dragged to the end by its handle.
      const before = await planner.stopNames.allTextContents();
      await planner.dragStop(0, 2);
      await expect(planner.stopNames.nth(2)).toHaveText(/^Paris/);
      expect(await planner.stopNames.allTextContents()).toEqual([before[1], before[2], before[0]]);

      // The popup names the stop.
      await markerNumbered(page, 1).click();
      const popup = page.locator('.leaflet-popup');
      await expect(popup).toContainText('Stop 1');
      await expect(popup).toContainText('Lyon, Métropole de Lyon');
    });

    test('a day of stops at 375 px: the summary in one line, names on two lines, times on the rows, × undone', async ({
      page,
      accounts,
      planner,
    }) => {
      await page.setViewportSize(PHONE_375);
      const owner = await accounts.register('phone-list');
      // Eight stops a few hundred metres apart with long street names; stop 3 has a window and
      // a time at the stop (as from a CSV import), and the route no departure yet.
      const stops = Array.from({ length: 8 }, (_, index) => ({
        name: `Rue de Test ${250 + index}, 75015 Paris, Île-de-France, France`,
        lat: 48.84 + index * 0.004,
        lng: 2.29 + index * 0.006,
        ...(index === 2 ? { window: { start: '09:00', end: '12:00' }, serviceMinutes: 10 } : {}),
      }));
      const id = await accounts.postRoute(owner, 'Paris round', stops);
      await accounts.signIn(page, owner, `/edit-route/${id}`);
      await expect(planner.stopItems).toHaveCount(8);

      await test.step('the Trip Summary is one line; the fitted stops are clear of it', async () => {
        const summary = page.locator('.planner-map__summary');
        const line = summary.getByRole('button', { name: /^8 stops · [\d.]+ km · / });
        await expect(line).toHaveAttribute('aria-expanded', 'false');
        expect((await summary.boundingBox())!.height).toBeLessThanOrEqual(50);
        await expect.poll(() => markersUnder(page, '.planner-map__summary')).toEqual([]);
      });

      await test.step('the names take the row, more than three stops fit under the map', async () => {
        const rows = await planner.stopItems.evaluateAll((items) =>
          items.map((item) => {
            const row = item.getBoundingClientRect();
            const name = item.querySelector('.stop-item__name')!.getBoundingClientRect();
            return { top: row.top, bottom: row.bottom, width: row.width, name: name.width };
          }),
        );
        // Beside four buttons a name had about a quarter of its row (90 px); beside two, over 40 %.
        for (const row of rows) expect(row.name / row.width).toBeGreaterThan(0.4);
        const map = (await page.locator('.planner__map').boundingBox())!;
        const under = PHONE_375.height - (map.y + map.height);
        expect(rows[3].bottom - rows[0].top).toBeLessThanOrEqual(under);
        await expect(planner.stopItems.nth(2).getByTestId('stop-day-fields')).toHaveText(
          /^Window 9:00\sAM–12:00\sPM · 10m at the stop$/,
        );
      });

      await test.step('the less used buttons wait in a menu', async () => {
        const names = await planner.stopNames.allTextContents();
        await page.getByRole('button', { name: 'More actions for stop 2' }).tap();
        await expectFitsPhone(page, '.stop-list');
        await expectAccessible(page, '.stop-list');
        await page.getByRole('button', { name: 'Move stop 2 up' }).tap();
        await expect(planner.stopNames).toHaveText([names[1], names[0], ...names.slice(2)]);
      });

      await test.step('× removes a stop, and Undo puts it back', async () => {
        const names = await planner.stopNames.allTextContents();
        await page.getByRole('button', { name: /^Remove stop 4: / }).tap();
        await expect(planner.stopItems).toHaveCount(7);
        const undo = page.locator('.planner__undo');
        await expect(undo).toContainText(`Removed: ${names[3]}.`);
        await expectFitsPhone(page, '.planner__undo');
        await undo.getByRole('button', { name: 'Undo' }).tap();
        await expect(planner.stopNames).toHaveText(names);
        await expect(undo).toHaveCount(0);
      });
    });
  });

  test('a failed reverse lookup names the stop by its coordinates; a failed search says the search is unavailable', async ({
    page,
    planner,
  }) => {
    await page.route('**/api/geocoding/reverse**', (route) =>
      route.fulfill({ status: 502, json: { error: 'down' } }),
    );
    await page.route('**/api/geocoding/autocomplete**', (route) =>
      route.fulfill({ status: 502, json: { error: 'down' } }),
    );
    await page.goto('/plan');
    await planner.map.click({ position: { x: 80, y: 120 } });
    await expect(planner.stopNames).toHaveText([/^Location -?\d+\.\d{4}, -?\d+\.\d{4}$/]);
    await planner.search.fill('Paris');
    await expect(
      page.getByText('Address search is unavailable right now, try again later').first(),
    ).toBeVisible();
  });

  test('finds the user at zoom 13', async ({ page, tiles }) => {
    await page.goto('/plan');
    await expect.poll(() => tiles.some((tile) => tile.zoom === 13)).toBe(true);
    await expect(page.getByText('Map loading error')).toHaveCount(0);
  });

  test.describe('without location permission', () => {
    test.use({ permissions: [] });

    test("shows 'Map loading error' and Retry locates the user", async ({
      page,
      context,
      tiles,
    }) => {
      await page.goto('/plan');
      await expect(page.getByText('Map loading error')).toBeVisible();
      // The map keeps its default view: tiles of zoom 10 are drawn, none of a located user's.
      await expect.poll(() => tiles.length).toBeGreaterThan(0);
      expect(tiles.every((tile) => tile.zoom === 10)).toBe(true);
      await context.grantPermissions(['geolocation']);
      await page.getByRole('button', { name: 'Retry' }).click();
      await expect(page.getByText('Map loading error')).toHaveCount(0);
      await expect.poll(() => tiles.some((tile) => tile.zoom === 13)).toBe(true);
    });
  });

  test('a route service outage gives the straight-line estimate, with no road line', async ({
    page,
    planner,
  }) => {
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    await page.route('**/api/routes/legs', (route) => route.abort('connectionrefused'));
    await page.goto('/plan');
    await planner.addStop('Paris');
    await planner.addStop('Lyon');
    // Paris to Lyon: 392 km along the great circle, at 50 km/h.
    await expect(planner.summary('summary-distance')).toHaveText('392 km');
    await expect(planner.summary('summary-duration')).toHaveText('7h 50m');
    await expect(page.getByText('Straight-line estimate')).toBeVisible();
    await expect(page.locator('.leaflet-overlay-pane path')).toHaveCount(0);
    expect(warnings.some((text) => /line skipped/i.test(text))).toBe(true);
  });

  test('a leg the router cannot drive is estimated: counted in the totals, not drawn', async ({
    page,
    planner,
  }) => {
    await page.route('**/api/geocoding/autocomplete?q=Atlantic**', (route) =>
      route.fulfill({ json: [OCEAN] }),
    );
    await page.goto('/plan');
    await planner.addStop('Paris');
    await planner.addStop('Lyon');
    await expect(page.locator('.leaflet-overlay-pane path')).toHaveCount(1);
    const roadOnly = await planner.summary('summary-distance').textContent();
    await planner.addStop('Atlantic');
    await expect(planner.summary('summary-stops')).toHaveText('3');
    await expect(page.getByText('Straight-line estimate')).toBeVisible();
    await expect(planner.summary('summary-distance')).not.toHaveText(roadOnly!);
    expect(
      Number((await planner.summary('summary-distance').textContent())!.replace(' km', '')),
    ).toBeGreaterThan(3000);
    await expect(page.locator('.leaflet-overlay-pane path')).toHaveCount(1);
  });

  test('anonymous: the rules on buttons, and Sign Up to Save keeps the route pending', async ({
    page,
    planner,
  }) => {
    await page.goto('/plan');
    page.once('dialog', (dialog) => {
      expect(dialog.message()).toBe('Please add at least one stop to start navigation');
      void dialog.dismiss();
    });
    await page.getByRole('button', { name: 'Start Route in Waze' }).click();
    await page.getByRole('button', { name: 'Calculate route' }).click();
    await expect(page.getByText('Add at least 2 stops to calculate route')).toBeVisible();

    await planner.addStop('Paris');
    await page.getByRole('button', { name: 'Sign Up to Save' }).click();
    await expect(page).toHaveURL(/\/register\?returnTo=save$/);
    const pending = await page.evaluate(() =>
      JSON.parse(sessionStorage.getItem('pendingRoute') ?? 'null'),
    );
    expect(pending).toEqual({
      title: 'Trip to Paris',
      stops: [
        {
          id: expect.stringMatching(/^[0-9a-f-]{36}$/),
          name: expect.stringMatching(/^Paris/),
          lat: 48.8534951,
          lng: 2.3483915,
        },
      ],
    });

    await page.goto('/plan');
    await page.getByRole('button', { name: 'Start Route in Waze' }).click();
    await expect(page).toHaveURL(/\/register\?returnTo=waze$/);
  });

  test('signed in: a failed save keeps the route, then save, edit and update', async ({
    page,
    planner,
  }) => {
    await page.goto('/login');
    await page.getByLabel('Email').fill('demo@example.com');
    await page.getByLabel('Password').fill('demo-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/plan$/);

    await page.getByRole('button', { name: 'Save Route' }).click();
    await expect(page.getByText('Please add at least one stop', { exact: true })).toBeVisible();

    await planner.addStop('Paris');
    await planner.addStop('Dijon');
    await page.route('**/api/itineraries', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 500, json: { error: 'database unavailable' } })
        : route.fallback(),
    );
    await page.getByRole('button', { name: 'Save Route' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Failed to save route' })).toContainText(
      'The server could not save the route (error 500)',
    );
    await expect(planner.stopItems).toHaveCount(2);
    expect(
      await page.evaluate(
        () => JSON.parse(localStorage.getItem('routeDraft') ?? 'null')?.stops.length,
      ),
    ).toBe(2);
    await page.unroute('**/api/itineraries');

    const created = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/itineraries') && response.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Save Route' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText('Route saved successfully!')).toBeVisible();
    const itinerary = (await (await created).json()) as { id: string; title: string };
    expect(itinerary.title).toBe('Paris to Dijon');
    await expect(page).toHaveURL(/\/dashboard$/);
    expect(
      await page.evaluate(() => [
        localStorage.getItem('routeDraft'),
        sessionStorage.getItem('pendingRoute'),
      ]),
    ).toEqual([null, null]);

    await page.goto(`/edit-route/${itinerary.id}`);
    await expect(planner.titleInput).toHaveValue('Paris to Dijon');
    await expect(planner.stopNames).toHaveText([/^Paris/, /^Dijon/]);
    await planner.titleInput.fill('Burgundy run');
    await page.getByRole('button', { name: 'Update Route' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText('Route updated successfully!')).toBeVisible();

    await page.goto(`/edit-route/${itinerary.id}`);
    await expect(planner.titleInput).toHaveValue('Burgundy run');
    await page.getByRole('button', { name: 'Start Route in Waze' }).click();
    await expect(page).toHaveURL(new RegExp(`/waze-route/${itinerary.id}$`));

    await page.goto('/edit-route/00000000-0000-0000-0000-000000000000');
    await expect(page.getByText('Failed to load itinerary')).toBeVisible();
  });

  test('a 500-stop route: count and summary, the virtual list reaches the last stop, remove and keyboard move', async ({
    page,
    planner,
  }) => {
    test.slow(); // a long flow with a large route: three times the usual time budget
    const stops = Array.from({ length: 500 }, (_, index) => ({
      name: `Stop ${index + 1}, Lyon, France`,
      lat: Math.round((45.62 + Math.floor(index / 25) * 0.0135) * 1e6) / 1e6,
      lng: Math.round((4.65 + (index % 25) * 0.021) * 1e6) / 1e6,
    }));
    // Seeded once: a reload must show what the planner stored, not the seed again.
    await page.addInitScript(
      (draft) => {
        if (sessionStorage.getItem('seeded')) return;
        sessionStorage.setItem('seeded', '1');
        localStorage.setItem('routeDraft', draft);
      },
      JSON.stringify({ title: 'Big day', stops }),
    );
    await page.goto('/plan');

    await expect(planner.summary('summary-stops')).toHaveText('500');
    await expect(page.getByRole('heading', { name: 'Stops (500)' })).toBeVisible();
    await expect(
      page.getByRole('button', { name: /^Show stop 1 on the map: Stop 1, Lyon/ }),
    ).toBeVisible();
    // Virtualised: only the rows near the view are in the page, each knowing its place in 500.
    const rendered = await planner.stopItems.count();
    expect(rendered).toBeGreaterThan(0);
    expect(rendered).toBeLessThan(100);
    await expect(planner.stopItems.first()).toHaveAttribute('aria-setsize', '500');
    // Zoomed out over 500 stops, the markers cluster.
    await expect(page.locator('.stop-cluster').first()).toBeVisible();
    expect(await page.locator('.numbered-marker').count()).toBeLessThan(500);
    await expect(page.locator('.stop-cluster').first()).toHaveAttribute(
      'aria-label',
      /^\d+ stops here: zoom in$/,
    );

    // Scroll the list to its end: the last stop is there.
    const viewport = page.getByTestId('stop-list-viewport');
    await viewport.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
    const last = page.getByRole('button', { name: /^Show stop 500 on the map: Stop 500, Lyon/ });
    await expect(last).toBeVisible();
    await expect(planner.stopItems.last()).toHaveAttribute('aria-posinset', '500');

    // Remove the last stop: count and summary follow.
    await page.getByRole('button', { name: 'Remove stop 500: Stop 500, Lyon, France' }).click();
    await expect(planner.summary('summary-stops')).toHaveText('499');
    await expect(page.getByRole('heading', { name: 'Stops (499)' })).toBeVisible();
    await expect(
      page.getByRole('button', { name: /^Show stop 499 on the map: Stop 499, Lyon/ }),
    ).toBeVisible();

    // Keyboard move at the far end of the list: stop 499 goes up one, and the focus follows it.
    await page.getByRole('button', { name: /^Show stop 499 on the map/ }).focus();
    await page.keyboard.press('Alt+ArrowUp');
    await expect(
      page
        .getByRole('status')
        .filter({ hasText: 'Stop 499, Lyon, France moved to position 498 of 499' }),
    ).toBeAttached();
    await expect(
      page.getByRole('button', { name: /^Show stop 498 on the map: Stop 499, Lyon/ }),
    ).toBeFocused();

    // Back to the top: the first stop moves down by keyboard.
    await viewport.evaluate((element) => element.scrollTo({ top: 0 }));
    await page.getByRole('button', { name: /^Show stop 1 on the map: Stop 1, Lyon/ }).focus();
    await page.keyboard.press('Alt+ArrowDown');
    await expect(
      page.getByRole('button', { name: /^Show stop 2 on the map: Stop 1, Lyon/ }),
    ).toBeFocused();
    await expect(
      page.getByRole('button', { name: /^Show stop 1 on the map: Stop 2, Lyon/ }),
    ).toBeVisible();

    // Drag among the rendered rows: the first stop (Stop 2) goes below the third.
    await planner.dragStop(0, 2);
    await expect(
      page.getByRole('button', { name: /^Show stop 3 on the map: Stop 2, Lyon/ }),
    ).toBeVisible();
    await expect(
      page.getByRole('button', { name: /^Show stop 1 on the map: Stop 1, Lyon/ }),
    ).toBeVisible();
    await expect(
      page.getByRole('button', { name: /^Show stop 2 on the map: Stop 3, Lyon/ }),
    ).toBeVisible();

    // A click on a cluster zooms in to its stops.
    const clustersBefore = await page.locator('.stop-cluster').count();
    await page.locator('.stop-cluster').first().click();
    await expect.poll(() => page.locator('.stop-cluster').count()).toBeLessThan(clustersBefore);

    // The draft kept all of it.
    await page.reload();
    await expect(planner.summary('summary-stops')).toHaveText('499');
    const draft = await page.evaluate(() =>
      JSON.parse(localStorage.getItem('routeDraft') ?? 'null'),
    );
    expect(draft.stops).toHaveLength(499);
    expect(draft.stops.slice(0, 3).map((stop: { name: string }) => stop.name)).toEqual([
      'Stop 1, Lyon, France',
      'Stop 3, Lyon, France',
      'Stop 2, Lyon, France',
    ]);
    expect(draft.stops[497].name).toBe('Stop 499, Lyon, France');
  });

  test('a stop note: added in the list, kept in the draft over a reload, saved with the route and edited', async ({
    page,
    planner,
    accounts,
  }) => {
    test.slow(); // sign-in, save, two edit visits: three times the usual time budget
    await accounts.signIn(page, await accounts.register('planner-note'));

    await planner.addStop('Paris');
    await planner.addStop('Lyon');
    await page.getByRole('button', { name: 'Edit stop 2: name and note' }).click();
    // The edit panel opens on the stop's name, the note below it.
    await expect(page.getByRole('textbox', { name: 'Name of stop 2' })).toBeFocused();
    const note = page.getByRole('textbox', { name: 'Note for stop 2' });
    await expect(note).toHaveAttribute('maxlength', '1000');
    await note.fill('Door code 4521\nRing twice');
    await expect(page.getByText('25 of 1000 characters')).toBeVisible();
    await page.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByRole('button', { name: 'Edit stop 2: name and note' })).toBeFocused();
    await expect(planner.stopItems.nth(1).locator('.stop-item__note')).toHaveText(
      'Door code 4521\nRing twice',
    );
    await expect(planner.stopItems.first().locator('.stop-item__note')).toHaveCount(0);

    // A reload keeps the note (the draft), and it stays with its stop when the stops swap.
    await page.reload();
    await expect(planner.stopItems.nth(1).locator('.stop-item__note')).toHaveText(
      'Door code 4521\nRing twice',
    );
    await page.getByRole('button', { name: /^Show stop 2 on the map/ }).focus();
    await page.keyboard.press('Alt+ArrowUp');
    await expect(planner.stopItems.first().locator('.stop-item__note')).toHaveText(
      'Door code 4521\nRing twice',
    );

    const created = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/itineraries') && response.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Save Route' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    const itinerary = (await (await created).json()) as {
      id: string;
      stops: { name: string; note?: string }[];
    };
    expect(itinerary.stops.map((stop) => stop.note)).toEqual([
      'Door code 4521\nRing twice',
      undefined,
    ]);

    // The edit page shows the saved note; an edit is saved by Update.
    await page.goto(`/edit-route/${itinerary.id}`);
    await expect(planner.stopItems.first().locator('.stop-item__note')).toHaveText(
      'Door code 4521\nRing twice',
    );
    await page.getByRole('button', { name: 'Edit stop 1: name and note' }).click();
    await page.getByRole('textbox', { name: 'Note for stop 1' }).fill('Side entrance');
    await page.getByRole('textbox', { name: 'Note for stop 1' }).press('Escape');
    await page.getByRole('button', { name: 'Edit stop 2: name and note' }).click();
    await page.getByRole('textbox', { name: 'Note for stop 2' }).fill('Call 06 12 34 56 78');
    const updated = page.waitForResponse(
      (response) =>
        response.url().endsWith(`/api/itineraries/${itinerary.id}`) &&
        response.request().method() === 'PUT',
    );
    await page.getByRole('button', { name: 'Update Route' }).click();
    expect(
      (await (await updated).json()).stops.map((stop: { note?: string }) => stop.note),
    ).toEqual(['Side entrance', 'Call 06 12 34 56 78']);
    // The update ends on My Routes. The answer above comes before the app has taken it in and
    // moved there: opening another page before then races the app's own navigation.
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText('Route updated successfully!')).toBeVisible();

    // What the server kept, read back.
    await page.goto(`/edit-route/${itinerary.id}`);
    await expect(planner.stopItems.locator('.stop-item__note')).toHaveText([
      'Side entrance',
      'Call 06 12 34 56 78',
    ]);
  });
});
