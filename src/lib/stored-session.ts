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
 * The access token of the session stored under `key` while it has not expired at `now` (ms),
 * else null. Auth refreshes a token close to its end before using it: the app's client then
 * sends another token than this one, and knows the two apart (src/lib/early-requests.ts).
 */
export function storedAccessTokenIn(
  storage: Pick<Storage, 'getItem'>,
  key: string,
  now: number,
): string | null {
  try {
    const stored = JSON.parse(storage.getItem(key) ?? 'null') as {
      access_token?: unknown;
      expires_at?: unknown;
    } | null;
    const token = stored?.access_token;
    const expiresAt = stored?.expires_at;
    return typeof token === 'string' && typeof expiresAt === 'number' && expiresAt * 1000 > now
      ? token
      : null;
  } catch {
    return null;
  }
}
