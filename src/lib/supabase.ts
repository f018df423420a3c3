import { createClient } from '@supabase/supabase-js';
import { env } from '@/config/env';

/**
 * The one supabase-js client. It owns the session: it stores it under its own
 * localStorage key and refreshes it. That replaces the spec's `token` key
 * (a documented deviation); nothing else in the SPA stores tokens.
 *
 * Without VITE_SUPABASE_URL the client talks to this origin, where the dev
 * server proxies /auth/v1 and /rest/v1 to the local gateway.
 */
export const supabase = createClient(
  env.supabaseUrl ?? window.location.origin,
  env.supabaseAnonKey,
  {
    auth: {
      persistSession: true,
      autoRefreshToken: true,
      detectSessionInUrl: true,
    },
  },
);

/** The current access token, refreshed by supabase-js when needed; null when signed out. */
export async function getAccessToken(): Promise<string | null> {
  const { data } = await supabase.auth.getSession();
  return data.session?.access_token ?? null;
}
