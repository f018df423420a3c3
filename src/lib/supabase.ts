import type { GoTrueClient } from '@supabase/auth-js';
import { env } from '@/config/env';
import {
  authClientNeededIn,
  holdsSession,
  isAuthRedirect,
  projectUrlOf,
  sessionStorageKeyFor,
  storedSessionIn,
  storedSessionUserIn,
  usableStoredToken,
  type StoredSession,
} from './stored-session';

export { sessionStorageKeyFor };

/**
 * The one Supabase Auth client (@supabase/auth-js, the `auth` part of supabase-js). It owns the
 * session: it stores it under supabase-js's own localStorage key and refreshes it. That replaces
 * a `token` key of its own; nothing else in the SPA stores tokens.
 *
 * Only Auth: every data call goes through /api, so supabase-js's Data API, Realtime, Storage and
 * Functions clients would be dead weight (supabase-js is 54 KB gzipped, auth-js 25 KB). Even so
 * it loads only when needed (22 KB of a signed-in landing page's 139 KB without it): while the
 * stored session's access token is good for a while, requests carry it as it is and the identity
 * shows its user (stored-session.ts). The client loads to refresh a token near its end, for an
 * auth redirect in the address, to sign in or out, for the account page's password work, and
 * when the API refuses the token (see tokenRejected).
 *
 * Without VITE_SUPABASE_URL the client talks to this origin, where the dev
 * server proxies /auth/v1 and /rest/v1 to the local gateway.
 */

/** What the SPA uses of a Supabase client: its Auth client (the same API as supabase-js's `auth`). */
export interface AuthOnlyClient {
  auth: GoTrueClient;
}

export interface LoadedSupabase {
  client: AuthOnlyClient;
  /**
   * A client that keeps its session in memory only, apart from the device's: to check a
   * password (the account page asks for the current one again) without touching the session.
   */
  isolatedClient(): AuthOnlyClient;
  /** auth-js's own error guards, loaded with it. */
  isAuthError(error: unknown): boolean;
  isAuthRetryableFetchError(error: unknown): boolean;
}

const projectUrl = () => projectUrlOf(env.supabaseUrl, window.location.origin);

/** The key of this project's session on this device. */
export const sessionStorageKey = (): string => sessionStorageKeyFor(projectUrl());

/** True for the localStorage keys supabase-js writes (the session and the PKCE code verifier). */
export const isSessionStorageKey = (key: string | null): boolean =>
  key !== null && key.startsWith(sessionStorageKey());

/**
 * The user of the session stored on this device, read without supabase-js (which would try
 * to refresh an expired token first): for when the server cannot be reached at all.
 */
export function storedSessionUser(): { id: string; email?: string } | null {
  try {
    return storedSessionUserIn(localStorage, sessionStorageKey());
  } catch {
    return null;
  }
}

/** Removes the session stored on this device without supabase-js (which could not load). */
export function forgetStoredSession(): void {
  try {
    localStorage.removeItem(sessionStorageKey());
  } catch {
    // Storage unavailable: nothing was kept.
  }
}

/** Whether the address carries an auth redirect (email confirmation, OAuth) for supabase-js to read. */
export function authRedirectInUrl(): boolean {
  return (
    typeof window !== 'undefined' && isAuthRedirect(window.location.search, window.location.hash)
  );
}

/** The session stored on this device, read without supabase-js. */
export function storedSession(): StoredSession | null {
  try {
    return storedSessionIn(localStorage, sessionStorageKey());
  } catch {
    return null;
  }
}

/** When the Auth client must load, in ms from now (null: not until the user signs in). */
export function authClientNeededNow(now = Date.now()): number | null {
  return authClientNeededIn({
    redirect: authRedirectInUrl(),
    holdsAuthState: hasStoredAuthState(),
    session: storedSession(),
    now,
  });
}

/**
 * Read synchronously, without supabase-js: is there anything on this device that only the
 * client can interpret (a stored session or code verifier, or an auth redirect in the URL)?
 */
export function hasStoredAuthState(): boolean {
  if (typeof window === 'undefined') return false;
  if (authRedirectInUrl()) return true;
  try {
    return holdsSession(localStorage, sessionStorageKey());
  } catch {
    // Storage unavailable (private mode): no session can have been kept.
    return false;
  }
}

let loading: Promise<LoadedSupabase> | null = null;

/** The client, created once on first use. */
export function loadSupabase(): Promise<LoadedSupabase> {
  if (loading !== null) return loading;
  const loaded = import('@supabase/auth-js').then(
    ({ AuthClient, isAuthError, isAuthRetryableFetchError }) => {
      const key = env.supabaseAnonKey;
      // As supabase-js configures its Auth client: the project key as apikey and bearer.
      const options = {
        url: new URL('auth/v1', `${projectUrl().replace(/\/$/, '')}/`).href,
        headers: { Authorization: `Bearer ${key}`, apikey: key },
        flowType: 'implicit' as const,
      };
      return {
        client: {
          auth: new AuthClient({
            ...options,
            persistSession: true,
            autoRefreshToken: true,
            detectSessionInUrl: true,
            storageKey: sessionStorageKey(),
          }),
        },
        isolatedClient: () => ({
          auth: new AuthClient({
            ...options,
            persistSession: false,
            autoRefreshToken: false,
            detectSessionInUrl: false,
            storageKey: `${sessionStorageKey()}-check`,
          }),
        }),
        isAuthError,
        isAuthRetryableFetchError,
      };
    },
  );
  // A client that could not load (offline, its file gone after a deployment) is tried again on
  // the next need.
  loaded.catch(() => {
    if (loading === loaded) loading = null;
  });
  loading = loaded;
  return loading;
}

/**
 * Who starts the Auth client when a request needs it: the identity (src/lib/auth), which then
 * follows its events; without one, the client alone.
 */
let startClient: () => Promise<LoadedSupabase> = loadSupabase;

/** Sets who starts the Auth client for a request (the identity, while it is mounted). */
export function setAuthClientStarter(starter: (() => Promise<LoadedSupabase>) | null): void {
  startClient = starter ?? loadSupabase;
}

/**
 * The current access token; null when signed out. The stored session's token is sent as it is
 * while it is good for a while (usableStoredToken), without loading the Auth client; else the
 * client loads and answers its session, refreshed when needed.
 */
export async function getAccessToken(): Promise<string | null> {
  if (loading === null) {
    // No session on this device and no client yet: signed out, without loading the Auth client.
    if (!hasStoredAuthState()) return null;
    const token = authRedirectInUrl() ? null : usableStoredToken(storedSession(), Date.now());
    if (token !== null) return token;
  }
  const { client } = await startClient();
  const { data } = await client.auth.getSession();
  return data.session?.access_token ?? null;
}

/**
 * The API refused `token` (401). One sent from storage without the Auth client may belong to a
 * session ended elsewhere: the client loads and checks the session with the server (and the
 * identity signs out if it is gone). With the client loaded, it already answers for its token.
 */
export function tokenRejected(token: string): void {
  if (loading !== null || storedSession()?.accessToken !== token) return;
  void startClient().catch(() => undefined);
}
