// Configuration of the local stack, read once from the environment.
// The names are the product's configuration contract (the README's configuration table).
import { fileURLToPath } from 'node:url';
import path from 'node:path';

export const projectRoot = fileURLToPath(new URL('../..', import.meta.url));
export const supabaseDir = path.join(projectRoot, 'supabase');
/** The `api` function as hosted Supabase runs it. */
export const functionIndex = path.join(supabaseDir, 'functions', 'api', 'index.ts');
/** The `api` function as the local stack runs it: ending with the process that started it. */
export const functionEntry = path.join(supabaseDir, 'local', 'function-entry.ts');

/**
 * Local-only keys, like the Supabase CLI's well-known demo keys: public by design,
 * valid only against this machine's stack, never used by a hosted project.
 */
export const localKeys = Object.freeze({
  publishableKey: 'sb_publishable_route_planner_local_dev_only',
  secretKey: 'sb_secret_route_planner_local_dev_only',
  jwtSecret: 'route-planner-local-dev-only-jwt-secret-0123456789',
});

export function readSettings(env = process.env) {
  const port = Number(env.PORT ?? 5173);
  return {
    port,
    gatewayPort: Number(env.SUPABASE_LOCAL_PORT ?? 54321),
    functionsPort: Number(env.FUNCTIONS_LOCAL_PORT ?? 54329),
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: path.resolve(projectRoot, env.LOCAL_DATA_DIR ?? '.data/pglite'),
    // Storage's files (drivers' photos and signatures), beside the database.
    storageDir: path.resolve(projectRoot, env.LOCAL_STORAGE_DIR ?? '.data/storage'),
    siteUrl: env.SITE_URL ?? `http://localhost:${port}`,
    nominatimUrl: env.NOMINATIM_URL ?? 'https://nominatim.openstreetmap.org',
    photonUrl: env.PHOTON_URL ?? 'https://photon.komoot.io',
    osrmUrl: env.OSRM_URL ?? 'https://router.project-osrm.org',
    requireEmailConfirmation: env.AUTH_REQUIRE_EMAIL_CONFIRMATION === 'true',
    // Auth's emails: printed to the console unless SMTP_URL names a server (mail.mjs).
    smtpUrl: env.SMTP_URL || undefined,
    smtpFrom: env.SMTP_FROM || undefined,
    // `npm run studio`: Supabase Studio for this database, on loopback only (studio.mjs).
    studioPort: Number(env.STUDIO_PORT ?? 54323),
    // Tests only: keep Auth's emails for the tests to read and let them age a link
    // (gateway.mjs, /__test/*). Never set by `npm start`.
    testHooks: env.LOCAL_TEST_HOOKS === '1',
  };
}
