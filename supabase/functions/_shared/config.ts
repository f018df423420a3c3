/** The `api` function's configuration, read once from the environment. */
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
}

type Env = { get(name: string): string | undefined };

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
    nominatimUrl: withoutTrailingSlash(env.get('NOMINATIM_URL') ?? 'https://nominatim.openstreetmap.org'),
    osrmUrl: withoutTrailingSlash(env.get('OSRM_URL') ?? 'https://router.project-osrm.org'),
    userAgent: env.get('GEOCODER_USER_AGENT') ?? `route-planner/0.1 (+${siteUrl})`,
    upstreamMinIntervalMs: Number(env.get('UPSTREAM_MIN_INTERVAL_MS') ?? 1000),
    geocoderTimeoutMs: Number(env.get('GEOCODER_TIMEOUT_MS') ?? 8000),
    routerTimeoutMs: Number(env.get('ROUTER_TIMEOUT_MS') ?? 8000),
  };
}
