// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import {
  authLinkDestination,
  endRecovery,
  initialAuthRedirect,
  parseAuthRedirect,
  recoveryInProgress,
  resetCapturedAuthRedirect,
} from './auth-redirect';

const session = 'access_token=eyJ.a.b&refresh_token=r&expires_in=3600&token_type=bearer';

describe('parseAuthRedirect', () => {
  it('reads a password-reset link’s session', () => {
    expect(parseAuthRedirect(`#${session}&type=recovery`)).toEqual({ kind: 'recovery' });
  });

  it('reads a confirmed email change', () => {
    expect(parseAuthRedirect(`#${session}&type=email_change`)).toEqual({ kind: 'email-change' });
  });

  it('reads an expired or used link (Auth’s otp_expired), from the fragment or the query', () => {
    const expired =
      '#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired';
    expect(parseAuthRedirect(expired)).toEqual({ kind: 'link-error', code: 'otp_expired' });
    expect(parseAuthRedirect('', '?error=access_denied')).toEqual({
      kind: 'link-error',
      code: 'access_denied',
    });
  });

  it('ignores everything else (a sign-up confirmation, a plain anchor, a type without session)', () => {
    expect(parseAuthRedirect(`#${session}&type=signup`)).toEqual({ kind: 'none' });
    expect(parseAuthRedirect('#stops')).toEqual({ kind: 'none' });
    expect(parseAuthRedirect('#type=recovery')).toEqual({ kind: 'none' });
    expect(parseAuthRedirect('')).toEqual({ kind: 'none' });
  });
});

describe('authLinkDestination', () => {
  it('sends a reset link and a failed link to the password page, an email change to the account', () => {
    expect(authLinkDestination({ kind: 'recovery' })).toBe('/reset-password');
    expect(authLinkDestination({ kind: 'link-error', code: 'otp_expired' })).toBe(
      '/reset-password',
    );
    expect(authLinkDestination({ kind: 'email-change' })).toBe('/account');
    expect(authLinkDestination({ kind: 'none' })).toBeNull();
  });
});

describe('initialAuthRedirect', () => {
  afterEach(() => {
    endRecovery();
    resetCapturedAuthRedirect();
    window.history.replaceState(null, '', '/');
  });

  it('reads the address once: later changes (supabase-js clearing it) do not count', () => {
    window.history.replaceState(null, '', `/#${session}&type=recovery`);
    expect(initialAuthRedirect()).toEqual({ kind: 'recovery' });
    window.history.replaceState(null, '', '/reset-password');
    expect(initialAuthRedirect()).toEqual({ kind: 'recovery' });
  });

  it('remembers a reset in progress in this tab until it ends (a reload keeps the form)', () => {
    window.history.replaceState(null, '', `/#${session}&type=recovery`);
    initialAuthRedirect();
    expect(recoveryInProgress()).toBe(true);
    endRecovery();
    expect(recoveryInProgress()).toBe(false);
    expect(initialAuthRedirect()).toEqual({ kind: 'none' });
  });
});
