import { act, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClientProvider } from '@tanstack/react-query';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { renderWithProviders, testQueryClient } from '@/test/render';
import { usePlannerRoute } from './use-planner-route';
import { REMOVAL_UNDO_MS } from './use-removal-undo';

vi.mock('@/config/env', () => ({ env: { apiUrl: '/api' } }));
vi.mock('@/lib/supabase', () => ({ supabase: { auth: {} }, getAccessToken: async () => 'jwt' }));

const paris = { id: '00000000-0000-4000-8000-000000000001', name: 'Paris', lat: 48.85, lng: 2.35 };
const lyon = { id: '00000000-0000-4000-8000-000000000002', name: 'Lyon', lat: 45.76, lng: 4.84 };
const saved = {
  id: 'r1',
  title: 'Saved title',
  stops: [paris, lyon],
  total_distance: 1,
  total_duration: 1,
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-02T00:00:00.000Z',
};

let planner: ReturnType<typeof usePlannerRoute>;
function Probe({ id }: { id?: string }) {
  planner = usePlannerRoute(id);
  return null;
}

describe('use-planner-route', () => {
  beforeEach(() => {
    localStorage.clear();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json(saved)),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('hydrating the planner rendered at build time: no draft as the HTML, read-only, then the device’s draft', async () => {
    function Shown() {
      const { state, ready } = usePlannerRoute(undefined);
      return <p>{`${state.stops.length} stops, ${ready ? 'ready' : 'read-only'}`}</p>;
    }
    const tree = (
      <QueryClientProvider client={testQueryClient()}>
        <Shown />
      </QueryClientProvider>
    );
    const draft = JSON.stringify({ title: 'Kept', stops: [paris, lyon] });
    localStorage.setItem('routeDraft', draft);
    const container = document.createElement('div');
    container.innerHTML = renderToString(tree);
    expect(container.textContent).toBe('0 stops, read-only');
    const mismatches: unknown[] = [];
    const root = await act(async () =>
      hydrateRoot(container, tree, { onRecoverableError: (error) => mismatches.push(error) }),
    );
    await waitFor(() => expect(container.textContent).toBe('2 stops, ready'));
    expect(mismatches).toEqual([]);
    // The draft was never overwritten by the empty planner of the HTML.
    expect(JSON.parse(localStorage.getItem('routeDraft')!)).toMatchObject({ title: 'Kept' });
    act(() => root.unmount());
  });

  it('edit mode: read-only (loading) until the route is in, then neither dirty nor restored', async () => {
    renderWithProviders(<Probe id="r1" />, {
      identity: { status: 'signed-in', user: { id: 'u', email: 'a@b.c' } },
    });
    expect(planner.ready).toBe(false);
    expect(planner.loading).toBe(true);
    await waitFor(() => expect(planner.ready).toBe(true));
    expect(planner.state.title).toBe('Saved title');
    expect(planner.dirty).toBe(false);
    expect(planner.restored).toBe(false);
    expect(planner.loadedVersion).toBe(saved.updated_at);
  });

  it('edit mode keeps its own draft while the route differs from the saved one, and a reload restores it', async () => {
    const first = renderWithProviders(<Probe id="r1" />);
    await waitFor(() => expect(planner.ready).toBe(true));
    act(() => planner.dispatch({ type: 'renameTitle', title: 'Typed, not saved' }));
    expect(planner.dirty).toBe(true);
    await waitFor(() =>
      expect(JSON.parse(localStorage.getItem('routeEditDraft:r1')!)).toEqual({
        title: 'Typed, not saved',
        stops: [paris, lyon],
        baseVersion: saved.updated_at,
      }),
    );
    // The new-route draft is left alone.
    expect(localStorage.getItem('routeDraft')).toBeNull();
    first.unmount();

    renderWithProviders(<Probe id="r1" />);
    await waitFor(() => expect(planner.ready).toBe(true));
    expect(planner.state.title).toBe('Typed, not saved');
    expect(planner.restored).toBe(true);
    expect(planner.dirty).toBe(true);
    // Back to the saved content: nothing to keep any more.
    act(() => planner.dispatch({ type: 'renameTitle', title: 'Saved title' }));
    await waitFor(() => expect(localStorage.getItem('routeEditDraft:r1')).toBeNull());
  });

  it('Clear all: Undo brings the stops back, and the draft keeps them until the window has passed', async () => {
    vi.useFakeTimers();
    localStorage.setItem('routeDraft', JSON.stringify({ title: 'Day', stops: [paris, lyon] }));
    renderWithProviders(<Probe />);
    expect(planner.state.stops).toHaveLength(2);
    act(() => planner.clearAll());
    expect(planner.state.stops).toHaveLength(0);
    expect(planner.removal).toEqual({ kind: 'all', count: 2 });
    await act(() => vi.advanceTimersByTimeAsync(REMOVAL_UNDO_MS - 1000));
    // A reload now would still find the stops.
    expect(JSON.parse(localStorage.getItem('routeDraft')!).stops).toHaveLength(2);
    act(() => planner.undoRemoval());
    expect(planner.state.stops.map((stop) => stop.name)).toEqual(['Paris', 'Lyon']);
    expect(planner.removal).toBeNull();

    act(() => planner.clearAll());
    await act(() => vi.advanceTimersByTimeAsync(REMOVAL_UNDO_MS + 10));
    expect(planner.removal).toBeNull();
    expect(JSON.parse(localStorage.getItem('routeDraft')!)).toEqual({ title: 'Day', stops: [] });
  });

  it('a stop’s ×: Undo puts it back in its place, with its id and note', async () => {
    vi.useFakeTimers();
    localStorage.setItem(
      'routeDraft',
      JSON.stringify({ title: 'Day', stops: [paris, { ...lyon, note: 'Code 12' }, paris] }),
    );
    renderWithProviders(<Probe />);
    const before = planner.state.stops;
    act(() => planner.removeStop(1));
    expect(planner.state.stops.map((stop) => stop.name)).toEqual(['Paris', 'Paris']);
    expect(planner.removal).toEqual({ kind: 'stop', name: 'Lyon' });
    // A reload now would still find the stop.
    await act(() => vi.advanceTimersByTimeAsync(REMOVAL_UNDO_MS - 1000));
    expect(JSON.parse(localStorage.getItem('routeDraft')!).stops).toHaveLength(3);
    act(() => planner.undoRemoval());
    expect(planner.state.stops).toEqual(before);
    expect(planner.removal).toBeNull();
  });

  it('Clear all: another change ends the undo window at once', () => {
    localStorage.setItem('routeDraft', JSON.stringify({ title: '', stops: [paris] }));
    renderWithProviders(<Probe />);
    act(() => planner.clearAll());
    expect(planner.removal).toEqual({ kind: 'all', count: 1 });
    act(() => planner.dispatch({ type: 'add', stop: lyon }));
    expect(planner.removal).toBeNull();
    expect(JSON.parse(localStorage.getItem('routeDraft')!).stops).toEqual([lyon]);
  });

  it('edit mode: Clear all keeps the edit draft as it was until the window has passed', async () => {
    renderWithProviders(<Probe id="r1" />);
    await waitFor(() => expect(planner.ready).toBe(true));
    act(() => planner.dispatch({ type: 'renameTitle', title: 'Edited' }));
    await waitFor(() =>
      expect(JSON.parse(localStorage.getItem('routeEditDraft:r1')!).title).toBe('Edited'),
    );
    vi.useFakeTimers();
    act(() => planner.clearAll());
    expect(planner.state.stops).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(REMOVAL_UNDO_MS - 1000));
    // A reload now would restore the edits with their stops.
    expect(JSON.parse(localStorage.getItem('routeEditDraft:r1')!).stops).toEqual([paris, lyon]);
    await act(() => vi.advanceTimersByTimeAsync(1010));
    expect(planner.removal).toBeNull();
    expect(JSON.parse(localStorage.getItem('routeEditDraft:r1')!)).toMatchObject({
      title: 'Edited',
      stops: [],
    });
  });
});
