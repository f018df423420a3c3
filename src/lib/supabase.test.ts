import { createClient } from '@supabase/supabase-js';
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('@/config/env', () => ({
  env: { supabaseUrl: 'https://abcdef.supabase.co', supabaseAnonKey: 'anon' },
}));

const { getAccessToken, hasStoredAuthState, isSessionStorageKey, sessionStorageKeyFor } =
  await import('./supabase');

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
});
