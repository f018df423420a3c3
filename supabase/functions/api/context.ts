import type { SupabaseClient, User } from '@supabase/supabase-js';
import type { ApiConfig } from '../_shared/config.ts';
import type { RouterClient } from '../_shared/routing.ts';
import type { Geocoder } from '../_shared/geocoding.ts';
import type { SharedState } from '../_shared/shared-state.ts';

export interface Services {
  config: ApiConfig;
  router: RouterClient;
  geocoder: Geocoder;
  /** cache, rate limits and upstream slots shared across instances (Postgres) */
  sharedState: SharedState;
}

/** Hono variables: the services, and for signed-in routes the caller and their client. */
export type AppEnv = {
  Variables: Services & {
    user: User;
    /** supabase-js acting as the caller (RLS applies) */
    db: SupabaseClient;
  };
};
