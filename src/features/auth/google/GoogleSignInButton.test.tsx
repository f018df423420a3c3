import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { GoogleAccountsId, GoogleIdConfiguration } from './google-identity';
import { GoogleSignInButton } from './GoogleSignInButton';

function fakeGoogle() {
  let configuration: GoogleIdConfiguration | undefined;
  const accountsId: GoogleAccountsId = {
    initialize: vi.fn((config: GoogleIdConfiguration) => {
      configuration = config;
    }),
    renderButton: vi.fn((parent: HTMLElement) => {
      const button = document.createElement('div');
      button.setAttribute('role', 'button');
      button.textContent = 'Sign in with Google';
      parent.appendChild(button);
    }),
  };
  return { accountsId, answer: (credential?: string) => configuration?.callback({ credential }) };
}

describe('GoogleSignInButton', () => {
  it('shows nothing, and loads nothing, on a deployment without a client id', () => {
    const load = vi.fn();
    const { container } = render(
      <GoogleSignInButton
        clientId={undefined}
        mode="signin"
        onCredential={vi.fn()}
        loadGoogleIdentity={load}
      />,
    );
    expect(container.innerHTML).toBe('');
    expect(load).not.toHaveBeenCalled();
  });

  it("draws Google's button and passes the ID token on", async () => {
    const google = fakeGoogle();
    const onCredential = vi.fn();
    render(
      <GoogleSignInButton
        clientId="client-1.apps.googleusercontent.com"
        mode="signup"
        onCredential={onCredential}
        loadGoogleIdentity={async () => google.accountsId}
      />,
    );
    expect(screen.getByRole('button', { name: 'Loading Google sign-in...' })).toBeTruthy();
    await screen.findByRole('button', { name: 'Sign in with Google' });
    expect(google.accountsId.initialize).toHaveBeenCalledWith(
      expect.objectContaining({
        client_id: 'client-1.apps.googleusercontent.com',
        context: 'signup',
      }),
    );
    expect(google.accountsId.renderButton).toHaveBeenCalledWith(
      expect.any(HTMLElement),
      expect.objectContaining({ text: 'signup_with' }),
    );
    expect(screen.queryByRole('button', { name: 'Loading Google sign-in...' })).toBeNull();

    google.answer('id-token');
    expect(onCredential).toHaveBeenLastCalledWith('id-token');
    google.answer(undefined);
    expect(onCredential).toHaveBeenLastCalledWith(undefined);
  });

  it('says so when the script cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <GoogleSignInButton
        clientId="client-1"
        mode="signin"
        onCredential={vi.fn()}
        loadGoogleIdentity={() => Promise.reject(new Error('blocked'))}
      />,
    );
    await waitFor(() =>
      expect(
        screen.getByRole('button', { name: 'Google sign-in is unavailable right now' }),
      ).toBeTruthy(),
    );
  });
});
