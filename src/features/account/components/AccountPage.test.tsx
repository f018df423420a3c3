import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { i18nReady } from '@/lib/i18n';
import { AuthFailure, IdentityContext, type IdentityContextValue } from '@/lib/auth';
import { identityStub } from '@/test/identity-stub';
import { ROUTE_DRAFT_KEY } from '@/lib/route-storage';
import { AccountPage } from './AccountPage';
import { AccountDeletedPage } from './AccountDeletedPage';

/** Async outcomes get time on a busy machine (Testing Library's default is 1 s). */
const SLOW = { timeout: 10_000 };

vi.mock('@/config/env', () => ({ env: { apiUrl: '/api' } }));
vi.mock('@/lib/supabase', () => ({ getAccessToken: async () => 'jwt' }));
const offline = vi.hoisted(() => ({ forgotten: [] as string[] }));
vi.mock('@/lib/offline', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@/lib/offline')>();
  const { createMemoryStore } = await import('@/lib/offline/model/key-value-store');
  const store = createMemoryStore();
  return {
    ...actual,
    offlineStore: () => store,
    forgetAccountOnDevice: async (...args: Parameters<typeof actual.forgetAccountOnDevice>) => {
      offline.forgotten.push(args[1]);
      return actual.forgetAccountOnDevice(...args);
    },
  };
});

beforeAll(() => i18nReady);
afterEach(() => {
  vi.unstubAllGlobals();
  offline.forgotten.length = 0;
});

const user = { id: 'u1', email: 'driver@example.com' };

function renderAccount(overrides: Partial<Omit<IdentityContextValue, 'identity'>> = {}) {
  const identity = identityStub({ status: 'signed-in', user }, overrides);
  const router = createMemoryRouter(
    [
      { path: '/account', element: <AccountPage /> },
      { path: '/account/deleted', element: <AccountDeletedPage /> },
    ],
    { initialEntries: ['/account'] },
  );
  render(
    <IdentityContext.Provider value={identity}>
      <RouterProvider router={router} />
    </IdentityContext.Provider>,
  );
  return { router, identity };
}

const type = (label: string, value: string, scope: HTMLElement = document.body) =>
  fireEvent.change(within(scope).getByLabelText(label), { target: { value } });

const section = (name: string) => screen.getByRole('region', { name });

describe('AccountPage: change password', () => {
  it('asks for the current password again and refuses a wrong one', async () => {
    const { identity } = renderAccount({ checkPassword: vi.fn(async () => false) });
    const form = section('Change password');
    type('Current password', 'wrong', form);
    type('New password', 'new-secret', form);
    type('Confirm new password', 'new-secret', form);
    fireEvent.click(within(form).getByRole('button', { name: 'Change password' }));
    expect((await within(form).findByRole('alert', undefined, SLOW)).textContent).toBe(
      'The current password is not correct.',
    );
    expect(identity.checkPassword).toHaveBeenCalledWith('wrong');
    expect(identity.changePassword).not.toHaveBeenCalled();
  });

  it('uses the rules and messages of registration', () => {
    const { identity } = renderAccount();
    const form = section('Change password');
    type('Current password', 'old-secret', form);
    type('New password', 'abc', form);
    type('Confirm new password', 'abd', form);
    fireEvent.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(within(form).getByRole('alert').textContent).toBe('Passwords do not match');
    type('Confirm new password', 'abc', form);
    fireEvent.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(within(form).getByRole('alert').textContent).toBe(
      'Password must be at least 6 characters long',
    );
    expect(identity.checkPassword).not.toHaveBeenCalled();
  });

  it('changes it and says so', async () => {
    const { identity } = renderAccount();
    const form = section('Change password');
    type('Current password', 'old-secret', form);
    type('New password', 'new-secret', form);
    type('Confirm new password', 'new-secret', form);
    fireEvent.click(within(form).getByRole('button', { name: 'Change password' }));
    expect((await within(form).findByRole('status', undefined, SLOW)).textContent).toBe(
      'Your password has been changed.',
    );
    expect(identity.changePassword).toHaveBeenCalledWith('new-secret');
  });

  it('shows the server’s words when Auth refuses the new password', async () => {
    renderAccount({
      changePassword: vi.fn(async () => {
        throw new AuthFailure('New password should be different from the old password.');
      }),
    });
    const form = section('Change password');
    type('Current password', 'old-secret', form);
    type('New password', 'old-secret', form);
    type('Confirm new password', 'old-secret', form);
    fireEvent.click(within(form).getByRole('button', { name: 'Change password' }));
    expect((await within(form).findByRole('alert', undefined, SLOW)).textContent).toBe(
      'New password should be different from the old password.',
    );
  });
});

describe('AccountPage: change email address', () => {
  it('sends the confirmation to the new address, back to this page', async () => {
    const { identity } = renderAccount();
    const form = section('Change email address');
    type('New email address', ' new@example.com ', form);
    type('Current password', 'old-secret', form);
    fireEvent.click(within(form).getByRole('button', { name: 'Change email address' }));
    expect((await within(form).findByRole('status', undefined, SLOW)).textContent).toBe(
      'We have sent a confirmation link to new@example.com. Your email address changes when you open it.',
    );
    expect(identity.changeEmail).toHaveBeenCalledWith(
      'new@example.com',
      `${window.location.origin}/account`,
    );
  });

  it('says when the address is already the account’s', () => {
    const { identity } = renderAccount();
    const form = section('Change email address');
    type('New email address', 'Driver@Example.com', form);
    type('Current password', 'old-secret', form);
    fireEvent.click(within(form).getByRole('button', { name: 'Change email address' }));
    expect(within(form).getByRole('alert').textContent).toBe('This is already your email address.');
    expect(identity.changeEmail).not.toHaveBeenCalled();
  });
});

describe('AccountPage: delete my account', () => {
  function stubDelete(status: number) {
    const calls: { url: string; init?: RequestInit }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        calls.push({ url, init });
        return status === 204
          ? new Response(null, { status })
          : Response.json({ error: 'down' }, { status });
      }),
    );
    return calls;
  }

  it('asks first: the button works only once the account’s email is typed', () => {
    renderAccount();
    fireEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete your account?' });
    const confirm = within(dialog).getByRole('button', { name: 'Delete my account' });
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    type('Type your email address to confirm', 'driver@example.co', dialog);
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    type('Type your email address to confirm', 'Driver@Example.com', dialog);
    expect((confirm as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('deletes, clears this device, signs out and says it is done', async () => {
    const calls = stubDelete(204);
    localStorage.setItem(ROUTE_DRAFT_KEY, '{"title":"draft","stops":[]}');
    const { router, identity } = renderAccount();
    fireEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = screen.getByRole('alertdialog');
    type('Type your email address to confirm', 'driver@example.com', dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));

    expect(
      await screen.findByRole('heading', { name: 'Your account has been deleted' }, SLOW),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/account/deleted');
    expect(calls).toHaveLength(1);
    expect(calls[0].url).toBe('/api/account');
    expect(calls[0].init?.method).toBe('DELETE');
    expect(JSON.parse(String(calls[0].init?.body))).toEqual({ confirmEmail: 'driver@example.com' });
    expect(localStorage.getItem(ROUTE_DRAFT_KEY)).toBeNull();
    expect(offline.forgotten).toEqual(['u1']);
    await waitFor(() => expect(identity.signOut).toHaveBeenCalled(), SLOW);
  });

  it('keeps everything and says so when the server fails', async () => {
    stubDelete(503);
    localStorage.setItem(ROUTE_DRAFT_KEY, '{"title":"draft","stops":[]}');
    const { router, identity } = renderAccount();
    fireEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = screen.getByRole('alertdialog');
    type('Type your email address to confirm', 'driver@example.com', dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect((await screen.findByRole('alert', undefined, SLOW)).textContent).toBe(
      'Your account could not be deleted. Nothing was deleted; please try again.',
    );
    expect(router.state.location.pathname).toBe('/account');
    expect(localStorage.getItem(ROUTE_DRAFT_KEY)).not.toBeNull();
    expect(offline.forgotten).toEqual([]);
    expect(identity.signOut).not.toHaveBeenCalled();
    localStorage.removeItem(ROUTE_DRAFT_KEY);
  });
});
