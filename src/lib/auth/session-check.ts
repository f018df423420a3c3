import { storedSessionUser, type LoadedSupabase } from '@/lib/supabase';
import { toAuthUser, type AuthUser } from './identity';

/**
 * The server's own words for a refused sign-in or sign-up, or undefined when
 * it never answered (network failure, gateway error): then the page's generic
 * message applies.
 */
export function serverMessageOf(kit: LoadedSupabase, error: unknown): string | undefined {
  if (!kit.isAuthError(error) || kit.isAuthRetryableFetchError(error)) return undefined;
  return (error as Error).message || undefined;
}

/**
 * Start-up check: a stored session is validated with the
 * server. A session the server rejects is removed on this device; when the
 * server cannot be reached the stored session is kept, since it is not known
 * to be invalid and will be checked again on the next request.
 */
export async function restoreUser(kit: LoadedSupabase): Promise<AuthUser | null> {
  // Offline (driving with the navigation page), an expired access token cannot be refreshed and
  // supabase-js would retry for half a minute: the stored session stands until the server can judge it.
  if (!navigator.onLine) return toAuthUser(storedSessionUser());
  const { data, error: sessionError } = await kit.client.auth.getSession();
  const session = data.session;
  if (!session)
    return sessionError && kit.isAuthRetryableFetchError(sessionError)
      ? toAuthUser(storedSessionUser())
      : null;

  const { data: userData, error } = await kit.client.auth.getUser();
  if (!error && userData.user) return toAuthUser(userData.user);
  if (error && kit.isAuthRetryableFetchError(error)) return toAuthUser(session.user);

  await kit.client.auth.signOut({ scope: 'local' });
  return null;
}
