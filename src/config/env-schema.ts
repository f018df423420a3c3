/*
 * The SPA's configuration rules, checked by hand rather than with zod: this module is on every
 * page's start-up path (the landing page included), and zod alone weighs more than the page.
 */

export interface AppEnv {
  /** Supabase project URL; undefined means "this origin" (the dev server proxies /auth/v1 and /rest/v1). */
  supabaseUrl: string | undefined;
  supabaseAnonKey: string;
  /** Base of the product's /api contract. */
  apiUrl: string;
  /** Leaflet tile URL template. */
  tileUrl: string;
  /** Google sign-in is offered only when a client id is configured. */
  googleClientId: string | undefined;
}

export class EnvError extends Error {
  constructor(issues: string[]) {
    super(`Invalid app configuration:\n- ${issues.join('\n- ')}`);
    this.name = 'EnvError';
  }
}

const DEFAULT_API_URL = '/api';
const DEFAULT_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
const MISSING_ANON_KEY =
  "VITE_SUPABASE_ANON_KEY is not set. `npm start` injects the local key; for a hosted project set it to the project's anon (public) key.";

/** An empty variable means "not set", so `VITE_X=` in a shell falls back to the default. */
function optionalText(
  source: Record<string, unknown>,
  name: string,
  issues: string[],
): string | undefined {
  const value = source[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') {
    issues.push(`${name}: expected text`);
    return undefined;
  }
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** Validates the raw Vite env; throws an EnvError that names every problem. */
export function parseEnv(source: Record<string, unknown>): AppEnv {
  const issues: string[] = [];
  const supabaseUrl = optionalText(source, 'VITE_SUPABASE_URL', issues);
  if (supabaseUrl !== undefined && !isHttpUrl(supabaseUrl)) {
    issues.push('VITE_SUPABASE_URL: expected an http(s) URL');
  }
  const supabaseAnonKey = optionalText(source, 'VITE_SUPABASE_ANON_KEY', issues);
  if (supabaseAnonKey === undefined) issues.push(`VITE_SUPABASE_ANON_KEY: ${MISSING_ANON_KEY}`);
  const apiUrl = optionalText(source, 'VITE_API_URL', issues) ?? DEFAULT_API_URL;
  const tileUrl = optionalText(source, 'VITE_TILE_URL', issues) ?? DEFAULT_TILE_URL;
  const googleClientId = optionalText(source, 'VITE_GOOGLE_CLIENT_ID', issues);

  if (issues.length > 0 || supabaseAnonKey === undefined) throw new EnvError(issues);
  return {
    supabaseUrl,
    supabaseAnonKey,
    apiUrl: apiUrl.replace(/\/+$/, ''),
    tileUrl,
    googleClientId,
  };
}
