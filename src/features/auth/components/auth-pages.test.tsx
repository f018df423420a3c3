import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { i18nReady } from '@/lib/i18n';
import { identityStub } from '@/test/identity-stub';
import { AuthFailure, IdentityContext, type IdentityContextValue } from '../identity-context';
import { LoginPage } from './LoginPage';
import { RegisterPage } from './RegisterPage';

function renderPage(path: string, identity: IdentityContextValue) {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '/register', element: <RegisterPage /> },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <IdentityContext.Provider value={identity}>
      <RouterProvider router={router} />
    </IdentityContext.Provider>,
  );
  return router;
}

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('LoginPage', () => {
  beforeAll(() => i18nReady);
  afterEach(cleanup);

  it('signs in, shows the busy state meanwhile, then returns to returnTo', async () => {
    let finish: () => void = () => undefined;
    const signIn = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const router = renderPage('/login?returnTo=%2Fdashboard', identityStub({ status: 'anonymous' }, { signIn }));

    expect((screen.getByLabelText('Email') as HTMLInputElement).type).toBe('email');
    expect((screen.getByLabelText('Email') as HTMLInputElement).required).toBe(true);
    expect((screen.getByLabelText('Password') as HTMLInputElement).required).toBe(true);
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

  it('offers Continue as Guest and a register link that keeps returnTo', () => {
    const continueAsGuest = vi.fn();
    renderPage('/login?returnTo=save', identityStub({ status: 'anonymous' }, { continueAsGuest }));
    fireEvent.click(screen.getByRole('button', { name: 'Continue as Guest' }));
    expect(continueAsGuest).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/register?returnTo=save');
  });
});

describe('RegisterPage', () => {
  beforeAll(() => i18nReady);
  afterEach(cleanup);

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
      expect(screen.getByRole('alert').textContent).toBe('Password must be at least 6 characters long'),
    );
    expect(signUp).not.toHaveBeenCalled();
  });

  it('goes to /plan after signing up', async () => {
    const signUp = vi.fn(async () => ({ confirmationRequired: false }));
    const router = renderPage('/register', identityStub({ status: 'anonymous' }, { signUp }));
    fill('secret1', 'secret1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/plan'));
    expect(signUp).toHaveBeenCalledWith('driver@example.com', 'secret1');
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
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login?returnTo=waze');
  });
});
