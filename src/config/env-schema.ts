import { z } from 'zod';

/** An empty variable means "not set", so `VITE_X=` in a shell falls back to the default. */
const optionalText = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
  z.string().trim().optional(),
);

const envSchema = z.object({
  VITE_SUPABASE_URL: optionalText.pipe(z.url().optional()),
  VITE_SUPABASE_ANON_KEY: optionalText.pipe(
    z.string({
      error:
        'VITE_SUPABASE_ANON_KEY is not set. `npm start` injects the local key; for a hosted project set it to the project\'s anon (public) key.',
    }),
  ),
  VITE_API_URL: optionalText.transform((value) => value ?? '/api'),
  VITE_TILE_URL: optionalText.transform(
    (value) => value ?? 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  ),
  VITE_GOOGLE_CLIENT_ID: optionalText,
});

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

/** Validates the raw Vite env; throws an EnvError that names every problem. */
export function parseEnv(source: Record<string, unknown>): AppEnv {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    throw new EnvError(
      result.error.issues.map((issue) => `${issue.path.join('.') || 'env'}: ${issue.message}`),
    );
  }
  const raw = result.data;
  return {
    supabaseUrl: raw.VITE_SUPABASE_URL,
    supabaseAnonKey: raw.VITE_SUPABASE_ANON_KEY,
    apiUrl: raw.VITE_API_URL.replace(/\/+$/, ''),
    tileUrl: raw.VITE_TILE_URL,
    googleClientId: raw.VITE_GOOGLE_CLIENT_ID,
  };
}
