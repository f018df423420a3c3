/**
 * The Supabase session supabase-js keeps on this device, seen without supabase-js: by the
 * identity's first render (src/lib/supabase.ts) and by the inline script that preloads the Auth
 * client before the first paint (src/app/start-up/head-script.ts).
 */
import { SESSION_KEY } from '@/lib/device-keys';

/**
 * The Supabase project's address: VITE_SUPABASE_URL, or this origin (where the dev server and
 * the local stack's server put /auth/v1).
 */
export const projectUrlOf = (supabaseUrl: string | undefined, origin: string): string =>
  supabaseUrl ?? origin;

/**
 * supabase-js's default storage key (`sb-<first label of the host>-auth-token`) for the project
 * at `url` (the project's URL, or this origin where Auth is proxied).
 */
export function sessionStorageKeyFor(url: string): string {
  return `${SESSION_KEY.name}${new URL(url).hostname.split('.')[0]}-auth-token`;
}

/** Whether `storage` holds anything supabase-js wrote under `key` (a session, a code verifier). */
export function holdsSession(storage: Pick<Storage, 'key' | 'length'>, key: string): boolean {
  try {
    for (let index = 0; index < storage.length; index += 1) {
      if (storage.key(index)?.startsWith(key)) return true;
    }
  } catch {
    // Storage unavailable (private mode): no session can have been kept.
  }
  return false;
}

/** The user of the session stored under `key`, if any. */
export function storedSessionUserIn(
  storage: Pick<Storage, 'getItem'>,
  key: string,
): { id: string; email?: string } | null {
  try {
    const stored = JSON.parse(storage.getItem(key) ?? 'null') as {
      user?: { id?: unknown; email?: string };
    } | null;
    const user = stored?.user;
    return user && typeof user.id === 'string' ? { id: user.id, email: user.email } : null;
  } catch {
    return null;
  }
}

/**
 * How long before its end a stored access token stops being sent as it is and the Auth client
 * (@supabase/auth-js) takes over to refresh it: more than the client's own margin (it refreshes
 * a token with less than 90 s to go before using it, and its ticker one with less than two
 * minutes), so that the app never sends a token the client would have replaced.
 */
export const REFRESH_MARGIN_MS = 5 * 60_000;

/** What the app reads of the session supabase-js stored, without supabase-js. */
export interface StoredSession {
  accessToken: string;
  /** When the access token expires (ms since the epoch). */
  expiresAt: number;
  user: { id: string; email?: string };
}

/** The session stored in `value` (supabase-js's JSON), or null when it is not a usable one. */
export function parseStoredSession(value: string | null): StoredSession | null {
  try {
    const stored = JSON.parse(value ?? 'null') as {
      access_token?: unknown;
      expires_at?: unknown;
      user?: { id?: unknown; email?: unknown };
    } | null;
    const token = stored?.access_token;
    const expiresAt = stored?.expires_at;
    const user = stored?.user;
    if (typeof token !== 'string' || typeof expiresAt !== 'number') return null;
    if (!user || typeof user.id !== 'string') return null;
    return {
      accessToken: token,
      expiresAt: expiresAt * 1000,
      user: typeof user.email === 'string' ? { id: user.id, email: user.email } : { id: user.id },
    };
  } catch {
    return null;
  }
}

/** The session stored under `key`, if any (see parseStoredSession). */
export function storedSessionIn(
  storage: Pick<Storage, 'getItem'>,
  key: string,
): StoredSession | null {
  try {
    return parseStoredSession(storage.getItem(key));
  } catch {
    return null;
  }
}

/**
 * The stored session's access token while it is good for more than REFRESH_MARGIN_MS at `now`:
 * the app sends it as it is, without the Auth client. Else null: the client refreshes it first.
 */
export function usableStoredToken(session: StoredSession | null, now: number): string | null {
  return session && session.expiresAt - REFRESH_MARGIN_MS > now ? session.accessToken : null;
}

/**
 * When the Auth client must be loaded, in ms from `now`: null when nothing of Auth is on this
 * device (the client loads if the user signs in), 0 at once (an auth redirect in the address for
 * it to read, something stored that only it can interpret, a token to refresh), else when the
 * stored token comes within REFRESH_MARGIN_MS of its end, so that a page left open refreshes it
 * (and learns of a session ended meanwhile) as the client would have.
 */
export function authClientNeededIn(state: {
  redirect: boolean;
  holdsAuthState: boolean;
  session: StoredSession | null;
  now: number;
}): number | null {
  if (state.redirect) return 0;
  if (!state.holdsAuthState) return null;
  if (usableStoredToken(state.session, state.now) === null) return 0;
  return (state.session as StoredSession).expiresAt - REFRESH_MARGIN_MS - state.now;
}

/**
 * Whether a change of the stored session made by another tab needs the Auth client here: a
 * sign-in, a sign-out or another account does; the same user's session with a new token (a
 * refresh) does not, since the token is read from storage at each request.
 */
export function storedChangeNeedsClient(oldValue: string | null, newValue: string | null): boolean {
  const before = parseStoredSession(oldValue);
  const after = parseStoredSession(newValue);
  return before === null || after === null || before.user.id !== after.user.id;
}

/** Parameters an auth redirect (email confirmation, OAuth) puts in the address for supabase-js to read. */
const AUTH_REDIRECT_PARAMS = /[#?&](access_token|error_description|error_code)=/;

/** Whether an address's query and fragment carry an auth redirect (email confirmation, OAuth). */
export const isAuthRedirect = (search: string, hash: string): boolean =>
  AUTH_REDIRECT_PARAMS.test(`${search}${hash}`);

/**
 * The access token of the session stored under `key` while the app sends it without the Auth
 * client (usableStoredToken), else null. The script before the first paint sends the page's
 * first request with it; the app's client sends the same (src/lib/early-requests.ts).
 */
export function storedAccessTokenIn(
  storage: Pick<Storage, 'getItem'>,
  key: string,
  now: number,
): string | null {
  return usableStoredToken(storedSessionIn(storage, key), now);
}
