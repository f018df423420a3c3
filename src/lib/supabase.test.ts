// @vitest-environment jsdom
import { createClient } from '@supabase/supabase-js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LoadedSupabase } from './supabase';

vi.mock('@/config/env', () => ({
  env: { supabaseUrl: 'https://abcdef.supabase.co', supabaseAnonKey: 'anon' },
}));

const {
  getAccessToken,
  hasStoredAuthState,
  isSessionStorageKey,
  loadSupabase,
  sessionStorageKeyFor,
  setAuthClientStarter,
  tokenRejected,
} = await import('./supabase');
const { storedAccessTokenIn } = await import('./stored-session');

describe('the session seen without supabase-js', () => {
  afterEach(() => {
    localStorage.clear();
    window.history.replaceState(null, '', '/');
  });

  it("names supabase-js's own default storage key", () => {
    const client = createClient('https://abcdef.supabase.co', 'anon', {
      auth: { persistSession: false },
    });
    expect(sessionStorageKeyFor('https://abcdef.supabase.co')).toBe(
      (client as unknown as { storageKey: string }).storageKey,
    );
    expect(sessionStorageKeyFor('http://127.0.0.1:5173')).toBe('sb-127-auth-token');
  });

  it('sees a stored session or code verifier, and nothing else', () => {
    expect(hasStoredAuthState()).toBe(false);
    localStorage.setItem('guestMode', 'true');
    localStorage.setItem('sb-other-auth-token', '{}');
    expect(hasStoredAuthState()).toBe(false);
    localStorage.setItem('sb-abcdef-auth-token-code-verifier', 'v');
    expect(hasStoredAuthState()).toBe(true);
    expect(isSessionStorageKey('sb-abcdef-auth-token')).toBe(true);
    expect(isSessionStorageKey('sb-other-auth-token')).toBe(false);
    expect(isSessionStorageKey(null)).toBe(false);
  });

  it('sees an auth redirect in the URL (email confirmation, OAuth)', () => {
    window.history.replaceState(null, '', '/login#access_token=x&refresh_token=y');
    expect(hasStoredAuthState()).toBe(true);
    window.history.replaceState(null, '', '/login?error_description=Email+link+expired');
    expect(hasStoredAuthState()).toBe(true);
    window.history.replaceState(null, '', '/plan?q=access');
    expect(hasStoredAuthState()).toBe(false);
  });

  it('answers no token when nothing is stored, without loading the client', async () => {
    await expect(getAccessToken()).resolves.toBeNull();
  });

  it('answers a stored token good for a while as it is; one near its end through the client', async () => {
    const client = {
      auth: { getSession: async () => ({ data: { session: { access_token: 'refreshed' } } }) },
    };
    const start = vi.fn(async () => ({ client }) as unknown as LoadedSupabase);
    setAuthClientStarter(start);
    const store = (token: string, seconds: number) =>
      localStorage.setItem(
        'sb-abcdef-auth-token',
        JSON.stringify({
          access_token: token,
          expires_at: Math.floor(Date.now() / 1000) + seconds,
          user: { id: 'user-1' },
        }),
      );
    try {
      store('stored', 3600);
      await expect(getAccessToken()).resolves.toBe('stored');
      // A 401 to another token than the stored one (a refresh came meanwhile): nothing to check.
      tokenRejected('older');
      expect(start).not.toHaveBeenCalled();
      // A 401 to the stored token: the client loads and checks the session.
      tokenRejected('stored');
      expect(start).toHaveBeenCalledTimes(1);
      store('stored', 60);
      await expect(getAccessToken()).resolves.toBe('refreshed');
      expect(start).toHaveBeenCalledTimes(2);
      // An auth redirect in the address is the client's to read.
      store('stored', 3600);
      window.history.replaceState(null, '', '/login#access_token=x&refresh_token=y');
      await expect(getAccessToken()).resolves.toBe('refreshed');
    } finally {
      setAuthClientStarter(null);
    }
  });

  it("signs in against the project's Auth with the project key, and stores the session where supabase-js did", async () => {
    const session = {
      access_token: 'access',
      refresh_token: 'refresh',
      expires_in: 3600,
      token_type: 'bearer',
      user: { id: 'user-1', email: 'driver@example.com', aud: 'authenticated' },
    };
    const fetchMock = vi.fn((_url: string, _init?: RequestInit) =>
      Promise.resolve(
        new Response(JSON.stringify(session), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    try {
      const { client } = await loadSupabase();
      const { data, error } = await client.auth.signInWithPassword({
        email: 'driver@example.com',
        password: 'secret-password',
      });
      expect(error).toBeNull();
      expect(data.user?.id).toBe('user-1');
      const [url, init] = fetchMock.mock.calls[0];
      expect(url).toBe('https://abcdef.supabase.co/auth/v1/token?grant_type=password');
      const headers = new Headers(init?.headers);
      expect(headers.get('apikey')).toBe('anon');
      expect(headers.get('authorization')).toBe('Bearer anon');
      expect(localStorage.getItem('sb-abcdef-auth-token')).toContain('"access_token":"access"');
      await expect(getAccessToken()).resolves.toBe('access');
      // Read without supabase-js (the script before the first paint): the same token, while valid.
      const key = 'sb-abcdef-auth-token';
      expect(storedAccessTokenIn(localStorage, key, Date.now())).toBe('access');
      expect(storedAccessTokenIn(localStorage, key, Date.now() + 3601_000)).toBeNull();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
