/** The `api` function's configuration, read once from the environment. */
import { MAX_WAYPOINTS_PER_REQUEST } from './routing.ts';
import { TABLE_BLOCK_SIZE } from './routing-table.ts';

export interface ApiConfig {
  supabaseUrl: string;
  supabaseAnonKey: string;
  siteUrl: string;
  nominatimUrl: string;
  osrmUrl: string;
  /** identifies this deployment to the geocoder (Nominatim's usage policy) */
  userAgent: string;
  /** minimum gap between two requests to one upstream (public OSM services: 1 per second) */
  upstreamMinIntervalMs: number;
  geocoderTimeoutMs: number;
  routerTimeoutMs: number;
  /** waypoints per route request (consecutive requests share their boundary stop) */
  routerMaxWaypoints: number;
  /** sources (and destinations) per table request: blocks of at most N x N (OSRM's max-table-size) */
  routerTableMaxCoordinates: number;
  /**
   * service_role key, used only for the proxies' shared state (cache, rate limits,
   * upstream slots) through service_role-only SQL functions; never for itinerary data.
   * Hosted Supabase provides it to Edge Functions. Unset: in-process state only.
   */
  supabaseServiceRoleKey: string | null;
  /**
   * A direct Postgres connection for itinerary data (each query as the caller, RLS applies),
   * faster than the Data API round trip. Unset: itineraries go through the Data API.
   */
  databaseUrl: string | null;
  /** longest wait for the upstream's next free slot before answering "busy" (geocoder) or estimating (router) */
  upstreamMaxWaitMs: number;
  /** per-client requests per minute (bursts up to the same number); 0 turns the limit off */
  geocodingRateLimitPerMinute: number;
  routingRateLimitPerMinute: number;
  /** how long answers stay cached */
  geocodingCacheTtlSeconds: number;
  routingCacheTtlSeconds: number;
}

type Env = { get(name: string): string | undefined };

/** A whole number of at least `minimum`; unset or not a number: the default. */
function wholeNumber(text: string | undefined, fallback: number, minimum: number): number {
  const value = Number(text ?? fallback);
  return Number.isFinite(value) ? Math.max(minimum, Math.floor(value)) : fallback;
}

const withoutTrailingSlash = (url: string): string => url.replace(/\/+$/, '');

export function readConfig(env: Env): ApiConfig {
  const supabaseUrl = env.get('SUPABASE_URL');
  const supabaseAnonKey = env.get('SUPABASE_ANON_KEY');
  if (!supabaseUrl || !supabaseAnonKey) {
    throw new Error('SUPABASE_URL and SUPABASE_ANON_KEY must be set for the api function');
  }
  const siteUrl = withoutTrailingSlash(env.get('SITE_URL') ?? 'http://localhost:5173');
  return {
    supabaseUrl: withoutTrailingSlash(supabaseUrl),
    supabaseAnonKey,
    siteUrl,
    nominatimUrl: withoutTrailingSlash(
      env.get('NOMINATIM_URL') ?? 'https://nominatim.openstreetmap.org',
    ),
    osrmUrl: withoutTrailingSlash(env.get('OSRM_URL') ?? 'https://router.project-osrm.org'),
    userAgent: env.get('GEOCODER_USER_AGENT') ?? `route-planner/0.1 (+${siteUrl})`,
    upstreamMinIntervalMs: Number(env.get('UPSTREAM_MIN_INTERVAL_MS') ?? 1000),
    geocoderTimeoutMs: Number(env.get('GEOCODER_TIMEOUT_MS') ?? 8000),
    routerTimeoutMs: Number(env.get('ROUTER_TIMEOUT_MS') ?? 8000),
    routerMaxWaypoints: wholeNumber(env.get('ROUTER_MAX_WAYPOINTS'), MAX_WAYPOINTS_PER_REQUEST, 2),
    routerTableMaxCoordinates: wholeNumber(
      env.get('ROUTER_TABLE_MAX_COORDINATES'),
      TABLE_BLOCK_SIZE,
      1,
    ),
    supabaseServiceRoleKey: env.get('SUPABASE_SERVICE_ROLE_KEY') || null,
    databaseUrl: env.get('API_DATABASE_URL') || null,
    upstreamMaxWaitMs: Number(env.get('UPSTREAM_MAX_WAIT_MS') ?? 5000),
    geocodingRateLimitPerMinute: Number(env.get('GEOCODING_RATE_LIMIT_PER_MINUTE') ?? 60),
    routingRateLimitPerMinute: Number(env.get('ROUTING_RATE_LIMIT_PER_MINUTE') ?? 60),
    geocodingCacheTtlSeconds: Number(env.get('GEOCODING_CACHE_TTL_SECONDS') ?? 7 * 24 * 3600),
    routingCacheTtlSeconds: Number(env.get('ROUTING_CACHE_TTL_SECONDS') ?? 24 * 3600),
  };
}
