import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { i18nReady } from '@/lib/i18n';
import { IdentityContext, type IdentityContextValue, type IdentityState } from '@/lib/auth';
import { endRecovery, resetCapturedAuthRedirect } from '@/lib/auth/auth-redirect';
import { identityStub } from '@/test/identity-stub';
import { ForgotPasswordPage } from './ForgotPasswordPage';
import { ResetPasswordPage } from './ResetPasswordPage';

/** Async outcomes get time on a busy machine (Testing Library's default is 1 s). */
const SLOW = { timeout: 10_000 };

vi.mock('@/config/env', () => ({ env: { apiUrl: '/api' } }));
vi.mock('@/lib/supabase', () => ({ getAccessToken: async () => null }));

beforeAll(() => i18nReady);
afterEach(() => {
  vi.unstubAllGlobals();
  endRecovery();
  resetCapturedAuthRedirect();
  window.history.replaceState(null, '', '/');
});

const SENT = 'If an account exists for this email, we have sent a link to reset the password.';

function renderAt(
  path: string,
  state: IdentityState,
  overrides: Partial<Omit<IdentityContextValue, 'identity'>> = {},
) {
  const identity = identityStub(state, overrides);
  const router = createMemoryRouter(
    [
      { path: '/forgot-password', element: <ForgotPasswordPage /> },
      { path: '/reset-password', element: <ResetPasswordPage /> },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <IdentityContext.Provider value={identity}>
      <RouterProvider router={router} />
    </IdentityContext.Provider>,
  );
  return identity;
}

function stubServer(status: number) {
  const bodies: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init?: RequestInit) => {
      bodies.push(JSON.parse(String(init?.body)));
      return status === 202
        ? Response.json({ message: SENT }, { status })
        : Response.json({ error: 'x' }, { status });
    }),
  );
  return bodies;
}

const ask = (email: string) => {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } });
  fireEvent.click(screen.getByRole('button', { name: /Send/ }));
};

describe('Forgot your password?', () => {
  it('always gives the one answer when the server took the request', async () => {
    const bodies = stubServer(202);
    renderAt('/forgot-password', { status: 'anonymous' });
    expect(screen.getByRole('heading', { name: 'Reset your password' })).toBeTruthy();
    ask(' someone@example.com ');
    expect((await screen.findByRole('status', undefined, SLOW)).textContent).toBe(SENT);
    expect(bodies).toEqual([{ email: 'someone@example.com' }]);
  });

  it('says when there were too many requests (the server counts per address and client)', async () => {
    stubServer(429);
    renderAt('/forgot-password', { status: 'anonymous' });
    ask('someone@example.com');
    expect((await screen.findByRole('alert', undefined, SLOW)).textContent).toBe(
      'Too many requests. Please wait a while before asking for another link.',
    );
  });

  it('says when the link could not be sent (Auth unreachable)', async () => {
    stubServer(503);
    renderAt('/forgot-password', { status: 'anonymous' });
    ask('someone@example.com');
    expect((await screen.findByRole('alert', undefined, SLOW)).textContent).toBe(
      'The link could not be sent right now. Please try again later.',
    );
  });
});

describe('Choose a new password', () => {
  const arriveWithRecoveryLink = () =>
    window.history.replaceState(
      null,
      '',
      '/reset-password#access_token=a.b.c&refresh_token=r&expires_in=3600&type=recovery',
    );

  it('sets the new password with registration’s rules, then says it has changed', async () => {
    arriveWithRecoveryLink();
    const identity = renderAt('/reset-password', {
      status: 'signed-in',
      user: { id: 'u1', email: 'driver@example.com' },
    });
    expect(screen.getByRole('heading', { name: 'Choose a new password' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'abc' } });
    fireEvent.change(screen.getByLabelText('Confirm Password'), { target: { value: 'abc' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(screen.getByRole('alert').textContent).toBe(
      'Password must be at least 6 characters long',
    );
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'new-secret' } });
    fireEvent.change(screen.getByLabelText('Confirm Password'), {
      target: { value: 'new-secret' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect((await screen.findByRole('status', undefined, SLOW)).textContent).toBe(
      'Your password has been changed.',
    );
    expect(identity.changePassword).toHaveBeenCalledWith('new-secret');
    expect(screen.getByRole('link', { name: 'Go to My Routes' })).toBeTruthy();
  });

  it('says an expired or used link is no good, and offers a new one', async () => {
    window.history.replaceState(
      null,
      '',
      '/reset-password#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired',
    );
    const bodies = stubServer(202);
    renderAt('/reset-password', { status: 'anonymous' });
    expect(screen.getByRole('alert').textContent).toBe(
      'This link has expired or has already been used.',
    );
    ask('driver@example.com');
    expect((await screen.findByRole('status', undefined, SLOW)).textContent).toBe(SENT);
    expect(bodies).toHaveLength(1);
  });

  it('without a link (a signed-in visit, a reload after using it) offers a new one', () => {
    const identity = renderAt('/reset-password', {
      status: 'signed-in',
      user: { id: 'u1', email: 'driver@example.com' },
    });
    expect(screen.getByRole('alert').textContent).toBe(
      'This link has expired or has already been used.',
    );
    expect(screen.queryByLabelText('Confirm Password')).toBeNull();
    expect(identity.changePassword).not.toHaveBeenCalled();
  });

  it('keeps the form after a reload while the reset is under way in this tab', () => {
    arriveWithRecoveryLink();
    renderAt('/reset-password', {
      status: 'signed-in',
      user: { id: 'u1', email: 'driver@example.com' },
    });
    expect(screen.getByLabelText('Confirm Password')).toBeTruthy();
    // What a reload leaves: no fragment, the tab's marker.
    resetCapturedAuthRedirect();
    window.history.replaceState(null, '', '/reset-password');
    document.body.innerHTML = '';
    renderAt('/reset-password', {
      status: 'signed-in',
      user: { id: 'u1', email: 'driver@example.com' },
    });
    expect(within(document.body).getByLabelText('Confirm Password')).toBeTruthy();
  });
});
