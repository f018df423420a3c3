/**
 * The `api` function's configuration, read once from the environment at start-up and
 * checked with zod: a malformed value (`UPSTREAM_MIN_INTERVAL_MS=1s`, a rate limit of
 * `60/min`) stops the function with a message naming the variable, instead of becoming
 * NaN and silently switching the upstream gate or the rate limit off.
 */
import { z } from 'zod';
import { MAX_WAYPOINTS_PER_REQUEST, TABLE_BLOCK_SIZE } from './router-defaults.ts';
import { DRIVER_REPORTS_PER_MINUTE } from './domain/stop-reports.ts';

export interface ApiConfig {
  supabaseUrl: string;
  supabaseAnonKey: string;
  /**
   * The Supabase URL as browsers reach it, for the links to drivers' photos and signatures:
   * SUPABASE_URL unless the function reaches Supabase another way (the local stack: the
   * gateway on loopback, which the site proxies).
   */
  supabasePublicUrl: string;
  siteUrl: string;
  nominatimUrl: string;
  /** Photon, for search as you type (Nominatim is its fallback) */
  photonUrl: string;
  /** the languages the Photon instance has names in (its `lang` parameter) */
  photonLanguages: string[];
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
   * service_role key, used only through service_role-only SQL functions and Storage: the
   * proxies' shared state (cache, rate limits, upstream slots), and a driver link's writes
   * (its reports and their photos and signatures, once the function has checked them);
   * never to read or change an owner's itineraries.
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
  /**
   * password reset requests per hour, counted per client and per email address (whether or
   * not an account has it, so the limit tells nothing about accounts); 0 turns the limit off
   */
  passwordResetRateLimitPerHour: number;
  /** reports (and their photos and signatures) one driver link may send per minute; 0: off */
  driverReportRateLimitPerMinute: number;
  /** how long answers stay cached */
  geocodingCacheTtlSeconds: number;
  routingCacheTtlSeconds: number;
  /** the least time between two sweeps of orphaned proofs, over all instances */
  proofSweepIntervalSeconds: number;
}

type Env = { get(name: string): string | undefined };

/** The configuration cannot be used: one line per variable, each naming it. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration of the api function:\n  ${problems.join('\n  ')}`);
    this.name = 'ConfigError';
  }
}

/** Variables whose values must never appear in a message or a log (keys, passwords). */
const SECRET = new Set(['SUPABASE_ANON_KEY', 'SUPABASE_SERVICE_ROLE_KEY', 'API_DATABASE_URL']);

/**
 * A whole number from `min` to `max` (digits only: no unit, sign, exponent or decimals);
 * `minLabel` says what the minimum means ("0 (off)").
 */
const wholeNumber = (
  unit: string,
  min: number,
  max: number,
  fallback: number,
  minLabel: string = String(min),
) =>
  z
    .string()
    .optional()
    .transform((text, context) => {
      if (text === undefined) return fallback;
      const value = /^\d{1,12}$/.test(text) ? Number(text) : NaN;
      if (value >= min && value <= max) return value;
      context.addIssue({
        code: 'custom',
        message: `must be a whole number of ${unit} from ${minLabel} to ${max}`,
      });
      return z.NEVER;
    });

/** `value` as an http(s) URL without its trailing slashes, or an issue saying what is wrong. */
function checkHttpUrl(value: string | undefined, context: z.RefinementCtx): string {
  let url: URL | null = null;
  try {
    url = value === undefined ? null : new URL(value);
  } catch {
    url = null;
  }
  if (url && (url.protocol === 'http:' || url.protocol === 'https:'))
    return value!.replace(/\/+$/, '');
  context.addIssue({
    code: 'custom',
    message:
      value === undefined
        ? 'must be set (an http:// or https:// URL)'
        : 'must be an http:// or https:// URL',
  });
  return z.NEVER;
}

/** An http(s) URL; `fallback` when unset (without one it must be set). */
const httpUrl = (fallback?: string) =>
  z
    .string()
    .optional()
    .transform((text, context) => checkHttpUrl(text ?? fallback, context));

/** An http(s) URL that may stay unset. */
const optionalHttpUrl = z
  .string()
  .optional()
  .transform((text, context) => (text === undefined ? undefined : checkHttpUrl(text, context)));

const postgresUrl = z
  .string()
  .optional()
  .refine((text) => text === undefined || /^postgres(ql)?:\/\/\S+$/.test(text), {
    message: 'must be a postgres:// or postgresql:// connection URL',
  })
  .transform((text) => text ?? null);

const requiredText = z
  .string({ error: 'must be set' })
  .refine((text) => text.trim() !== '', { message: 'must be set' });

const MS_MAX = 600_000;

/** Variable name → its parser; the keys are the names the README's configuration table documents. */
const variables = z.object({
  SUPABASE_URL: httpUrl(),
  SUPABASE_ANON_KEY: requiredText,
  SITE_URL: httpUrl('http://localhost:5173'),
  // Unset: SUPABASE_URL (readConfig).
  SUPABASE_PUBLIC_URL: optionalHttpUrl,
  NOMINATIM_URL: httpUrl('https://nominatim.openstreetmap.org'),
  OSRM_URL: httpUrl('https://router.project-osrm.org'),
  PHOTON_URL: httpUrl('https://photon.komoot.io'),
  PHOTON_LANGUAGES: z
    .string()
    .optional()
    .refine(
      (text) => text === undefined || /^[a-z]{2}(,[a-z]{2})*$/.test(text.replace(/\s+/g, '')),
      {
        message: 'must be two-letter language codes separated by commas (e.g. de,en,fr)',
      },
    )
    .transform((text) => (text ?? 'de,en,fr').replace(/\s+/g, '').split(',')),
  GEOCODER_USER_AGENT: z
    .string()
    .optional()
    .refine((text) => text === undefined || /^[\x20-\x7e]{1,200}$/.test(text), {
      message: 'must be 1 to 200 printable ASCII characters (a User-Agent header)',
    }),
  // The SQL slot function accepts intervals up to 600 s; the gate adds a 10% margin.
  UPSTREAM_MIN_INTERVAL_MS: wholeNumber('milliseconds', 0, 500_000, 1000),
  UPSTREAM_MAX_WAIT_MS: wholeNumber('milliseconds', 0, MS_MAX, 5000),
  GEOCODER_TIMEOUT_MS: wholeNumber('milliseconds', 1, MS_MAX, 8000),
  ROUTER_TIMEOUT_MS: wholeNumber('milliseconds', 1, MS_MAX, 8000),
  ROUTER_MAX_WAYPOINTS: wholeNumber('waypoints', 2, 10_000, MAX_WAYPOINTS_PER_REQUEST),
  ROUTER_TABLE_MAX_COORDINATES: wholeNumber('coordinates', 1, 10_000, TABLE_BLOCK_SIZE),
  GEOCODING_RATE_LIMIT_PER_MINUTE: wholeNumber('requests per minute', 0, 1e9, 60, '0 (off)'),
  ROUTING_RATE_LIMIT_PER_MINUTE: wholeNumber('requests per minute', 0, 1e9, 60, '0 (off)'),
  PASSWORD_RESET_RATE_LIMIT_PER_HOUR: wholeNumber('requests per hour', 0, 1e6, 5, '0 (off)'),
  DRIVER_REPORT_RATE_LIMIT_PER_MINUTE: wholeNumber(
    'requests per minute',
    0,
    1e6,
    DRIVER_REPORTS_PER_MINUTE,
    '0 (off)',
  ),
  // The shared cache keeps entries 1 s to 30 days.
  GEOCODING_CACHE_TTL_SECONDS: wholeNumber('seconds', 1, 2_592_000, 7 * 24 * 3600),
  ROUTING_CACHE_TTL_SECONDS: wholeNumber('seconds', 1, 2_592_000, 24 * 3600),
  // At most an hour: the sweep's turn is a rate-limit bucket, and those are forgotten (full
  // again) after an hour idle.
  PROOF_SWEEP_INTERVAL_SECONDS: wholeNumber('seconds', 1, 3600, 3600),
  SUPABASE_SERVICE_ROLE_KEY: z
    .string()
    .optional()
    .transform((text) => text ?? null),
  API_DATABASE_URL: postgresUrl,
});

type Variable = keyof typeof variables.shape;

/**
 * Reads and checks the configuration; throws ConfigError listing every malformed or missing
 * variable. An empty value counts as unset (the default applies).
 */
export function readConfig(env: Env): ApiConfig {
  const raw: Partial<Record<Variable, string>> = {};
  for (const name of Object.keys(variables.shape) as Variable[]) {
    const value = env.get(name)?.trim();
    if (value) raw[name] = value;
  }
  const parsed = variables.safeParse(raw);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const name = String(issue.path[0]) as Variable;
        const value = raw[name];
        const shown =
          value === undefined || SECRET.has(name) ? '' : `, got ${JSON.stringify(value)}`;
        return `${name} ${issue.message}${shown}`;
      }),
    );
  }
  const v = parsed.data;
  return {
    supabaseUrl: v.SUPABASE_URL,
    supabaseAnonKey: v.SUPABASE_ANON_KEY,
    supabasePublicUrl: v.SUPABASE_PUBLIC_URL ?? v.SUPABASE_URL,
    siteUrl: v.SITE_URL,
    nominatimUrl: v.NOMINATIM_URL,
    osrmUrl: v.OSRM_URL,
    photonUrl: v.PHOTON_URL,
    photonLanguages: v.PHOTON_LANGUAGES,
    userAgent: v.GEOCODER_USER_AGENT ?? `route-planner/0.1 (+${v.SITE_URL})`,
    upstreamMinIntervalMs: v.UPSTREAM_MIN_INTERVAL_MS,
    geocoderTimeoutMs: v.GEOCODER_TIMEOUT_MS,
    routerTimeoutMs: v.ROUTER_TIMEOUT_MS,
    routerMaxWaypoints: v.ROUTER_MAX_WAYPOINTS,
    routerTableMaxCoordinates: v.ROUTER_TABLE_MAX_COORDINATES,
    supabaseServiceRoleKey: v.SUPABASE_SERVICE_ROLE_KEY,
    databaseUrl: v.API_DATABASE_URL,
    upstreamMaxWaitMs: v.UPSTREAM_MAX_WAIT_MS,
    geocodingRateLimitPerMinute: v.GEOCODING_RATE_LIMIT_PER_MINUTE,
    routingRateLimitPerMinute: v.ROUTING_RATE_LIMIT_PER_MINUTE,
    passwordResetRateLimitPerHour: v.PASSWORD_RESET_RATE_LIMIT_PER_HOUR,
    driverReportRateLimitPerMinute: v.DRIVER_REPORT_RATE_LIMIT_PER_MINUTE,
    geocodingCacheTtlSeconds: v.GEOCODING_CACHE_TTL_SECONDS,
    routingCacheTtlSeconds: v.ROUTING_CACHE_TTL_SECONDS,
    proofSweepIntervalSeconds: v.PROOF_SWEEP_INTERVAL_SECONDS,
  };
}
