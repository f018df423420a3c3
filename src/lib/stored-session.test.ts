import { describe, expect, it } from 'vitest';
import {
  REFRESH_MARGIN_MS,
  authClientNeededIn,
  isAuthRedirect,
  parseStoredSession,
  storedAccessTokenIn,
  storedChangeNeedsClient,
  usableStoredToken,
} from './stored-session';

const NOW = Date.UTC(2026, 0, 1, 12);
const user = { id: 'user-1', email: 'driver@example.com' };
/** supabase-js's stored session: expires_at in seconds. */
const stored = (token: string, expiresAt: number, who: object = user) =>
  JSON.stringify({
    access_token: token,
    refresh_token: 'r',
    expires_at: expiresAt / 1000,
    user: who,
  });

describe('the stored session, read without the Auth client', () => {
  it("reads supabase-js's session, and nothing else", () => {
    expect(parseStoredSession(stored('jwt', NOW + 3_600_000))).toEqual({
      accessToken: 'jwt',
      expiresAt: NOW + 3_600_000,
      user,
    });
    expect(parseStoredSession(null)).toBeNull();
    expect(parseStoredSession('not json')).toBeNull();
    expect(parseStoredSession(JSON.stringify({ access_token: 'jwt', user }))).toBeNull();
    expect(parseStoredSession(JSON.stringify({ access_token: 'jwt', expires_at: 1 }))).toBeNull();
  });

  it('sends the stored token as it is while it is good for more than the margin', () => {
    const session = parseStoredSession(stored('jwt', NOW + 3_600_000));
    expect(usableStoredToken(session, NOW)).toBe('jwt');
    expect(usableStoredToken(session, NOW + 3_600_000 - REFRESH_MARGIN_MS - 1)).toBe('jwt');
    // Near its end or past it: the Auth client refreshes it first.
    expect(usableStoredToken(session, NOW + 3_600_000 - REFRESH_MARGIN_MS)).toBeNull();
    expect(usableStoredToken(session, NOW + 3_600_001)).toBeNull();
    expect(usableStoredToken(null, NOW)).toBeNull();
    // More than auth-js's own margin (90 s before using a token, two minutes for its ticker).
    expect(REFRESH_MARGIN_MS).toBeGreaterThan(120_000);
  });

  it('the script before the first paint sends the same token the app will', () => {
    const storage = { getItem: () => stored('jwt', NOW + 3_600_000) };
    expect(storedAccessTokenIn(storage, 'key', NOW)).toBe('jwt');
    expect(storedAccessTokenIn(storage, 'key', NOW + 3_600_000 - 60_000)).toBeNull();
  });
});

describe('when the Auth client loads', () => {
  const session = parseStoredSession(stored('jwt', NOW + 3_600_000));
  const needed = (init: Partial<Parameters<typeof authClientNeededIn>[0]>) =>
    authClientNeededIn({ redirect: false, holdsAuthState: true, session, now: NOW, ...init });

  it('never without anything stored: until the user signs in', () => {
    expect(needed({ holdsAuthState: false, session: null })).toBeNull();
  });

  it('at once for an auth redirect in the address, or what only the client can read', () => {
    expect(needed({ redirect: true })).toBe(0);
    expect(needed({ redirect: true, holdsAuthState: false, session: null })).toBe(0);
    // A code verifier, or a session that cannot be read.
    expect(needed({ session: null })).toBe(0);
  });

  it('at once for a token near its end; else as it comes near it, for a page left open', () => {
    expect(needed({ now: NOW + 3_600_000 - REFRESH_MARGIN_MS })).toBe(0);
    expect(needed({ now: NOW + 7_200_000 })).toBe(0);
    expect(needed({})).toBe(3_600_000 - REFRESH_MARGIN_MS);
    expect(needed({ now: NOW + 1_000_000 })).toBe(2_600_000 - REFRESH_MARGIN_MS);
  });
});

describe('a change of the stored session in another tab', () => {
  const first = stored('a', NOW + 3_600_000);
  it('a refresh of the same session needs nothing here', () => {
    expect(storedChangeNeedsClient(first, stored('b', NOW + 7_200_000))).toBe(false);
  });

  it('a sign-in, a sign-out or another account needs the client to follow', () => {
    expect(storedChangeNeedsClient(null, first)).toBe(true);
    expect(storedChangeNeedsClient(first, null)).toBe(true);
    expect(storedChangeNeedsClient(first, stored('b', NOW, { id: 'user-2' }))).toBe(true);
  });
});

describe('an auth redirect in the address', () => {
  it('is the parameters Auth adds, in the query or the fragment', () => {
    expect(isAuthRedirect('', '#access_token=x&refresh_token=y')).toBe(true);
    expect(isAuthRedirect('?error_description=Email+link+expired', '')).toBe(true);
    expect(isAuthRedirect('?q=access', '')).toBe(false);
  });
});
