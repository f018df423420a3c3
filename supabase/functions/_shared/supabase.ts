/**
 * Database and Auth access as the caller: every query carries the caller's JWT,
 * so row-level security decides what it may see and change.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { ApiConfig } from './config.ts';
import { ApiError } from './http.ts';
import { databaseFailure } from './database-errors.ts';

/** No generated database types here: SupabaseClient's own default for its Database parameter. */
type UntypedDatabase = SupabaseClient extends SupabaseClient<infer Database> ? Database : never;

export function supabaseAs(config: ApiConfig, accessToken?: string): SupabaseClient {
  // The schema named, as SupabaseClient's defaults do (createClient would leave it `any`).
  return createClient<UntypedDatabase, 'public'>(config.supabaseUrl, config.supabaseAnonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: accessToken ? { headers: { Authorization: `Bearer ${accessToken}` } } : {},
  });
}

/**
 * The function itself (service_role: RLS does not apply), for the calls only it may make: the
 * service_role-only SQL functions and Storage writes of checked images. Without the key those
 * calls answer 503 (hosted Supabase gives every Edge Function the key; `npm start` sets it).
 */
export function supabaseAsService(config: ApiConfig): SupabaseClient {
  if (!config.supabaseServiceRoleKey) {
    console.error('api: SUPABASE_SERVICE_ROLE_KEY is not set: driver links cannot report');
    throw new ApiError(503, 'Reporting through driver links is not available on this server');
  }
  return createClient<UntypedDatabase, 'public'>(
    config.supabaseUrl,
    config.supabaseServiceRoleKey,
    { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } },
  );
}

interface DataApiFailure {
  error: { code?: string; message: string } | null;
  status: number;
}

/** Turns a Data API failure into the API's error: the caller's fault is 4xx, never 500. */
export function dataApiError({ error, status }: DataApiFailure): ApiError {
  const code = error?.code ?? '';
  if (status === 401 || code.startsWith('PGRST30'))
    return new ApiError(401, 'Invalid or expired token');
  if (status === 403) return new ApiError(403, 'Not allowed');
  return databaseFailure(code, `${status} ${error?.message ?? ''}`);
}
