import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { IdentityState } from '@/lib/auth';
import { renderWithProviders } from '@/test/render';
import { DashboardPage } from './DashboardPage';

vi.mock('@/config/env', () => ({ env: { apiUrl: '/api' } }));
vi.mock('@/lib/supabase', () => ({ supabase: { auth: {} }, getAccessToken: async () => 'jwt' }));
// The device is in New York (a day's times are in its own zone, not the device's).
vi.mock('@/lib/day-plan/format', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/day-plan/format')>()),
  deviceTimeZone: () => 'America/New_York',
}));

const routes = [
  {
    id: 'r1',
    title: 'Paris to Lyon',
    stops: [
      { name: 'Paris', lat: 48.85, lng: 2.35 },
      { name: 'Lyon', lat: 45.76, lng: 4.84 },
    ],
    total_distance: 465_400,
    total_duration: 16_260,
    created_at: '2025-03-04T10:00:00Z',
  },
  {
    id: 'r2',
    title: 'Trip to Dijon',
    stops: [{ name: 'Dijon', lat: 47.32, lng: 5.04 }],
    total_distance: 0,
    total_duration: 0,
    created_at: '2025-03-05T10:00:00Z',
  },
];

type Handler = (init: RequestInit | undefined) => Response | Promise<Response>;
let handlers: Record<string, Handler>;
const requests: string[] = [];

function stubApi(overrides: Record<string, Handler> = {}) {
  let stored = [...routes];
  handlers = {
    'GET /api/itineraries': () => Response.json(stored),
    'DELETE /api/itineraries/r1': () => {
      stored = stored.filter((route) => route.id !== 'r1');
      return new Response(null, { status: 204 });
    },
    'POST /api/itineraries/r1/share': () =>
      Response.json({ shareUrl: 'http://localhost/share/tok-1' }),
    'DELETE /api/itineraries/r1/share': () => new Response(null, { status: 204 }),
    ...overrides,
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const key = `${init?.method ?? 'GET'} ${url}`;
      requests.push(key);
      const handler = handlers[key];
      return handler ? handler(init) : Response.json({ error: 'not found' }, { status: 404 });
    }),
  );
}

function renderDashboard(
  state?: unknown,
  identity: IdentityState = { status: 'signed-in', user: { id: 'u1', email: 'a@b.co' } },
) {
  return renderWithProviders(<DashboardPage />, {
    identity,
    route: '/dashboard',
    path: { pathname: '/dashboard', state },
    routes: [{ path: '*', element: <p>elsewhere</p> }],
  }).router;
}

const card = (title: string) => screen.getByRole('article', { name: title });

describe('DashboardPage', () => {
  beforeEach(() => {
    requests.length = 0;
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('loads, then shows one card per route with its facts and actions', async () => {
    stubApi();
    renderDashboard();
    expect(screen.getByRole('status').textContent).toContain('Loading your routes...');
    const first = await screen.findByRole('article', { name: 'Paris to Lyon' });
    expect(within(first).getByText('2 stops')).toBeTruthy();
    expect(within(first).getByTestId('card-distance').textContent).toBe('465 km');
    expect(within(first).getByTestId('card-duration').textContent).toBe('4h 31m');
    expect(within(first).getByTestId('card-created').textContent).toBe(
      new Date('2025-03-04T10:00:00Z').toLocaleDateString('en'),
    );
    expect(within(first).getByRole('link', { name: 'Paris to Lyon' }).getAttribute('href')).toBe(
      '/edit-route/r1',
    );
    expect(
      within(first).getByRole('link', { name: 'Start Route in Waze' }).getAttribute('href'),
    ).toBe('/waze-route/r1');
    expect(within(first).getByRole('button', { name: 'Delete route Paris to Lyon' })).toBeTruthy();
    expect(within(first).getByRole('button', { name: 'Share' })).toBeTruthy();
    expect(within(first).getByRole('button', { name: 'Revoke link' })).toBeTruthy();

    const second = card('Trip to Dijon');
    expect(within(second).getByText('1 stop')).toBeTruthy();
    expect(within(second).getByTestId('card-distance').textContent).toBe('--');
    expect(within(second).getByTestId('card-duration').textContent).toBe('--');
  });

  it("shows 'Failed to load itineraries' in place of the page", async () => {
    stubApi({ 'GET /api/itineraries': () => Response.json({ error: 'boom' }, { status: 500 }) });
    renderDashboard();
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to load itineraries');
    expect(screen.queryByRole('heading', { name: 'My Routes' })).toBeNull();
  });

  it("shows 'No routes found' and a link to create the first route", async () => {
    stubApi({ 'GET /api/itineraries': () => Response.json([]) });
    renderDashboard();
    expect(await screen.findByText('No routes found')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create Your First Route' }).getAttribute('href')).toBe(
      '/plan',
    );
  });

  it('a guest sees the empty state without asking the server', async () => {
    stubApi();
    renderDashboard(undefined, { status: 'guest' });
    expect(await screen.findByText('No routes found')).toBeTruthy();
    expect(requests).toEqual([]);
  });

  it('shows the save message once, dismissible', async () => {
    stubApi();
    const router = renderDashboard({ flash: 'updated' });
    const banner = await screen.findByText('Route updated successfully!');
    await waitFor(() => expect(router.state.location.state).toBeNull());
    expect(banner).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('Route updated successfully!')).toBeNull();
  });

  it('opens the route from the card body, but not from its buttons', async () => {
    stubApi();
    const router = renderDashboard();
    const first = await screen.findByRole('article', { name: 'Paris to Lyon' });
    fireEvent.click(within(first).getByRole('button', { name: 'Revoke link' }));
    fireEvent.keyDown(screen.getByRole('alertdialog'), { key: 'Escape' });
    expect(router.state.location.pathname).toBe('/dashboard');
    fireEvent.click(within(first).getByText('2 stops'));
    expect(router.state.location.pathname).toBe('/edit-route/r1');
  });

  it('deletes after confirmation; Cancel keeps the route', async () => {
    stubApi();
    renderDashboard();
    const first = await screen.findByRole('article', { name: 'Paris to Lyon' });
    fireEvent.click(within(first).getByRole('button', { name: 'Delete route Paris to Lyon' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete route' });
    expect(dialog.textContent).toContain(
      'Are you sure you want to delete "Paris to Lyon"? This action cannot be undone.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(requests).not.toContain('DELETE /api/itineraries/r1');

    fireEvent.click(within(first).getByRole('button', { name: 'Delete route Paris to Lyon' }));
    fireEvent.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
    );
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Paris to Lyon' })).toBeNull(),
    );
    expect(requests).toContain('DELETE /api/itineraries/r1');
    expect(card('Trip to Dijon')).toBeTruthy();
  });

  it("says 'Failed to delete itinerary' and keeps the card when deleting fails", async () => {
    stubApi({
      'DELETE /api/itineraries/r1': () => Response.json({ error: 'nope' }, { status: 500 }),
    });
    renderDashboard();
    const first = await screen.findByRole('article', { name: 'Paris to Lyon' });
    fireEvent.click(within(first).getByRole('button', { name: 'Delete route Paris to Lyon' }));
    fireEvent.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
    );
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to delete itinerary');
    expect(card('Paris to Lyon')).toBeTruthy();
  });

  it('copies the share link, or shows it when copying fails', async () => {
    stubApi();
    const writeText = vi
      .fn()
      .mockResolvedValueOnce(undefined)
      .mockRejectedValueOnce(new Error('denied'));
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderDashboard();
    const first = await screen.findByRole('article', { name: 'Paris to Lyon' });

    fireEvent.click(within(first).getByRole('button', { name: 'Share' }));
    expect(await screen.findByText('Share link copied to clipboard!')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith('http://localhost/share/tok-1');

    fireEvent.click(within(first).getByRole('button', { name: 'Share' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share link' });
    expect(within(dialog).getByLabelText<HTMLInputElement>('Share link').value).toBe(
      'http://localhost/share/tok-1',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("says 'Failed to generate share link' when sharing fails", async () => {
    stubApi({
      'POST /api/itineraries/r1/share': () => Response.json({ error: 'down' }, { status: 503 }),
    });
    renderDashboard();
    const first = await screen.findByRole('article', { name: 'Paris to Lyon' });
    fireEvent.click(within(first).getByRole('button', { name: 'Share' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Failed to generate share link',
    );
  });

  it('revokes the link after confirmation, and says when there was none', async () => {
    stubApi();
    renderDashboard();
    const first = await screen.findByRole('article', { name: 'Paris to Lyon' });
    fireEvent.click(within(first).getByRole('button', { name: 'Revoke link' }));
    fireEvent.click(
      within(screen.getByRole('alertdialog', { name: 'Revoke share link' })).getByRole('button', {
        name: 'Revoke',
      }),
    );
    expect(
      await screen.findByText('Share link revoked. Sharing the route again creates a new link.'),
    ).toBeTruthy();
    expect(requests).toContain('DELETE /api/itineraries/r1/share');

    handlers['DELETE /api/itineraries/r1/share'] = () =>
      Response.json({ error: 'No active share link' }, { status: 404 });
    fireEvent.click(within(first).getByRole('button', { name: 'Revoke link' }));
    fireEvent.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Revoke' }),
    );
    expect(await screen.findByText('This route has no active share link.')).toBeTruthy();
  });

  it('finds routes by a word of the title or a stop, any case or accent, and sorts them', async () => {
    stubApi();
    renderDashboard();
    await screen.findByRole('article', { name: 'Paris to Lyon' });
    const titles = () =>
      screen.getAllByRole('article').map((article) => article.querySelector('h2, h3')?.textContent);
    expect(titles()).toEqual(['Trip to Dijon', 'Paris to Lyon']);

    const sort = screen.getByRole('combobox', { name: 'Sort by' });
    fireEvent.change(sort, { target: { value: 'oldest' } });
    expect(titles()).toEqual(['Paris to Lyon', 'Trip to Dijon']);
    fireEvent.change(sort, { target: { value: 'title' } });
    expect(titles()).toEqual(['Paris to Lyon', 'Trip to Dijon']);
    // Unknown distances go last, whichever way.
    fireEvent.change(sort, { target: { value: 'shortest' } });
    expect(titles()).toEqual(['Paris to Lyon', 'Trip to Dijon']);

    const search = screen.getByRole('searchbox', { name: 'Search my routes' });
    fireEvent.change(search, { target: { value: 'LYON' } });
    expect(titles()).toEqual(['Paris to Lyon']);
    expect(screen.getByText('1 route found')).toBeTruthy();
    fireEvent.change(search, { target: { value: 'dijon' } });
    expect(titles()).toEqual(['Trip to Dijon']);
    fireEvent.change(search, { target: { value: 'Marseille' } });
    expect(screen.queryAllByRole('article')).toEqual([]);
    expect(screen.getByText('No route matches your search.')).toBeTruthy();
  });

  it('duplicates a route as a new one, with a key for the attempt, and says so', async () => {
    const driven = {
      ...routes[0],
      stops: [
        { ...routes[0].stops[0], status: 'done', note: 'Gate code 1234' },
        routes[0].stops[1],
      ],
    };
    let sent: { body: unknown; key: string | null } | null = null;
    stubApi({
      'GET /api/itineraries': () => Response.json([driven, routes[1]]),
      'POST /api/itineraries': (init) => {
        sent = {
          body: JSON.parse(String(init?.body)),
          key: new Headers(init?.headers).get('idempotency-key'),
        };
        return Response.json(
          {
            ...driven,
            id: 'r3',
            title: 'Paris to Lyon (copy)',
            created_at: '2025-03-06T10:00:00Z',
          },
          { status: 201 },
        );
      },
    });
    renderDashboard();
    const first = await screen.findByRole('article', { name: 'Paris to Lyon' });
    fireEvent.click(within(first).getByRole('button', { name: 'Duplicate' }));
    expect(await screen.findByText('Copy saved: Paris to Lyon (copy)')).toBeTruthy();
    expect(sent).toEqual({
      body: {
        title: 'Paris to Lyon (copy)',
        stops: [
          { name: 'Paris', lat: 48.85, lng: 2.35, note: 'Gate code 1234' },
          { name: 'Lyon', lat: 45.76, lng: 4.84 },
        ],
      },
      key: expect.stringMatching(/^"[0-9a-f-]{36}"$/),
    });
  });

  it("says 'Could not duplicate the route' when the copy is not saved", async () => {
    stubApi({
      'POST /api/itineraries': () => Response.json({ error: 'down' }, { status: 503 }),
    });
    renderDashboard();
    const first = await screen.findByRole('article', { name: 'Paris to Lyon' });
    fireEvent.click(within(first).getByRole('button', { name: 'Duplicate' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Could not duplicate the route. Please try again.',
    );
  });

  it("writes a day's departure in the day's time zone, as the planner does, not the device's", async () => {
    const driver = (id: string, number: number, timeZone?: string) => ({
      id,
      title: `Monday — Driver ${number}`,
      stops: [{ name: 'Depot', lat: 48.85, lng: 2.35 }],
      created_at: `2030-03-01T10:00:0${number}Z`,
      day_plan: { departure: '2030-03-04T08:00+01:00', ...(timeZone ? { timeZone } : {}) },
      day_group: `day-${timeZone ?? 'device'}`,
    });
    stubApi({
      'GET /api/itineraries': () =>
        Response.json([
          driver('p1', 1, 'Europe/Paris'),
          driver('p2', 2, 'Europe/Paris'),
          // A plan without a zone: the device's, as in the planner.
          driver('d1', 3),
          driver('d2', 4),
        ]),
    });
    renderDashboard();
    const days = await screen.findAllByRole('region', { name: 'One day, 2 drivers' });
    const day = (driver: string) => days.find((group) => within(group).queryByText(driver))!;
    const [paris, device] = [day('Monday — Driver 1'), day('Monday — Driver 3')];
    expect(within(paris).getByText(/^Departs /).textContent).toBe('Departs Mon, Mar 4, 8:00 AM');
    expect(within(device).getByText(/^Departs /).textContent).toBe('Departs Mon, Mar 4, 2:00 AM');
  });
});
