import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { BoardPage } from './BoardPage';

vi.mock('@/config/env', () => ({ env: { apiUrl: '/api' } }));
vi.mock('@/lib/supabase', () => ({ getAccessToken: async () => 'jwt' }));
// The map draws in the browser (Leaflet), not in jsdom: the board's text is what is tested here.
vi.mock('./BoardMap', () => ({ default: () => null }));
vi.mock('@/lib/day-plan/format', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/day-plan/format')>()),
  deviceTimeZone: () => 'UTC',
}));

const driver = (id: string, title: string, late: boolean) => ({
  itineraryId: id,
  title,
  counts: { delivered: 1, failed: 0, skipped: 0, toDo: 1, total: 2 },
  lastReport: { at: late ? '2030-03-04T08:40:00Z' : '2030-03-04T08:02:00Z', stopId: `${id}-1` },
  delayMinutes: late ? 40 : 2,
  plannedFinish: '2030-03-04T09:10:00Z',
  predictedFinish: late ? '2030-03-04T09:50:00Z' : '2030-03-04T09:12:00Z',
  stops: [
    {
      id: `${id}-1`,
      name: 'Bakery',
      lat: 48.85,
      lng: 2.35,
      eta: '2030-03-04T08:00:00Z',
      report: {
        id: `${id}-r1`,
        stopId: `${id}-1`,
        status: 'delivered',
        receivedAt: '2030-03-04T08:45:00Z',
        at: late ? '2030-03-04T08:40:00Z' : '2030-03-04T08:02:00Z',
        note: 'Left at the back door',
        position: { lat: 48.8516, lng: 2.35, accuracy: 9 },
        distanceMeters: 178,
        farFromStop: false,
        photoUrl: 'https://storage.example/signed/p.jpg',
      },
      history: [],
    },
    {
      id: `${id}-2`,
      name: 'Pharmacy',
      lat: 48.86,
      lng: 2.36,
      eta: '2030-03-04T09:00:00Z',
      serviceMinutes: 10,
      history: [],
    },
  ],
});

describe('BoardPage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows every driver’s progress and predicted finish, and each stop’s report', async () => {
    const requests: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        requests.push(url);
        return url === '/api/day-groups/g1/progress'
          ? Response.json({
              dayGroup: 'g1',
              routes: [driver('a', 'Driver 1', true), driver('b', 'Driver 2', false)],
              counts: { delivered: 2, failed: 0, skipped: 0, toDo: 2, total: 4 },
            })
          : Response.json({ error: 'not found' }, { status: 404 });
      }),
    );
    renderWithProviders(<BoardPage />, { route: '/board/day/:group', path: '/board/day/g1' });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'One day, 2 drivers' }),
    ).toBeTruthy();
    const late = screen.getByRole('article', { name: 'Driver 1' });
    expect(within(late).getByTestId('progress-line').textContent).toBe(
      '1/2 delivered · running 40m late',
    );
    // Planned to finish at 09:10 (arrival 09:00, 10 minutes there), 40 minutes late.
    expect(within(late).getByTestId('driver-finish').textContent).toBe('9:50 AM');
    const onTime = screen.getByRole('article', { name: 'Driver 2' });
    expect(within(onTime).getByTestId('progress-line').textContent).toBe('1/2 delivered · on time');
    expect(within(onTime).getByTestId('driver-todo').textContent).toBe('1');

    const stops = screen.getByRole('region', { name: 'Stops of Driver 1' });
    expect(
      within(stops)
        .getAllByTestId('board-stop-status')
        .map((status) => status.textContent),
    ).toEqual(['Delivered', 'To do']);
    expect(within(stops).getByText('Left at the back door')).toBeTruthy();
    const position = within(stops).getByText((_, element) =>
      Boolean(element?.classList.contains('board-stop__position')),
    );
    // About 178 m from the stop: within the 200 m a report may be from its stop.
    expect(position.textContent).toBe('At 48.85160, 2.35000 (±9 m) · 178 m from the stop');
    expect(within(stops).getByRole('link', { name: 'Photo at Bakery' }).getAttribute('href')).toBe(
      'https://storage.example/signed/p.jpg',
    );
    expect(screen.getByTestId('board-updated').textContent).toMatch(/^Updated at \d/);
    // The day's progress in one request; each route's tracking links beside it.
    expect(requests.filter((url) => url.includes('progress'))).toEqual([
      '/api/day-groups/g1/progress',
    ]);
  });

  it('moves a stop still to do to another driver with its menu, focus on the message after', async () => {
    const requests: { url: string; method: string; body?: string }[] = [];
    let moved = false;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        requests.push({ url, method: init?.method ?? 'GET', body: init?.body as string });
        if (url === '/api/itineraries/a/stops/a-2/move') {
          moved = true;
          return Response.json({ from: {}, to: {} });
        }
        const [first, second] = [driver('a', 'Driver 1', false), driver('b', 'Driver 2', false)];
        if (moved) second.stops.push(first.stops.pop()!);
        return Response.json({
          dayGroup: 'g1',
          routes: [first, second],
          counts: { delivered: 2, failed: 0, skipped: 0, toDo: 2, total: 4 },
        });
      }),
    );
    renderWithProviders(<BoardPage />, { route: '/board/day/:group', path: '/board/day/g1' });

    const stops = await screen.findByRole('region', { name: 'Stops of Driver 1' });
    // A stop with a report (Bakery) has no menu; the stop still to do has one.
    const menu = within(stops).getByRole('button', { name: 'Move Pharmacy to another driver' });
    expect(within(stops).getAllByRole('button', { name: /^Move / })).toHaveLength(1);
    expect(within(stops).getByText('Pharmacy').closest('li')!.getAttribute('draggable')).toBe(
      'true',
    );
    fireEvent.click(menu);
    const choices = within(stops).getByRole('group', { name: 'Move Pharmacy to' });
    expect(
      within(choices)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Driver 2']);
    fireEvent.click(within(choices).getByRole('button', { name: 'Driver 2' }));

    await waitFor(() =>
      expect(screen.getByTestId('board-moved').textContent).toBe('Pharmacy moved to Driver 2.'),
    );
    // The row left with its menu: the focus is on what the move says, not on the page's body.
    expect(document.activeElement).toBe(screen.getByTestId('board-moved'));
    expect(requests.find((request) => request.method === 'POST')).toEqual({
      url: '/api/itineraries/a/stops/a-2/move',
      method: 'POST',
      body: JSON.stringify({ to: 'b' }),
    });
    await waitFor(() =>
      expect(
        within(screen.getByRole('region', { name: 'Stops of Driver 2' })).getAllByTestId(
          'board-stop',
        ),
      ).toHaveLength(3),
    );
  });

  it('copies a stop’s tracking link, made when it has none', async () => {
    const posted: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (init?.method === 'POST') {
          posted.push(url);
          return Response.json(
            { stopId: 'a-2', trackingUrl: 'https://planner.example/track/t2', showPhoto: false },
            { status: 201 },
          );
        }
        if (url.endsWith('/tracking-links')) return Response.json({ links: [] });
        return Response.json({
          dayGroup: 'g1',
          routes: [driver('a', 'Driver 1', false), driver('b', 'Driver 2', false)],
          counts: { delivered: 2, failed: 0, skipped: 0, toDo: 2, total: 4 },
        });
      }),
    );
    renderWithProviders(<BoardPage />, { route: '/board/day/:group', path: '/board/day/g1' });
    const stops = await screen.findByRole('region', { name: 'Stops of Driver 1' });
    fireEvent.click(
      within(stops).getByRole('button', {
        name: 'Copy the tracking link of Pharmacy for its customer',
      }),
    );
    // jsdom has no clipboard: the link is shown to copy by hand.
    await waitFor(() =>
      expect(screen.getByTestId('board-tracking').textContent).toBe(
        'The tracking link of Pharmacy: https://planner.example/track/t2',
      ),
    );
    expect(posted).toEqual(['/api/itineraries/a/stops/a-2/tracking-link']);
  });

  it('adds a stop to a driver as their next stop, with the place the page’s search gives', async () => {
    const posted: { url: string; body: string }[] = [];
    let added = false;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (init?.method === 'POST') {
          posted.push({ url, body: init.body as string });
          added = true;
          return Response.json({}, { status: 201 });
        }
        if (url.endsWith('/tracking-links')) return Response.json({ links: [] });
        const [first, second] = [driver('a', 'Driver 1', false), driver('b', 'Driver 2', false)];
        if (added)
          second.stops.splice(1, 0, {
            id: 'b-3',
            name: 'Florist',
            lat: 48.87,
            lng: 2.34,
            history: [],
          } as (typeof second.stops)[number]);
        return Response.json({
          dayGroup: 'g1',
          routes: [first, second],
          counts: { delivered: 2, failed: 0, skipped: 0, toDo: 2, total: 4 },
        });
      }),
    );
    renderWithProviders(
      <BoardPage
        renderPlaceSearch={(label, onPick) => (
          <button type="button" onClick={() => onPick({ name: 'Florist', lat: 48.87, lng: 2.34 })}>
            {label}
          </button>
        )}
      />,
      { route: '/board/day/:group', path: '/board/day/g1' },
    );
    const add = await screen.findByRole('button', { name: 'Add a stop to Driver 2' });
    fireEvent.click(add);
    const form = screen.getByRole('form', { name: 'Add a stop' });
    // The focus goes into the form (its first field).
    expect(form.contains(document.activeElement)).toBe(true);
    const search = within(form).getByRole('button', {
      name: 'Address or coordinates of the new stop',
    });
    // Nothing chosen yet: the form says what is missing and sends nothing.
    fireEvent.click(within(form).getByRole('button', { name: 'Add the stop' }));
    expect(within(form).getByRole('alert').textContent).toMatch(/^Choose the place of the stop/);
    fireEvent.click(search);
    expect(within(form).getByLabelText<HTMLInputElement>('Name of the stop').value).toBe('Florist');
    expect(within(form).getByLabelText<HTMLSelectElement>('Driver').value).toBe('b');
    fireEvent.click(within(form).getByRole('radio', { name: 'As the driver’s next stop' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Add the stop' }));

    await waitFor(() =>
      expect(screen.getByTestId('board-added').textContent).toBe('Florist added to Driver 2.'),
    );
    expect(document.activeElement).toBe(screen.getByTestId('board-added'));
    expect(screen.queryByRole('form', { name: 'Add a stop' })).toBeNull();
    // Driver 2's only report is on the start: their next stop is the first after it.
    expect(posted).toEqual([
      {
        url: '/api/itineraries/b/stops',
        body: JSON.stringify({ stop: { name: 'Florist', lat: 48.87, lng: 2.34 }, place: 1 }),
      },
    ]);
    await waitFor(() =>
      expect(
        within(screen.getByRole('region', { name: 'Stops of Driver 2' })).getAllByTestId(
          'board-stop',
        ),
      ).toHaveLength(3),
    );
  });

  it('says why an addition was refused and keeps the form; Escape closes it back to its button', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (init?.method === 'POST')
          return Response.json({ error: 'This route keeps changing' }, { status: 409 });
        if (url.endsWith('/tracking-links')) return Response.json({ links: [] });
        return Response.json(driver('a', 'Driver 1', false));
      }),
    );
    renderWithProviders(
      <BoardPage
        renderPlaceSearch={(label, onPick) => (
          <button type="button" onClick={() => onPick({ name: 'Florist', lat: 48.87, lng: 2.34 })}>
            {label}
          </button>
        )}
      />,
      { route: '/board/route/:id', path: '/board/route/a' },
    );
    const add = await screen.findByRole('button', { name: 'Add a stop to Driver 1' });
    fireEvent.click(add);
    const form = screen.getByRole('form', { name: 'Add a stop' });
    fireEvent.click(within(form).getByRole('button', { name: /new stop/ }));
    // One route: no driver to choose.
    expect(within(form).queryByLabelText('Driver')).toBeNull();
    fireEvent.click(within(form).getByRole('button', { name: 'Add the stop' }));
    await waitFor(() =>
      expect(within(form).getByRole('alert').textContent).toMatch(/^The route kept changing/),
    );
    fireEvent.keyDown(within(form).getByLabelText('Name of the stop'), { key: 'Escape' });
    expect(screen.queryByRole('form', { name: 'Add a stop' })).toBeNull();
    expect(document.activeElement).toBe(add);
  });

  it('revokes a route’s tracking links once confirmed, and offers it only while it has some', async () => {
    const deleted: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (init?.method === 'DELETE') {
          deleted.push(url);
          return new Response(null, { status: 204 });
        }
        if (url.endsWith('/tracking-links'))
          return Response.json({
            links:
              deleted.length > 0
                ? []
                : [
                    {
                      stopId: 'a-2',
                      trackingUrl: 'https://planner.example/track/t2',
                      showPhoto: false,
                    },
                  ],
          });
        return Response.json(driver('a', 'Driver 1', false));
      }),
    );
    renderWithProviders(<BoardPage />, { route: '/board/route/:id', path: '/board/route/a' });
    const revoke = await screen.findByRole('button', {
      name: 'Revoke the tracking links of Driver 1',
    });
    fireEvent.click(revoke);
    const dialog = screen.getByRole('alertdialog', { name: 'Revoke tracking links' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(deleted).toEqual([]);
    fireEvent.click(revoke);
    fireEvent.click(
      within(screen.getByRole('alertdialog', { name: 'Revoke tracking links' })).getByRole(
        'button',
        { name: 'Revoke' },
      ),
    );
    await waitFor(() =>
      expect(screen.getByTestId('board-tracking').textContent).toBe(
        'The tracking links of Driver 1 no longer work.',
      ),
    );
    expect(deleted).toEqual(['/api/itineraries/a/tracking-links']);
    await waitFor(() =>
      expect(
        screen.queryByRole('button', { name: 'Revoke the tracking links of Driver 1' }),
      ).toBeNull(),
    );
  });

  it('ticks “Photo for the customer” by the stop’s link, and asks for it to be shown or hidden', async () => {
    const posted: { url: string; body: unknown }[] = [];
    let showPhoto = false;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (init?.method === 'POST') {
          const body = JSON.parse(String(init.body)) as { showPhoto: boolean };
          posted.push({ url, body });
          showPhoto = body.showPhoto;
          return Response.json(
            { stopId: 'a-2', trackingUrl: 'https://planner.example/track/t2', showPhoto },
            { status: 201 },
          );
        }
        if (url.endsWith('/tracking-links'))
          return Response.json({
            links: [{ stopId: 'a-2', trackingUrl: 'https://planner.example/track/t2', showPhoto }],
          });
        return Response.json(driver('a', 'Driver 1', false));
      }),
    );
    renderWithProviders(<BoardPage />, { route: '/board/route/:id', path: '/board/route/a' });
    const photo = await screen.findByRole('checkbox', { name: 'Photo for the customer: Pharmacy' });
    // The start has no customer: no link, no photo to show.
    expect(screen.queryByRole('checkbox', { name: 'Photo for the customer: Bakery' })).toBeNull();
    await waitFor(() =>
      expect(
        screen.getByRole('button', { name: 'Revoke the tracking links of Driver 1' }),
      ).toBeTruthy(),
    );
    expect((photo as HTMLInputElement).checked).toBe(false);

    fireEvent.click(photo);
    // The box takes the choice at once, before the server answers.
    expect((photo as HTMLInputElement).checked).toBe(true);
    await waitFor(() =>
      expect(screen.getByTestId('board-tracking').textContent).toBe(
        'The customer of Pharmacy sees the delivery’s photo on their tracking link.',
      ),
    );
    expect(posted).toEqual([
      { url: '/api/itineraries/a/stops/a-2/tracking-link', body: { showPhoto: true } },
    ]);
    // The links read again: the box says what the link shows.
    await waitFor(() => expect((photo as HTMLInputElement).checked).toBe(true));

    fireEvent.click(photo);
    await waitFor(() =>
      expect(screen.getByTestId('board-tracking').textContent).toBe(
        'The customer of Pharmacy no longer sees the delivery’s photo.',
      ),
    );
    expect(posted[1]).toEqual({
      url: '/api/itineraries/a/stops/a-2/tracking-link',
      body: { showPhoto: false },
    });
    await waitFor(() => expect((photo as HTMLInputElement).checked).toBe(false));
  });

  it('puts “Photo for the customer” back when the request fails, and says so', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (init?.method === 'POST') return Response.json({ error: 'down' }, { status: 503 });
        if (url.endsWith('/tracking-links'))
          return Response.json({
            links: [
              { stopId: 'a-2', trackingUrl: 'https://planner.example/track/t2', showPhoto: true },
            ],
          });
        return Response.json(driver('a', 'Driver 1', false));
      }),
    );
    renderWithProviders(<BoardPage />, { route: '/board/route/:id', path: '/board/route/a' });
    const photo = await screen.findByRole('checkbox', { name: 'Photo for the customer: Pharmacy' });
    await waitFor(() => expect((photo as HTMLInputElement).checked).toBe(true));
    fireEvent.click(photo);
    expect((photo as HTMLInputElement).checked).toBe(false);
    await waitFor(() =>
      expect(screen.getByTestId('board-tracking').textContent).toBe(
        'Whether the customer of Pharmacy sees the delivery’s photo could not be changed. Check the connection and try again.',
      ),
    );
    // Refused: the box goes back to what the link shows.
    expect((photo as HTMLInputElement).checked).toBe(true);
  });
});
