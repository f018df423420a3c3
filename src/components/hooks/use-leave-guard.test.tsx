import { act, fireEvent, screen } from '@testing-library/react';
import { Link } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { useLeaveGuard } from './use-leave-guard';

vi.mock('@/config/env', () => ({ env: { apiUrl: '/api' } }));
vi.mock('@/lib/supabase', () => ({ supabase: { auth: {} }, getAccessToken: async () => null }));

let guard: ReturnType<typeof useLeaveGuard>;
function Page({ dirty }: { dirty: boolean }) {
  guard = useLeaveGuard(dirty);
  return (
    <>
      <Link to="/dashboard">My Routes</Link>
      <a href="https://example.com/elsewhere">Elsewhere</a>
      <a href="/help" target="_blank">
        Help
      </a>
    </>
  );
}

const render = (dirty: boolean) =>
  renderWithProviders(<Page dirty={dirty} />, {
    path: '/edit-route/r1',
    route: '/edit-route/:id',
    routes: [{ path: '/dashboard', element: <p>Dashboard</p> }],
  }).router;

describe('use-leave-guard', () => {
  it('holds a link of the app back while there are unsaved edits, until the user answers', async () => {
    const router = render(true);
    fireEvent.click(screen.getByRole('link', { name: 'My Routes' }));
    expect(router.state.location.pathname).toBe('/edit-route/r1');
    expect(guard.pending).toBe('/dashboard');
    act(() => guard.stay());
    expect(guard.pending).toBeNull();
    expect(router.state.location.pathname).toBe('/edit-route/r1');

    fireEvent.click(screen.getByRole('link', { name: 'My Routes' }));
    await act(async () => guard.leave());
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('lets other sites, new tabs and modified clicks through, and everything when nothing is unsaved', () => {
    render(true);
    fireEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
    fireEvent.click(screen.getByRole('link', { name: 'Help' }));
    fireEvent.click(screen.getByRole('link', { name: 'My Routes' }), { ctrlKey: true });
    expect(guard.pending).toBeNull();
  });

  it('asks the browser before the tab closes, only while there are unsaved edits', () => {
    render(true);
    const event = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
  });

  it('does nothing without unsaved edits', () => {
    const router = render(false);
    const event = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(false);
    fireEvent.click(screen.getByRole('link', { name: 'My Routes' }));
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});
