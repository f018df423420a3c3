// The whole local backend: database + Auth + Data API (@supabase/lite), the `api`
// Edge Function (Deno) and the gateway in front of them. Used by `npm start` and the tests.
import { createBackend } from './backend.mjs';
import { startGateway } from './gateway.mjs';
import { startFunctions } from './functions.mjs';
import { localKeys } from './settings.mjs';
import { createServer } from 'node:net';

/**
 * A free loopback port (for tests that must not collide with a running `npm start`).
 * @returns {Promise<number>}
 */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
      server.close(() => resolve(port));
    });
  });
}

/**
 * @param {ReturnType<typeof import('./settings.mjs').readSettings> & {seed?: boolean, quiet?: boolean,
 *   functionsEnv?: Record<string,string>}} settings
 *   settings.testHooks: the tests' stack (emails kept for them, gateway /__test/*).
 */
export async function startStack(settings) {
  const backend = await createBackend({ ...settings, captureMail: Boolean(settings.testHooks) });
  const gatewayPort = settings.gatewayPort || (await freePort());
  const functionsPort = settings.functionsPort || (await freePort());
  const functionsUrl = `http://127.0.0.1:${functionsPort}`;
  const gateway = await startGateway({
    port: gatewayPort,
    backend,
    functionsUrl,
    testHooks: Boolean(settings.testHooks),
  });
  let functions;
  try {
    functions = await startFunctions({
      port: functionsPort,
      quiet: settings.quiet,
      env: {
        SUPABASE_URL: gateway.url,
        SUPABASE_ANON_KEY: localKeys.publishableKey,
        // Hosted Supabase gives Edge Functions the service-role key; here the local secret
        // key is service_role. Used only for the proxies' cache and rate limits.
        SUPABASE_SERVICE_ROLE_KEY: localKeys.secretKey,
        // On a real Postgres the function reads and writes itineraries over its own
        // connection, as the caller (RLS applies); PGlite is reachable only through lite.
        ...(settings.databaseUrl ? { API_DATABASE_URL: settings.databaseUrl } : {}),
        SITE_URL: settings.siteUrl,
        // Links to drivers' photos go through the site, which proxies /storage/v1 (vite.config.ts).
        SUPABASE_PUBLIC_URL: settings.siteUrl,
        NOMINATIM_URL: settings.nominatimUrl,
        PHOTON_URL: settings.photonUrl,
        OSRM_URL: settings.osrmUrl,
        ...settings.functionsEnv,
      },
    });
  } catch (error) {
    await gateway.close();
    await backend.close();
    throw error;
  }
  return {
    gatewayUrl: gateway.url,
    functionsUrl,
    /** the function's Deno process running now */
    get functionsPid() {
      return functions.pid;
    },
    apiUrl: `${gateway.url}/functions/v1/api`,
    backend,
    stop: async () => {
      await functions.stop();
      await gateway.close();
      await backend.close();
    },
  };
}
