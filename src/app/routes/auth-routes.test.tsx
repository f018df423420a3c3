import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { identityStub } from '@/test/identity-stub';
import { renderWithProviders } from '@/test/render';
import type { GoogleIdConfiguration } from '@/features/auth/google/google-identity';
import { AuthFailure, type IdentityContextValue } from '@/lib/auth';
import { AWAITING_CONFIRMATION_KEY } from '@/features/auth/model/pending-route';
import LoginPage from './LoginRoute';
import RegisterPage from './RegisterRoute';

const env = vi.hoisted(() => ({ apiUrl: '/api', googleClientId: undefined as string | undefined }));
vi.mock('@/config/env', () => ({ env }));
vi.mock('@/lib/supabase', () => ({ supabase: { auth: {} }, getAccessToken: async () => 'jwt' }));

/** A fake Google Identity Services: `answerGoogle` plays Google calling back with a credential. */
const google = vi.hoisted(() => ({
  callback: undefined as ((response: { credential?: string }) => void) | undefined,
}));
vi.mock('@/features/auth/google/google-identity', () => ({
  loadGoogleIdentity: async () => ({
    initialize: (config: GoogleIdConfiguration) => {
      google.callback = config.callback;
    },
    renderButton: (parent: HTMLElement) => {
      const button = document.createElement('div');
      button.setAttribute('role', 'button');
      button.textContent = 'Sign in with Google';
      parent.appendChild(button);
    },
  }),
}));
const answerGoogle = (credential?: string) => google.callback?.({ credential });

function renderPage(path: string, identity: IdentityContextValue) {
  const { router, rerenderWith } = renderWithProviders(<LoginPage />, {
    identity,
    path,
    route: '/login',
    routes: [
      { path: '/register', element: <RegisterPage /> },
      { path: '*', element: <p>elsewhere</p> },
    ],
  });
  return Object.assign(router, { rerenderWith });
}

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

const paris = { name: 'Paris, Île-de-France, France', lat: 48.85, lng: 2.35 };
const lyon = { name: 'Lyon, Auvergne-Rhône-Alpes, France', lat: 45.76, lng: 4.84 };
const pendingRoute = { title: 'Paris to Lyon', stops: [paris, lyon] };

function created(id: string) {
  return {
    id,
    ...pendingRoute,
    total_distance: 465000,
    total_duration: 16200,
    created_at: '2025-01-01T00:00:00Z',
  };
}

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
  env.googleClientId = undefined;
  google.callback = undefined;
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('LoginPage', () => {
  it('signs in, shows the busy state meanwhile, then returns to returnTo', async () => {
    let finish: () => void = () => undefined;
    const signIn = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const router = renderPage(
      '/login?returnTo=%2Fdashboard',
      identityStub({ status: 'anonymous' }, { signIn }),
    );

    expect(screen.getByLabelText<HTMLInputElement>('Email').type).toBe('email');
    expect(screen.getByLabelText<HTMLInputElement>('Email').required).toBe(true);
    expect(screen.getByLabelText<HTMLInputElement>('Password').required).toBe(true);
    type('Email', ' driver@example.com ');
    type('Password', 'secret1');
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));

    const busy = await screen.findByRole('button', { name: 'Signing in...' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    expect(signIn).toHaveBeenCalledWith('driver@example.com', 'secret1');

    finish();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it("shows the server's error, else 'Login failed'", async () => {
    const signIn = vi
      .fn()
      .mockRejectedValueOnce(new AuthFailure('Invalid login credentials'))
      .mockRejectedValueOnce(new AuthFailure(undefined));
    renderPage('/login', identityStub({ status: 'anonymous' }, { signIn }));
    type('Email', 'a@b.co');
    type('Password', 'wrong1');

    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid login credentials');

    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Login failed'));
  });

  it("Google: the server's error, else 'Google authentication failed' (also without a credential)", async () => {
    env.googleClientId = 'client-1';
    const signInWithGoogle = vi
      .fn()
      .mockRejectedValueOnce(new AuthFailure('Invalid ID token'))
      .mockRejectedValueOnce(new Error('network'))
      .mockRejectedValueOnce(new AuthFailure(undefined));
    renderPage('/login', identityStub({ status: 'anonymous' }, { signInWithGoogle }));
    await screen.findByRole('button', { name: 'Sign in with Google' });
    answerGoogle('token-1');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Invalid ID token'));
    answerGoogle('token-2');
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Google authentication failed'),
    );
    answerGoogle(undefined);
    await waitFor(() => expect(signInWithGoogle).toHaveBeenLastCalledWith(undefined));
    expect(screen.getByRole('alert').textContent).toBe('Google authentication failed');
  });

  it('offers no Google sign-in on a deployment without a client id', () => {
    renderPage('/login', identityStub({ status: 'anonymous' }));
    expect(screen.getByRole('button', { name: 'Continue as Guest' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Google/ })).toBeNull();
    expect(document.querySelector('.google-button')).toBeNull();
  });

  it('offers Continue as Guest and a register link that keeps returnTo', () => {
    const continueAsGuest = vi.fn();
    renderPage('/login?returnTo=save', identityStub({ status: 'anonymous' }, { continueAsGuest }));
    fireEvent.click(screen.getByRole('button', { name: 'Continue as Guest' }));
    expect(continueAsGuest).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe(
      '/register?returnTo=save',
    );
  });
});

describe('RegisterPage', () => {
  function fill(password: string, confirmPassword: string) {
    type('Email', 'driver@example.com');
    type('Password', password);
    type('Confirm Password', confirmPassword);
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
  }

  it('shows the validation messages and does not call the server', async () => {
    const signUp = vi.fn();
    renderPage('/register', identityStub({ status: 'anonymous' }, { signUp }));
    fill('secret1', 'secret2');
    expect((await screen.findByRole('alert')).textContent).toBe('Passwords do not match');
    fill('abc', 'abc');
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'Password must be at least 6 characters long',
      ),
    );
    expect(signUp).not.toHaveBeenCalled();
  });

  it('goes to /plan after signing up', async () => {
    const signUp = vi.fn(async () => ({ confirmationRequired: false }));
    const router = renderPage('/register', identityStub({ status: 'anonymous' }, { signUp }));
    fill('secret1', 'secret1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/plan'));
    expect(signUp).toHaveBeenCalledWith('driver@example.com', 'secret1', expect.anything());
  });

  it('says a confirmation email was sent when the project requires it', async () => {
    const signUp = vi.fn(async () => ({ confirmationRequired: true }));
    const router = renderPage('/register', identityStub({ status: 'anonymous' }, { signUp }));
    fill('secret1', 'secret1');
    expect((await screen.findByRole('status')).textContent).toContain(
      'We sent a confirmation email to driver@example.com',
    );
    expect(router.state.location.pathname).toBe('/register');
  });

  it("shows the server's error, else 'Registration failed'", async () => {
    const signUp = vi
      .fn()
      .mockRejectedValueOnce(new AuthFailure('User already registered'))
      .mockRejectedValueOnce(new Error('boom'));
    renderPage('/register', identityStub({ status: 'anonymous' }, { signUp }));
    fill('secret1', 'secret1');
    expect((await screen.findByRole('alert')).textContent).toBe('User already registered');
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Registration failed'));
  });

  it('links to login keeping returnTo', () => {
    renderPage('/register?returnTo=waze', identityStub({ status: 'anonymous' }));
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(
      '/login?returnTo=waze',
    );
  });

  it('parks the pending route for the first sign-in when confirmation is required', async () => {
    sessionStorage.setItem('pendingRoute', JSON.stringify(pendingRoute));
    const signUp = vi.fn(async () => ({ confirmationRequired: true }));
    renderPage('/register?returnTo=save', identityStub({ status: 'anonymous' }, { signUp }));
    fill('secret1', 'secret1');
    await screen.findByRole('status');
    expect(signUp).toHaveBeenCalledWith('driver@example.com', 'secret1', {
      emailRedirectTo: `${window.location.origin}/login?returnTo=save`,
    });
    expect(JSON.parse(localStorage.getItem(AWAITING_CONFIRMATION_KEY)!).route).toEqual(
      pendingRoute,
    );
    // The confirmation screen still shows what will be saved.
    expect(screen.getByText('Paris to Lyon')).toBeTruthy();
  });

  it("Google sign-up: the server's error, else 'Sign up failed'; no credential is Google's failure", async () => {
    env.googleClientId = 'client-1';
    const signInWithGoogle = vi
      .fn()
      .mockRejectedValueOnce(new AuthFailure('Provider is not enabled'))
      .mockRejectedValueOnce(new AuthFailure(undefined))
      .mockRejectedValueOnce(new AuthFailure(undefined));
    renderPage('/register', identityStub({ status: 'anonymous' }, { signInWithGoogle }));
    await screen.findByRole('button', { name: 'Sign in with Google' });
    answerGoogle('token-1');
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Provider is not enabled'),
    );
    answerGoogle('token-2');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Sign up failed'));
    answerGoogle(undefined);
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Google authentication failed'),
    );
  });

  it('offers no Google sign-in, nor an "or" before it, without a client id', () => {
    renderPage('/register', identityStub({ status: 'anonymous' }));
    expect(screen.getByRole('button', { name: 'Create Account' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Google/ })).toBeNull();
    expect(screen.queryByText('or')).toBeNull();
  });
});

describe('after signing in with a pending route', () => {
  function stubCreate(answer: () => Response) {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => answer());
    vi.stubGlobal('fetch', fetchMock);
    return fetchMock;
  }

  async function signInOn(path: string, overrides: Partial<IdentityContextValue> = {}) {
    const router = renderPage(path, identityStub({ status: 'anonymous' }, overrides));
    type('Email', 'driver@example.com');
    type('Password', 'secret1');
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    return router;
  }

  it('shows the banner: title, stop count and a way to continue without saving', () => {
    sessionStorage.setItem('pendingRoute', JSON.stringify(pendingRoute));
    const router = renderPage('/login?returnTo=save', identityStub({ status: 'anonymous' }));
    expect(screen.getByText('Paris to Lyon')).toBeTruthy();
    expect(screen.getByText(/2 stops/)).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Continue planning without saving' }));
    expect(sessionStorage.getItem('pendingRoute')).toBeNull();
    expect(router.state.location.pathname).toBe('/plan');
  });

  it('creates it, clears the pending route and the draft, and lands on My Routes', async () => {
    sessionStorage.setItem('pendingRoute', JSON.stringify(pendingRoute));
    localStorage.setItem('routeDraft', JSON.stringify(pendingRoute));
    const fetchMock = stubCreate(() => Response.json(created('new-1'), { status: 201 }));
    const router = await signInOn('/login?returnTo=save');

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(router.state.location.state).toEqual({ flash: 'saved' });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/itineraries');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual(pendingRoute);
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer jwt');
    expect(sessionStorage.getItem('pendingRoute')).toBeNull();
    expect(localStorage.getItem('routeDraft')).toBeNull();
  });

  it('opens the navigation page of the new route for returnTo=waze', async () => {
    sessionStorage.setItem('pendingRoute', JSON.stringify(pendingRoute));
    stubCreate(() => Response.json(created('new-2'), { status: 201 }));
    const router = await signInOn('/login?returnTo=waze');
    await waitFor(() => expect(router.state.location.pathname).toBe('/waze-route/new-2'));
  });

  it('goes to the planner and keeps everything when saving fails', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    sessionStorage.setItem('pendingRoute', JSON.stringify(pendingRoute));
    localStorage.setItem('routeDraft', JSON.stringify(pendingRoute));
    stubCreate(() => Response.json({ error: 'database unavailable' }, { status: 503 }));
    const router = await signInOn('/login?returnTo=save');
    await waitFor(() => expect(router.state.location.pathname).toBe('/plan'));
    expect(JSON.parse(sessionStorage.getItem('pendingRoute')!)).toEqual(pendingRoute);
    expect(localStorage.getItem('routeDraft')).not.toBeNull();
    expect(logged).toHaveBeenCalled();
  });

  it('restores a route parked during sign-up on the first sign-in in another tab', async () => {
    localStorage.setItem(
      AWAITING_CONFIRMATION_KEY,
      JSON.stringify({ parkedAt: Date.now(), route: pendingRoute }),
    );
    const fetchMock = stubCreate(() => Response.json(created('new-3'), { status: 201 }));
    renderPage('/login?returnTo=save', identityStub({ status: 'anonymous' }));
    expect(screen.getByText('Paris to Lyon')).toBeTruthy();
    cleanup();

    const router = await signInOn('/login?returnTo=save');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem(AWAITING_CONFIRMATION_KEY)).toBeNull();
  });

  it('goes on by itself, once, when the session arrives without the form (confirmation link)', async () => {
    sessionStorage.setItem('pendingRoute', JSON.stringify(pendingRoute));
    const fetchMock = stubCreate(() => Response.json(created('new-4'), { status: 201 }));
    const router = renderPage('/login?returnTo=save', identityStub({ status: 'loading' }));
    router.rerenderWith(
      identityStub({ status: 'signed-in', user: { id: 'u1', email: 'driver@example.com' } }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('Google sign-in saves the pending route too', async () => {
    env.googleClientId = 'client-1';
    sessionStorage.setItem('pendingRoute', JSON.stringify(pendingRoute));
    stubCreate(() => Response.json(created('new-5'), { status: 201 }));
    const signInWithGoogle = vi.fn(async () => undefined);
    const router = renderPage(
      '/login?returnTo=save',
      identityStub({ status: 'anonymous' }, { signInWithGoogle }),
    );
    await screen.findByRole('button', { name: 'Sign in with Google' });
    answerGoogle('google-id-token');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(signInWithGoogle).toHaveBeenCalledWith('google-id-token');
  });
});
