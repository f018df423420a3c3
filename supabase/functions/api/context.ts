import type { User } from '@supabase/supabase-js';
import type { ApiConfig } from '../_shared/config.ts';
import type { RouterClient } from '../_shared/routing.ts';
import type { Geocoder } from '../_shared/geocoding.ts';
import type { SharedState } from '../_shared/shared-state.ts';
import type { ItineraryStore, ItineraryStores } from '../_shared/itinerary-store.ts';
import type { DriverStores, OwnerDriverStore } from '../_shared/driver-store.ts';
import type { OwnerTrackingStore, TrackingStores } from '../_shared/tracking-store.ts';
import type { ProofStorage } from '../_shared/proof-storage.ts';

export interface Services {
  config: ApiConfig;
  router: RouterClient;
  geocoder: Geocoder;
  /** cache, rate limits and upstream slots shared across instances (Postgres) */
  sharedState: SharedState;
  itineraryStores: ItineraryStores;
  /** driver links and stop reports: the token functions, and the owner's side */
  driverStores: DriverStores;
  /** tracking links and the routes' planned times: the token function, and the owner's side */
  trackingStores: TrackingStores;
  /** drivers' photos and signatures in Storage (as anon for a link, as the owner otherwise) */
  proofStorage: ProofStorage;
}

/** Hono variables: the services, and for signed-in routes the caller and their itineraries. */
export type AppEnv = {
  Variables: Services & {
    user: User;
    /** the caller's verified session token (Storage is asked as the caller with it) */
    accessToken: string;
    /** the caller's itineraries and share links (RLS applies) */
    itineraries: ItineraryStore;
    /** the caller's driver links and the reports on their routes (RLS applies) */
    driverReports: OwnerDriverStore;
    /** the caller's tracking links and their routes' planned times (RLS applies) */
    tracking: OwnerTrackingStore;
  };
};
