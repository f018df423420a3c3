import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, MemoryRouter, RouterProvider } from 'react-router-dom';
import { useIdentity, type IdentityContextValue } from './identity-context';
import { IdentityProvider } from './IdentityProvider';
import { GUEST_MODE_KEY } from './identity';
import { registerAccountCache } from '@/lib/account-caches';

type AuthListener = (
  event: string,
  session: { user: { id: string; email?: string } } | null,
) => void;

const auth = vi.hoisted(() => ({
  listeners: [] as AuthListener[],
  getSession: vi.fn(),
  getUser: vi.fn(),
  signOut: vi.fn(),
  signInWithPassword: vi.fn(),
  signUp: vi.fn(),
  signInWithIdToken: vi.fn(),
  onAuthStateChange: vi.fn(),
}));

const stored = vi.hoisted(() => ({
  authState: false,
  sessionUser: null as { id: string; email?: string } | null,
  redirect: false,
  forgotten: false,
  /** When the stored session's token needs the client (authClientNeededIn): 0, at once. */
  neededIn: 0,
}));
const loadSupabase = vi.hoisted(() => vi.fn());
const starter = vi.hoisted(() => ({ current: null as (() => Promise<unknown>) | null }));
vi.mock('@/lib/supabase', () => ({
  loadSupabase,
  hasStoredAuthState: () => stored.authState || stored.redirect,
  storedSessionUser: () => stored.sessionUser,
  authRedirectInUrl: () => stored.redirect,
  forgetStoredSession: () => {
    stored.forgotten = true;
  },
  isSessionStorageKey: (key: string | null) => key === 'sb-test-auth-token',
  sessionStorageKey: () => 'sb-test-auth-token',
  authClientNeededNow: () =>
    stored.redirect ? 0 : stored.authState || stored.sessionUser ? stored.neededIn : null,
  setAuthClientStarter: (start: (() => Promise<unknown>) | null) => {
    starter.current = start;
  },
  getAccessToken: async () => null,
}));

/** supabase-js's guards, as the lazily loaded module provides them. */
const isAuthError = (error: unknown) =>
  typeof error === 'object' && error !== null && '__isAuthError' in error;
const isAuthRetryableFetchError = (error: unknown) =>
  isAuthError(error) && (error as unknown as Error).name === 'AuthRetryableFetchError';

/** A session kept on this device by supabase-js. */
function storeSession() {
  stored.authState = true;
  stored.sessionUser = user;
  auth.getSession.mockResolvedValue({ data: { session }, error: null });
}

const user = { id: 'user-1', email: 'driver@example.com' };
const session = { access_token: 'jwt', user };

let current: IdentityContextValue;
let unregisterCache = () => {};
function Probe() {
  current = useIdentity();
  const { identity } = current;
  return (
    <p data-testid="identity">
      {identity.status === 'signed-in' ? `signed-in:${identity.user.email}` : identity.status}
    </p>
  );
}

function renderProvider() {
  const queryClient = new QueryClient();
  unregisterCache = registerAccountCache(() => queryClient.clear());
  const router = createMemoryRouter(
    [
      {
        element: (
          <IdentityProvider>
            <Probe />
          </IdentityProvider>
        ),
        children: [],
        path: '*',
      },
    ],
    { initialEntries: ['/login'] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, queryClient };
}

const status = () => screen.getByTestId('identity').textContent;

describe('IdentityProvider', () => {
  beforeEach(() => {
    localStorage.clear();
    stored.authState = false;
    stored.sessionUser = null;
    stored.redirect = false;
    stored.forgotten = false;
    stored.neededIn = 0;
    loadSupabase.mockResolvedValue({ client: { auth }, isAuthError, isAuthRetryableFetchError });
    auth.listeners = [];
    auth.onAuthStateChange.mockImplementation((listener: AuthListener) => {
      auth.listeners.push(listener);
      return { data: { subscription: { unsubscribe: vi.fn() } } };
    });
    auth.getSession.mockResolvedValue({ data: { session: null }, error: null });
    auth.getUser.mockResolvedValue({ data: { user }, error: null });
    auth.signOut.mockResolvedValue({ error: null });
  });
  afterEach(() => {
    cleanup();
    unregisterCache();
    vi.clearAllMocks();
  });

  it('is anonymous at once without a stored session or guest flag, and does not load supabase-js', async () => {
    renderProvider();
    expect(status()).toBe('anonymous');
    await act(async () => {});
    expect(loadSupabase).not.toHaveBeenCalled();
    expect(auth.getUser).not.toHaveBeenCalled();
  });

  it('restores the guest flag at once', () => {
    localStorage.setItem(GUEST_MODE_KEY, 'true');
    renderProvider();
    expect(status()).toBe('guest');
    expect(loadSupabase).not.toHaveBeenCalled();
  });

  it('with a stored session whose token needs refreshing: its user at once, while supabase-js loads and the server checks it', async () => {
    storeSession();
    let answer: (value: unknown) => void = () => {};
    auth.getUser.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    renderProvider();
    expect(status()).toBe('signed-in:driver@example.com');
    await waitFor(() => expect(auth.getUser).toHaveBeenCalled());
    expect(loadSupabase).toHaveBeenCalled();
    await act(async () => answer({ data: { user }, error: null }));
    expect(status()).toBe('signed-in:driver@example.com');
    expect(auth.signOut).not.toHaveBeenCalled();
  });

  it('with a stored, unexpired token: its user without supabase-js, which loads as the token nears its end', async () => {
    storeSession();
    stored.neededIn = 50;
    renderProvider();
    expect(status()).toBe('signed-in:driver@example.com');
    await act(async () => {});
    expect(loadSupabase).not.toHaveBeenCalled();
    await waitFor(() => expect(auth.getUser).toHaveBeenCalledTimes(1));
    expect(status()).toBe('signed-in:driver@example.com');
  });

  it('a request whose token the API refused starts supabase-js here: a session ended elsewhere signs out', async () => {
    storeSession();
    stored.neededIn = 60_000;
    auth.getUser.mockResolvedValue({
      data: { user: null },
      error: Object.assign(new Error('Session not found'), {
        __isAuthError: true,
        name: 'AuthApiError',
        status: 403,
      }),
    });
    renderProvider();
    await act(async () => {});
    expect(loadSupabase).not.toHaveBeenCalled();
    await act(async () => {
      await starter.current?.();
    });
    expect(auth.signOut).toHaveBeenCalledWith({ scope: 'local' });
    expect(status()).toBe('anonymous');
  });

  it('a refresh made in another tab needs no supabase-js here; a sign-out there does', async () => {
    storeSession();
    stored.neededIn = 60_000;
    renderProvider();
    const before = JSON.stringify({ access_token: 'a', expires_at: 1, user });
    const after = JSON.stringify({ access_token: 'b', expires_at: 2, user });
    await act(async () => {
      window.dispatchEvent(
        new StorageEvent('storage', {
          key: 'sb-test-auth-token',
          oldValue: before,
          newValue: after,
        }),
      );
    });
    expect(loadSupabase).not.toHaveBeenCalled();
    auth.getSession.mockResolvedValue({ data: { session: null }, error: null });
    await act(async () => {
      window.dispatchEvent(
        new StorageEvent('storage', { key: 'sb-test-auth-token', oldValue: after, newValue: null }),
      );
    });
    await waitFor(() => expect(status()).toBe('anonymous'));
  });

  it('hydrating a page rendered at build time: anonymous as the HTML, then the stored session’s user, without a mismatch', async () => {
    const tree = (
      <MemoryRouter>
        <IdentityProvider>
          <Probe />
        </IdentityProvider>
      </MemoryRouter>
    );
    const container = document.createElement('div');
    container.innerHTML = renderToString(tree);
    expect(container.textContent).toBe('anonymous');
    document.body.append(container);
    storeSession();
    auth.getUser.mockResolvedValue({ data: { user }, error: null });
    const mismatches: unknown[] = [];
    const root = await act(async () =>
      hydrateRoot(container, tree, { onRecoverableError: (error) => mismatches.push(error) }),
    );
    await waitFor(() => expect(container.textContent).toBe('signed-in:driver@example.com'));
    expect(mismatches).toEqual([]);
    act(() => root.unmount());
    container.remove();
  });

  it('with an auth redirect in the address: loading until supabase-js has read its session', async () => {
    storeSession();
    stored.redirect = true;
    auth.getSession.mockResolvedValue({ data: { session }, error: null });
    let answer: (value: unknown) => void = () => {};
    auth.getUser.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    renderProvider();
    expect(status()).toBe('loading');
    await waitFor(() => expect(auth.getUser).toHaveBeenCalled());
    expect(status()).toBe('loading');
    await act(async () => answer({ data: { user }, error: null }));
    expect(status()).toBe('signed-in:driver@example.com');
  });

  it('follows a sign-in made in another tab before this one loaded supabase-js', async () => {
    renderProvider();
    expect(status()).toBe('anonymous');
    auth.getSession.mockResolvedValue({ data: { session }, error: null });
    await act(async () => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'sb-test-auth-token' }));
    });
    await waitFor(() => expect(status()).toBe('signed-in:driver@example.com'));
  });

  it('signs out without supabase-js when no session was ever loaded', async () => {
    localStorage.setItem(GUEST_MODE_KEY, 'true');
    renderProvider();
    await act(() => current.signOut());
    expect(status()).toBe('anonymous');
    expect(localStorage.getItem(GUEST_MODE_KEY)).toBeNull();
    expect(loadSupabase).not.toHaveBeenCalled();
  });

  it('validates a stored session with the server at start', async () => {
    storeSession();
    renderProvider();
    await waitFor(() => expect(status()).toBe('signed-in:driver@example.com'));
    expect(auth.getUser).toHaveBeenCalledTimes(1);
    expect(auth.signOut).not.toHaveBeenCalled();
  });

  it('removes a session the server rejects, and keeps its account’s data until another account signs in', async () => {
    storeSession();
    const rejected = {
      data: { user: null },
      error: Object.assign(new Error('invalid JWT'), {
        __isAuthError: true,
        name: 'AuthApiError',
        status: 401,
      }),
    };
    auth.getUser.mockResolvedValue(rejected);
    const { queryClient } = renderProvider();
    // Shown as the stored user until the server has judged the session…
    expect(status()).toBe('signed-in:driver@example.com');
    queryClient.setQueryData(['itineraries', 'list'], [{ id: 'r1' }]);
    // …then anonymous. Nobody signed out: what the device keeps for that account (the drafts of
    // unsaved edits among it) stays while the same account signs in again…
    await waitFor(() => expect(status()).toBe('anonymous'));
    expect(auth.signOut).toHaveBeenCalledWith({ scope: 'local' });
    expect(queryClient.getQueryData(['itineraries', 'list'])).toEqual([{ id: 'r1' }]);
    auth.signInWithPassword.mockResolvedValue({ data: { user, session }, error: null });
    await act(() => current.signIn('driver@example.com', 'secret1'));
    expect(queryClient.getQueryData(['itineraries', 'list'])).toEqual([{ id: 'r1' }]);
    // …and goes when another account does.
    const other = { id: 'user-2', email: 'other@example.com' };
    auth.signInWithPassword.mockResolvedValue({
      data: { user: other, session: { ...session, user: other } },
      error: null,
    });
    await act(() => current.signIn('other@example.com', 'secret1'));
    expect(status()).toBe('signed-in:other@example.com');
    expect(queryClient.getQueryData(['itineraries', 'list'])).toBeUndefined();
  });

  it('signs out during the start-up check: the account’s data leaves the device', async () => {
    storeSession();
    let answer: (value: unknown) => void = () => {};
    auth.getUser.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const { queryClient } = renderProvider();
    queryClient.setQueryData(['itineraries', 'list'], [{ id: 'r1' }]);
    await waitFor(() => expect(auth.getUser).toHaveBeenCalled());
    const signingOut = current.signOut();
    await act(async () => answer({ data: { user }, error: null }));
    await act(() => signingOut);
    expect(status()).toBe('anonymous');
    expect(queryClient.getQueryData(['itineraries', 'list'])).toBeUndefined();
  });

  it('signs out when the authentication client cannot load: the stored session is removed', async () => {
    storeSession();
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    loadSupabase.mockRejectedValue(new Error('Failed to fetch dynamically imported module'));
    renderProvider();
    expect(status()).toBe('signed-in:driver@example.com');
    await act(() => current.signOut());
    expect(stored.forgotten).toBe(true);
    expect(status()).toBe('anonymous');
    quiet.mockRestore();
  });

  it('tries the authentication client again on the next need when it could not load', async () => {
    storeSession();
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    loadSupabase.mockRejectedValueOnce(new Error('Failed to fetch dynamically imported module'));
    renderProvider();
    await waitFor(() => expect(loadSupabase).toHaveBeenCalledTimes(1));
    expect(status()).toBe('signed-in:driver@example.com');
    await act(async () => {
      await starter.current?.();
    });
    expect(loadSupabase).toHaveBeenCalledTimes(2);
    expect(auth.getUser).toHaveBeenCalledTimes(1);
    quiet.mockRestore();
  });

  it('keeps a stored session when the server cannot be reached to validate it', async () => {
    storeSession();
    auth.getUser.mockResolvedValue({
      data: { user: null },
      error: Object.assign(new Error('Failed to fetch'), {
        __isAuthError: true,
        name: 'AuthRetryableFetchError',
        status: 0,
      }),
    });
    renderProvider();
    await waitFor(() => expect(status()).toBe('signed-in:driver@example.com'));
    expect(auth.signOut).not.toHaveBeenCalled();
  });

  it('signs in with email and password without clearing the guest flag', async () => {
    localStorage.setItem(GUEST_MODE_KEY, 'true');
    auth.signInWithPassword.mockResolvedValue({ data: { user, session }, error: null });
    renderProvider();
    await waitFor(() => expect(status()).toBe('guest'));

    await act(() => current.signIn('driver@example.com', 'secret1'));
    expect(auth.signInWithPassword).toHaveBeenCalledWith({
      email: 'driver@example.com',
      password: 'secret1',
    });
    expect(status()).toBe('signed-in:driver@example.com');
    expect(localStorage.getItem(GUEST_MODE_KEY)).toBe('true');
  });

  it('signs in with a Google ID token through Supabase Auth and clears the guest flag', async () => {
    localStorage.setItem(GUEST_MODE_KEY, 'true');
    auth.signInWithIdToken.mockResolvedValue({ data: { user, session }, error: null });
    renderProvider();
    await waitFor(() => expect(status()).toBe('guest'));

    await act(() => current.signInWithGoogle('google-id-token'));
    expect(auth.signInWithIdToken).toHaveBeenCalledWith({
      provider: 'google',
      token: 'google-id-token',
    });
    expect(status()).toBe('signed-in:driver@example.com');
    expect(localStorage.getItem(GUEST_MODE_KEY)).toBeNull();
  });

  it("refuses a missing Google credential, and passes on the server's refusal", async () => {
    auth.signInWithIdToken.mockResolvedValue({
      data: { user: null, session: null },
      error: Object.assign(new Error('Bad ID token'), {
        __isAuthError: true,
        name: 'AuthApiError',
        status: 400,
      }),
    });
    renderProvider();
    await waitFor(() => expect(status()).toBe('anonymous'));
    await expect(current.signInWithGoogle(undefined)).rejects.toMatchObject({
      name: 'AuthFailure',
      serverMessage: undefined,
    });
    expect(auth.signInWithIdToken).not.toHaveBeenCalled();
    await expect(current.signInWithGoogle('token')).rejects.toMatchObject({
      name: 'AuthFailure',
      serverMessage: 'Bad ID token',
    });
    expect(status()).toBe('anonymous');
  });

  it("rejects a refused sign-in with the server's message", async () => {
    auth.signInWithPassword.mockResolvedValue({
      data: { user: null, session: null },
      error: Object.assign(new Error('Invalid login credentials'), {
        __isAuthError: true,
        name: 'AuthApiError',
        status: 400,
      }),
    });
    renderProvider();
    await waitFor(() => expect(status()).toBe('anonymous'));
    await expect(current.signIn('a@b.co', 'wrong1')).rejects.toMatchObject({
      name: 'AuthFailure',
      serverMessage: 'Invalid login credentials',
    });
    expect(status()).toBe('anonymous');
  });

  it('reports a sign-up without a session as confirmation required', async () => {
    auth.signUp.mockResolvedValue({ data: { user, session: null }, error: null });
    renderProvider();
    await waitFor(() => expect(status()).toBe('anonymous'));
    await expect(current.signUp('driver@example.com', 'secret1')).resolves.toEqual({
      confirmationRequired: true,
    });
    expect(status()).toBe('anonymous');
  });

  it('signs in directly when sign-up returns a session', async () => {
    auth.signUp.mockResolvedValue({ data: { user, session }, error: null });
    renderProvider();
    await waitFor(() => expect(status()).toBe('anonymous'));
    let result: unknown;
    await act(async () => {
      result = await current.signUp('driver@example.com', 'secret1');
    });
    expect(result).toEqual({ confirmationRequired: false });
    expect(status()).toBe('signed-in:driver@example.com');
  });

  it('continues as guest: sets guestMode and goes to /plan', async () => {
    const { router } = renderProvider();
    await waitFor(() => expect(status()).toBe('anonymous'));
    act(() => current.continueAsGuest());
    expect(localStorage.getItem(GUEST_MODE_KEY)).toBe('true');
    expect(status()).toBe('guest');
    expect(router.state.location.pathname).toBe('/plan');
  });

  it('signs out: ends the session, clears the guest flag and the cached data', async () => {
    localStorage.setItem(GUEST_MODE_KEY, 'true');
    storeSession();
    const { queryClient } = renderProvider();
    await waitFor(() => expect(status()).toBe('signed-in:driver@example.com'));
    queryClient.setQueryData(['itineraries', 'list'], [{ id: 'r1' }]);

    await act(() => current.signOut());
    expect(auth.signOut).toHaveBeenCalledWith({ scope: 'local' });
    expect(localStorage.getItem(GUEST_MODE_KEY)).toBeNull();
    expect(status()).toBe('anonymous');
    expect(queryClient.getQueryData(['itineraries', 'list'])).toBeUndefined();
  });

  it('follows auth events after start-up (e.g. a session ended in another tab)', async () => {
    storeSession();
    renderProvider();
    await waitFor(() => expect(status()).toBe('signed-in:driver@example.com'));
    act(() => auth.listeners.forEach((listener) => listener('SIGNED_OUT', null)));
    expect(status()).toBe('anonymous');
  });
});
