import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { SaveToMyRoutes } from './SaveToMyRoutes';

vi.mock('@/config/env', () => ({ env: { apiUrl: '/api' } }));
vi.mock('@/lib/supabase', () => ({ supabase: { auth: {} }, getAccessToken: async () => 'jwt' }));

/** Async outcomes get time on a busy machine (Testing Library's default is 1 s). */
const SLOW = { timeout: 10_000 };

const shared = {
  title: 'Saturday market',
  stops: [
    { name: 'Paris', lat: 48.85, lng: 2.35, note: 'Gate code 1234', status: 'done' as const },
    { name: 'Lyon', lat: 45.76, lng: 4.84, status: 'skipped' as const },
  ],
};
const signedIn = { status: 'signed-in', user: { id: 'u1', email: 'a@b.co' } } as const;

let posts: { body: unknown; key: string | null }[];
function stubApi(answer: () => Response) {
  posts = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/itineraries' && init?.method === 'POST') {
        posts.push({
          body: JSON.parse(String(init.body)),
          key: new Headers(init.headers).get('idempotency-key'),
        });
        return answer();
      }
      return Response.json({ error: 'not found' }, { status: 404 });
    }),
  );
}

const created = () =>
  Response.json(
    {
      id: 'copy-1',
      title: 'Saturday market',
      stops: [],
      total_distance: 0,
      total_duration: 0,
      created_at: '2025-03-06T10:00:00Z',
      updated_at: '2025-03-06T10:00:00Z',
    },
    { status: 201 },
  );

describe('SaveToMyRoutes', () => {
  beforeEach(() => {
    sessionStorage.clear();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('saves a copy in the account (title, stops and the notes shown, nothing done), once', async () => {
    stubApi(created);
    renderWithProviders(<SaveToMyRoutes route={shared} />, { identity: signedIn });
    fireEvent.click(screen.getByRole('button', { name: 'Save to my routes' }));
    expect((await screen.findByRole('status', undefined, SLOW)).textContent).toContain(
      'A copy is in your routes.',
    );
    expect(screen.getByRole('link', { name: 'Open your copy' }).getAttribute('href')).toBe(
      '/edit-route/copy-1',
    );
    expect(posts).toEqual([
      {
        body: {
          title: 'Saturday market',
          stops: [
            { name: 'Paris', lat: 48.85, lng: 2.35, note: 'Gate code 1234' },
            { name: 'Lyon', lat: 45.76, lng: 4.84 },
          ],
        },
        key: expect.stringMatching(/^"[0-9a-f-]{36}"$/),
      },
    ]);
    // Saved: the button is gone, so a second copy takes a deliberate new visit.
    expect(screen.queryByRole('button', { name: 'Save to my routes' })).toBeNull();
  });

  it('says when the copy could not be saved, and a retry sends the same key', async () => {
    stubApi(() => Response.json({ error: 'down' }, { status: 503 }));
    renderWithProviders(<SaveToMyRoutes route={shared} />, { identity: signedIn });
    fireEvent.click(screen.getByRole('button', { name: 'Save to my routes' }));
    expect((await screen.findByRole('alert', undefined, SLOW)).textContent).toBe(
      'Could not save a copy. Please try again.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save to my routes' }));
    await waitFor(() => expect(posts).toHaveLength(2), SLOW);
    expect(posts[1].key).toBe(posts[0].key);
  });

  it('a visitor without an account signs up with the copy waiting as the pending route', async () => {
    stubApi(created);
    const { router } = renderWithProviders(<SaveToMyRoutes route={shared} />, {
      route: '/share/:token',
      path: '/share/tok',
      routes: [{ path: '/register', element: <p>register</p> }],
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save to my routes' }));
    expect(await screen.findByText('register', undefined, SLOW)).toBeTruthy();
    expect(router.state.location.search).toBe('?returnTo=save');
    expect(JSON.parse(sessionStorage.getItem('pendingRoute')!)).toMatchObject({
      title: 'Saturday market',
      stops: [
        { name: 'Paris', lat: 48.85, lng: 2.35, note: 'Gate code 1234' },
        { name: 'Lyon', lat: 45.76, lng: 4.84 },
      ],
    });
    expect(posts).toEqual([]);
  });
});
