import { act, cleanup, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { IdentityState } from '@/lib/auth';
import { renderWithProviders } from '@/test/render';
import { useSaveRoute, useStartRoute } from './use-route-actions';

vi.mock('@/config/env', () => ({ env: { apiUrl: '/api' } }));
vi.mock('@/lib/supabase', () => ({
  supabase: { auth: {} },
  getAccessToken: async () => 'jwt',
  tokenRejected: () => undefined,
}));

const signedIn: IdentityState = { status: 'signed-in', user: { id: 'u1', email: 'a@b.co' } };
const paris = { name: 'Paris, Île-de-France, France', lat: 48.85, lng: 2.35 };
const lyon = { name: 'Lyon, Auvergne-Rhône-Alpes, France', lat: 45.76, lng: 4.84 };
const saved = (id: string, title: string) => ({
  id,
  title,
  stops: [paris, lyon],
  total_distance: 1,
  total_duration: 1,
  created_at: '2025-01-01T00:00:00Z',
});

let actions: { save: ReturnType<typeof useSaveRoute>; start: ReturnType<typeof useStartRoute> };
function Probe({ id, version }: { id?: string; version?: string }) {
  actions = { save: useSaveRoute(id, version), start: useStartRoute(id) };
  return null;
}

function renderActions(identity: IdentityState, id?: string, version?: string) {
  return renderWithProviders(<Probe id={id} version={version} />, { identity, path: '/plan' })
    .router;
}

function stubFetch(answer: (url: string, init?: RequestInit) => Response | Promise<Response>) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => answer(url, init));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('useSaveRoute', () => {
  beforeEach(() => {
    sessionStorage.clear();
    localStorage.clear();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('asks for at least one stop', async () => {
    const router = renderActions(signedIn);
    await act(() => actions.save.save({ title: '', stops: [] }));
    expect(actions.save.feedback).toEqual({ message: 'Please add at least one stop' });
    expect(router.state.location.pathname).toBe('/plan');
  });

  it('anonymous: keeps the route pending and goes to sign up', async () => {
    const router = renderActions({ status: 'anonymous' });
    await act(() => actions.save.save({ title: ' ', stops: [paris, lyon] }));
    expect(router.state.location.pathname + router.state.location.search).toBe(
      '/register?returnTo=save',
    );
    expect(JSON.parse(sessionStorage.getItem('pendingRoute')!)).toEqual({
      title: 'Paris to Lyon',
      stops: [paris, lyon],
    });
  });

  it('saves a new route, clears the draft, and tells My Routes to say so', async () => {
    localStorage.setItem('routeDraft', JSON.stringify({ title: '', stops: [paris, lyon] }));
    const fetchMock = stubFetch(() => Response.json(saved('n1', 'Paris to Lyon'), { status: 201 }));
    const router = renderActions(signedIn);
    await act(() => actions.save.save({ title: '', stops: [paris, lyon] }));
    expect(fetchMock.mock.calls[0][1]?.method).toBe('POST');
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(router.state.location.state).toEqual({ flash: 'saved' });
    expect(localStorage.getItem('routeDraft')).toBeNull();
  });

  it('updates an existing route and tells My Routes it was updated', async () => {
    const fetchMock = stubFetch(() => Response.json(saved('r7', 'Burgundy run')));
    const router = renderActions(signedIn, 'r7');
    await act(() => actions.save.save({ title: 'Burgundy run', stops: [paris, lyon] }));
    expect(fetchMock.mock.calls[0][0]).toBe('/api/itineraries/r7');
    expect(fetchMock.mock.calls[0][1]?.method).toBe('PUT');
    expect(router.state.location.state).toEqual({ flash: 'updated' });
  });

  it('updates only over the version the planner loaded (If-Match)', async () => {
    const fetchMock = stubFetch(() => Response.json(saved('r7', 'Burgundy run')));
    renderActions(signedIn, 'r7', '2026-11-22T10:00:00.123Z');
    await act(() => actions.save.save({ title: 'Burgundy run', stops: [paris, lyon] }));
    expect(new Headers(fetchMock.mock.calls[0][1]?.headers).get('If-Match')).toBe(
      '"2026-11-22T10:00:00.123Z"',
    );
  });

  it('a route changed elsewhere: no save, no message about failure, the conflict to resolve', async () => {
    const fetchMock = stubFetch(() =>
      Response.json(
        { error: 'This itinerary was changed elsewhere; load it again before saving' },
        { status: 412 },
      ),
    );
    const router = renderActions(signedIn, 'r7', '2026-11-22T10:00:00Z');
    await act(() => actions.save.save({ title: 'Burgundy run', stops: [paris, lyon] }));
    expect(actions.save.conflict).toBe(true);
    expect(actions.save.feedback).toBeNull();
    expect(router.state.location.pathname).toBe('/plan');

    // 'Save my version anyway': the same route, without If-Match, then on as a normal save.
    fetchMock.mockImplementation(async () => Response.json(saved('r7', 'Burgundy run')));
    await act(() => actions.save.saveAnyway({ title: 'Burgundy run', stops: [paris, lyon] }));
    const [url, init] = fetchMock.mock.calls[1];
    expect(url).toBe('/api/itineraries/r7');
    expect(init?.method).toBe('PUT');
    expect(new Headers(init?.headers).has('If-Match')).toBe(false);
    expect(actions.save.conflict).toBe(false);
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(router.state.location.state).toEqual({ flash: 'updated' });
  });

  it('clearConflict ends the conflict (the latest version was loaded)', async () => {
    stubFetch(() => Response.json({ error: 'changed' }, { status: 412 }));
    renderActions(signedIn, 'r7', '2026-11-22T10:00:00Z');
    await act(() => actions.save.save({ title: 'x', stops: [paris] }));
    expect(actions.save.conflict).toBe(true);
    act(() => actions.save.clearConflict());
    expect(actions.save.conflict).toBe(false);
  });

  it('an expired session: says so and keeps the route and the draft', async () => {
    const draft = JSON.stringify({ title: '', stops: [paris, lyon] });
    localStorage.setItem('routeDraft', draft);
    stubFetch(() => Response.json({ error: 'Invalid or expired token' }, { status: 401 }));
    const router = renderActions(signedIn);
    await act(() => actions.save.save({ title: '', stops: [paris, lyon] }));
    expect(actions.save.feedback).toEqual({
      message: 'Failed to save route',
      detail: 'Authentication failed. Please log in again.',
    });
    expect(router.state.location.pathname).toBe('/plan');
    expect(localStorage.getItem('routeDraft')).toBe(draft);
  });

  it("the API down: 'the connection was lost' under 'Failed to update route'", async () => {
    stubFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    renderActions(signedIn, 'r7');
    await act(() => actions.save.save({ title: 'x', stops: [paris] }));
    expect(actions.save.feedback).toEqual({
      message: 'Failed to update route',
      detail:
        'The connection was lost, so your changes may not be saved. Check your connection and try again.',
    });
  });

  it('sends an Idempotency-Key with a new route, the same one when the same route is tried again', async () => {
    let calls = 0;
    const fetchMock = stubFetch(() => {
      calls += 1;
      // The first answer is lost (the connection drops after the server saved the route).
      if (calls === 1) throw new TypeError('Failed to fetch');
      return Response.json(saved('n3', 'Paris to Lyon'), { status: 201 });
    });
    const router = renderActions(signedIn);
    await act(() => actions.save.save({ title: '', stops: [paris, lyon] }));
    expect(actions.save.feedback?.detail).toBe(
      'The connection was lost, so the route may not be saved. Try again: it will not be saved twice.',
    );
    expect(router.state.location.pathname).toBe('/plan');
    await act(() => actions.save.save({ title: '', stops: [paris, lyon] }));
    const keys = fetchMock.mock.calls.map(([, init]) =>
      new Headers(init?.headers).get('Idempotency-Key'),
    );
    expect(keys[0]).toMatch(/^"[0-9a-f-]{36}"$/);
    expect(keys[1]).toBe(keys[0]);
    expect(router.state.location.pathname).toBe('/dashboard');

    // Once the server has answered, another save of a route is a new attempt with a new key.
    await act(() => actions.save.save({ title: '', stops: [paris, lyon] }));
    const third = new Headers(fetchMock.mock.calls[2][1]?.headers).get('Idempotency-Key');
    expect(third).not.toBe(keys[0]);
  });

  it('a changed route after a failed attempt is a new attempt with a new key', async () => {
    const fetchMock = stubFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    renderActions(signedIn);
    await act(() => actions.save.save({ title: 'A', stops: [paris] }));
    await act(() => actions.save.save({ title: 'A', stops: [paris, lyon] }));
    const [first, second] = fetchMock.mock.calls.map(([, init]) =>
      new Headers(init?.headers).get('Idempotency-Key'),
    );
    expect(second).not.toBe(first);
  });

  it('a timeout never says the route was saved', async () => {
    vi.useFakeTimers();
    try {
      stubFetch(
        (_url, init) =>
          new Promise((_resolve, reject) =>
            init?.signal?.addEventListener('abort', () =>
              reject(new DOMException('aborted', 'AbortError')),
            ),
          ),
      );
      renderActions(signedIn);
      const saving = actions.save.save({ title: 'Slow', stops: [paris] });
      await act(() => vi.advanceTimersByTimeAsync(15_001));
      await act(() => saving);
      expect(actions.save.feedback).toEqual({
        message: 'Failed to save route',
        detail:
          'The server did not answer in time, so the route may not be saved. Try again: it will not be saved twice.',
      });
    } finally {
      vi.useRealTimers();
    }
  });

  it('a saved edit forgets the edit draft kept on the device', async () => {
    localStorage.setItem(
      'routeEditDraft:r7',
      JSON.stringify({ title: 'x', stops: [paris], baseVersion: 'v' }),
    );
    stubFetch(() => Response.json(saved('r7', 'x')));
    renderActions(signedIn, 'r7', 'v');
    await act(() => actions.save.save({ title: 'x', stops: [paris] }));
    expect(localStorage.getItem('routeEditDraft:r7')).toBeNull();
  });

  it('saveAndStart saves the edits, then opens the navigation page', async () => {
    stubFetch(() => Response.json(saved('r7', 'x')));
    const router = renderActions(signedIn, 'r7', 'v');
    await act(() => actions.save.saveAndStart({ title: 'x', stops: [paris] }));
    expect(router.state.location.pathname).toBe('/waze-route/r7');
  });
});

describe('useStartRoute', () => {
  beforeEach(() => {
    sessionStorage.clear();
    localStorage.clear();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('anonymous: keeps the route pending and goes to sign up with returnTo=waze', async () => {
    const router = renderActions({ status: 'guest' });
    await act(() => actions.start.start({ title: 'Run', stops: [paris] }));
    expect(router.state.location.pathname + router.state.location.search).toBe(
      '/register?returnTo=waze',
    );
    expect(JSON.parse(sessionStorage.getItem('pendingRoute')!).title).toBe('Run');
  });

  it('signed in: saves a new route and opens its navigation page; an existing one opens at once', async () => {
    const fetchMock = stubFetch(() => Response.json(saved('n2', 'Run'), { status: 201 }));
    const router = renderActions(signedIn);
    await act(() => actions.start.start({ title: 'Run', stops: [paris] }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/waze-route/n2'));
    cleanup();

    const existing = renderActions(signedIn, 'r9');
    await act(() => actions.start.start({ title: 'Run', stops: [paris] }));
    expect(existing.state.location.pathname).toBe('/waze-route/r9');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
