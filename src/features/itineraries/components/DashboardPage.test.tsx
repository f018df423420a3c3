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
    shared: true,
  },
  {
    id: 'r2',
    title: 'Trip to Dijon',
    stops: [{ name: 'Dijon', lat: 47.32, lng: 5.04 }],
    total_distance: 0,
    total_duration: 0,
    created_at: '2025-03-05T10:00:00Z',
    shared: false,
  },
];

interface Route {
  id: string;
  title: string;
  created_at: string;
  stops: { name: string; lat: number; lng: number }[];
  [field: string]: unknown;
}
type Handler = (init: RequestInit | undefined, url: URL) => Response | Promise<Response>;
let handlers: Record<string, Handler>;
const requests: string[] = [];

const folded = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * GET /api/itineraries as the server answers My Routes: summaries of the routes matching every
 * word of `q` (title or stop), newest or oldest first, `limit` at a time after `cursor` (here
 * the number of routes already sent), the next page in Link and the count in X-Total-Count.
 */
function summaries(stored: readonly Route[], url: URL): Response {
  const words = folded(url.searchParams.get('q') ?? '')
    .split(/\s+/)
    .filter(Boolean);
  const matching = stored
    .filter((route) => {
      const text = folded([route.title, ...route.stops.map((stop) => stop.name)].join(' '));
      return words.every((word) => text.includes(word));
    })
    .sort((a, b) =>
      url.searchParams.get('sort') === 'oldest'
        ? a.created_at.localeCompare(b.created_at)
        : b.created_at.localeCompare(a.created_at),
    );
  const from = Number(url.searchParams.get('cursor') ?? 0);
  const limit = Number(url.searchParams.get('limit') ?? matching.length);
  const page = matching.slice(from, from + limit);
  const headers = new Headers({ 'X-Total-Count': String(matching.length) });
  if (from + limit < matching.length) {
    const next = new URLSearchParams(url.searchParams);
    next.set('cursor', String(from + limit));
    headers.set('Link', `<?${next.toString()}>; rel="next"`);
  }
  return Response.json(
    page.map(({ stops, ...route }) => ({ ...route, stop_count: stops.length })),
    { headers },
  );
}

function stubApi(overrides: Record<string, Handler> = {}, stored: Route[] = [...routes]) {
  handlers = {
    'GET /api/itineraries': (_init, url) => summaries(stored, url),
    'GET /api/itineraries/r1': () => Response.json(stored.find((route) => route.id === 'r1')),
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
      const parsed = new URL(url, 'http://localhost');
      requests.push(`${init?.method ?? 'GET'} ${url}`);
      const handler = handlers[`${init?.method ?? 'GET'} ${parsed.pathname}`];
      return handler
        ? handler(init, parsed)
        : Response.json({ error: 'not found' }, { status: 404 });
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
    // Never shared: nothing to revoke.
    expect(within(second).queryByRole('button', { name: 'Revoke link' })).toBeNull();
    // What the cards show, a page at a time: not the routes' stops.
    expect(requests).toEqual([
      'GET /api/itineraries?summary=true&progress=true&limit=24&sort=newest',
    ]);
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
    stubApi({}, []);
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
    // The link is gone: nothing left to revoke until the route is shared again (the cards
    // follow the list in a render of their own).
    await waitFor(() =>
      expect(within(first).queryByRole('button', { name: 'Revoke link' })).toBeNull(),
    );
    fireEvent.click(within(first).getByRole('button', { name: 'Share' }));
    await screen.findByRole('dialog');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() =>
      expect(within(first).getByRole('button', { name: 'Revoke link' })).toBeTruthy(),
    );

    // Revoked elsewhere meanwhile: said so, and the card has nothing to revoke either.
    handlers['DELETE /api/itineraries/r1/share'] = () =>
      Response.json({ error: 'No active share link' }, { status: 404 });
    fireEvent.click(within(first).getByRole('button', { name: 'Revoke link' }));
    fireEvent.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Revoke' }),
    );
    expect(await screen.findByText('This route has no active share link.')).toBeTruthy();
    await waitFor(() =>
      expect(within(first).queryByRole('button', { name: 'Revoke link' })).toBeNull(),
    );
  });

  it('asks the server for the routes of a search (once typing pauses) and in the order chosen', async () => {
    stubApi();
    renderDashboard();
    await screen.findByRole('article', { name: 'Paris to Lyon' });
    const titles = () =>
      screen.getAllByRole('article').map((article) => article.querySelector('h2, h3')?.textContent);
    expect(titles()).toEqual(['Trip to Dijon', 'Paris to Lyon']);
    expect(requests).toEqual([
      'GET /api/itineraries?summary=true&progress=true&limit=24&sort=newest',
    ]);

    fireEvent.change(screen.getByRole('combobox', { name: 'Sort by' }), {
      target: { value: 'oldest' },
    });
    await waitFor(() => expect(titles()).toEqual(['Paris to Lyon', 'Trip to Dijon']));
    expect(requests.at(-1)).toBe(
      'GET /api/itineraries?summary=true&progress=true&limit=24&sort=oldest',
    );

    const search = screen.getByRole('searchbox', { name: 'Search my routes' });
    fireEvent.change(search, { target: { value: 'L' } });
    fireEvent.change(search, { target: { value: 'LYON' } });
    await waitFor(() => expect(titles()).toEqual(['Paris to Lyon']));
    expect(screen.getByText('1 route found')).toBeTruthy();
    // Typing asked once, with the words typed when it paused.
    expect(requests.filter((request) => request.includes('q='))).toEqual([
      'GET /api/itineraries?summary=true&progress=true&limit=24&sort=oldest&q=LYON',
    ]);
    fireEvent.change(search, { target: { value: 'Marseille' } });
    expect(await screen.findByText('No route matches your search.')).toBeTruthy();
    await waitFor(() => expect(screen.queryAllByRole('article')).toEqual([]));
    expect(screen.getByRole('searchbox', { name: 'Search my routes' })).toBeTruthy();
  });

  it('shows a page of cards, and the next one on “Show more routes”', async () => {
    const many: Route[] = Array.from({ length: 30 }, (_, index) => ({
      id: `m${index}`,
      title: `Round ${index}`,
      stops: [{ name: 'Depot', lat: 48.85, lng: 2.35 }],
      created_at: new Date(Date.UTC(2025, 0, 1 + index)).toISOString(),
    }));
    stubApi({}, many);
    renderDashboard();
    await screen.findByRole('article', { name: 'Round 29' });
    // The first cards in a frame of their own, then the rest of the page.
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(24));
    fireEvent.click(screen.getByRole('button', { name: 'Show more routes' }));
    await screen.findByRole('article', { name: 'Round 0' });
    expect(screen.getAllByRole('article')).toHaveLength(30);
    expect(screen.queryByRole('button', { name: 'Show more routes' })).toBeNull();
    expect(requests.at(-1)).toBe(
      'GET /api/itineraries?summary=true&progress=true&limit=24&sort=newest&cursor=24',
    );
  });

  it('keeps the cards and offers to try again when the next page fails', async () => {
    const many: Route[] = Array.from({ length: 25 }, (_, index) => ({
      id: `m${index}`,
      title: `Round ${index}`,
      stops: [],
      created_at: new Date(Date.UTC(2025, 0, 1 + index)).toISOString(),
    }));
    stubApi({}, many);
    renderDashboard();
    await screen.findByRole('article', { name: 'Round 24' });
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(24));
    const answer = handlers['GET /api/itineraries'];
    handlers['GET /api/itineraries'] = () => Response.json({ error: 'down' }, { status: 503 });
    fireEvent.click(screen.getByRole('button', { name: 'Show more routes' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Could not load more routes.');
    expect(screen.getAllByRole('article')).toHaveLength(24);
    handlers['GET /api/itineraries'] = answer;
    fireEvent.click(screen.getByRole('button', { name: 'Show more routes' }));
    await screen.findByRole('article', { name: 'Round 0' });
    expect(screen.queryByRole('alert')).toBeNull();
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
    stubApi(
      {
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
      },
      [driven, routes[1]],
    );
    renderDashboard();
    const first = await screen.findByRole('article', { name: 'Paris to Lyon' });
    fireEvent.click(within(first).getByRole('button', { name: 'Duplicate' }));
    expect(await screen.findByText('Copy saved: Paris to Lyon (copy)')).toBeTruthy();
    // The card has no stops: the route is read when it is duplicated.
    expect(requests).toContain('GET /api/itineraries/r1');
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
    stubApi({}, [
      driver('p1', 1, 'Europe/Paris'),
      driver('p2', 2, 'Europe/Paris'),
      // A plan without a zone: the device's, as in the planner.
      driver('d1', 3),
      driver('d2', 4),
    ]);
    renderDashboard();
    const days = await screen.findAllByRole('region', { name: 'One day, 2 drivers' });
    const day = (driver: string) => days.find((group) => within(group).queryByText(driver))!;
    const [paris, device] = [day('Monday — Driver 1'), day('Monday — Driver 3')];
    expect(within(paris).getByText(/^Departs /).textContent).toBe('Departs Mon, Mar 4, 8:00 AM');
    expect(within(device).getByText(/^Departs /).textContent).toBe('Departs Mon, Mar 4, 2:00 AM');
  });

  it('shows a route’s progress once its driver has reported, with a link to its live board', async () => {
    stubApi({}, [
      {
        ...routes[0],
        progress: {
          delivered: 1,
          failed: 1,
          skipped: 0,
          toDo: 1,
          total: 3,
          delayMinutes: 25,
          lastReportAt: '2030-03-04T09:25:00Z',
        },
      },
      { ...routes[1], progress: null },
    ]);
    renderDashboard();
    const first = await screen.findByRole('article', { name: 'Paris to Lyon' });
    expect((await within(first).findByTestId('progress-line')).textContent).toBe(
      '1/3 delivered · 1 failed · running 25m late',
    );
    expect(
      within(first).getByRole('link', { name: 'Live board: Paris to Lyon' }).getAttribute('href'),
    ).toBe('/board/route/r1');
    // A route nobody reported on has no line.
    expect(within(card('Trip to Dijon')).queryByTestId('progress-line')).toBeNull();
    // The progress came with the page: one request for it all.
    expect(requests).toEqual([
      'GET /api/itineraries?summary=true&progress=true&limit=24&sort=newest',
    ]);
  });

  it('sends a route to its driver: a link made on request, shown as a QR code, revoked', async () => {
    stubApi({
      'POST /api/itineraries/r1/driver-link': () =>
        Response.json({ driverUrl: 'http://localhost/drive/drv-1' }, { status: 201 }),
      'DELETE /api/itineraries/r1/driver-link': () => new Response(null, { status: 204 }),
    });
    renderDashboard();
    const first = await screen.findByRole('article', { name: 'Paris to Lyon' });
    fireEvent.click(within(first).getByRole('button', { name: 'Send to driver' }));
    // The dialog's code loads when it is first opened (a dialog of the same name says so).
    // Opening it only reads the active link: a new one would stop the link the driver has.
    const create = await screen.findByRole('button', { name: 'Create the driver link' });
    const dialog = screen.getByRole('dialog', { name: 'Send to driver' });
    fireEvent.click(create);
    const link = await within(dialog).findByRole('textbox', {
      name: 'Driver link of Paris to Lyon',
    });
    expect((link as HTMLInputElement).value).toBe('http://localhost/drive/drv-1');
    expect(
      await within(dialog).findByRole('img', {
        name: 'QR code of the driver link of Paris to Lyon',
      }),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect(await within(dialog).findByText(/^Link revoked/)).toBeTruthy();
    expect(requests.filter((request) => request.includes('driver-link'))).toEqual([
      'GET /api/itineraries/r1/driver-link',
      'POST /api/itineraries/r1/driver-link',
      'DELETE /api/itineraries/r1/driver-link',
    ]);
  });
});
