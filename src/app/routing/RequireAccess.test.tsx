import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { IdentityContext, type IdentityState } from '@/lib/auth';
import { identityStub } from '@/test/identity-stub';
import { RequireAccess } from './RequireAccess';

// The guard reads the identity from context only; the real client needs a configured env.
vi.mock('@/lib/supabase', () => ({ supabase: {}, getAccessToken: async () => null }));

function LoginProbe() {
  const location = useLocation();
  return <p>login page {location.search}</p>;
}

function renderAt(path: string, identity: IdentityState) {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <LoginProbe /> },
      {
        element: <RequireAccess access="protected" />,
        children: [{ path: '/dashboard', element: <h1>My Routes</h1> }],
      },
      {
        element: <RequireAccess access="auth-settled" />,
        children: [{ path: '/plan', element: <h1>Planner</h1> }],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <IdentityContext.Provider value={identityStub(identity)}>
      <RouterProvider router={router} />
    </IdentityContext.Provider>,
  );
  return router;
}

describe('<RequireAccess>', () => {
  it('redirects an anonymous visitor from a protected page to /login?returnTo=<path>', async () => {
    const router = renderAt('/dashboard?sort=new', { status: 'anonymous' });
    expect(await screen.findByText(/login page/)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(new URLSearchParams(router.state.location.search).get('returnTo')).toBe(
      '/dashboard?sort=new',
    );
    expect(screen.queryByRole('heading', { name: 'My Routes' })).toBeNull();
  });

  it('lets a guest into a protected page', async () => {
    const router = renderAt('/dashboard', { status: 'guest' });
    expect(await screen.findByRole('heading', { name: 'My Routes' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('lets a signed-in user into a protected page', async () => {
    renderAt('/dashboard', { status: 'signed-in', user: { id: 'u1', email: 'a@b.co' } });
    expect(await screen.findByRole('heading', { name: 'My Routes' })).toBeTruthy();
  });

  it('shows a loading state, not the page or a redirect, while the identity loads', async () => {
    const router = renderAt('/plan', { status: 'loading' });
    expect(await screen.findByRole('status')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Loading...');
    expect(screen.queryByRole('heading', { name: 'Planner' })).toBeNull();
    await act(async () => undefined);
    expect(router.state.location.pathname).toBe('/plan');
  });

  it('renders /plan for an anonymous visitor once the identity is known', async () => {
    renderAt('/plan', { status: 'anonymous' });
    expect(await screen.findByRole('heading', { name: 'Planner' })).toBeTruthy();
  });
});
