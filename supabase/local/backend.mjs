// Supabase Auth (GoTrue-compatible) and the Data API (PostgREST-compatible) from
// @supabase/lite, over embedded PGlite or a real Postgres, with the project's
// migrations applied. Admin mode stays off so every request meets RLS.
import { App } from '@supabase/lite';
import { applyMigrations, applyRoles, applySeedOnce, openAdminSql } from './database.mjs';
import { localKeys } from './settings.mjs';
import { batchSessionSettings } from './session-context.mjs';

process.env.LITE_TELEMETRY ??= '0';
process.env.DO_NOT_TRACK ??= '1';

async function openConnection({ databaseUrl, dataDir }) {
  if (databaseUrl) {
    const { createPostgresConnection } = await import('@supabase/lite/postgres');
    return createPostgresConnection({ url: databaseUrl, postgresOptions: { onnotice: () => {} } });
  }
  const { createPgliteConnection } = await import('@supabase/lite/pglite');
  return createPgliteConnection({ url: dataDir });
}

/**
 * @param {{databaseUrl?: string, dataDir: string, siteUrl: string,
 *          requireEmailConfirmation?: boolean, seed?: boolean}} options
 */
export async function createBackend(options) {
  const connection = await openConnection(options);
  batchSessionSettings(connection);
  const app = new App({
    connection,
    auth: {
      enabled: true,
      site_url: options.siteUrl,
      jwt_secret: localKeys.jwtSecret,
      jwt_expiry: 3600,
      enable_signup: true,
      publishable_key: localKeys.publishableKey,
      secret_key: localKeys.secretKey,
      email: { enable_confirmations: Boolean(options.requireEmailConfirmation) },
    },
    options: { server: { admin: false } },
  });
  await app.init();
  await app.ensureSystemSchema();

  const admin = await openAdminSql({
    databaseUrl: options.databaseUrl,
    pglite: options.databaseUrl ? undefined : connection.driver,
  });
  let migrations;
  let seeded = false;
  try {
    await applyRoles(admin);
    migrations = await applyMigrations(admin);
    if (options.seed !== false) seeded = await applySeedOnce(admin);
  } finally {
    await admin.close();
  }
  await connection.clearSchemaCache?.();

  return {
    app,
    migrations,
    seeded,
    fetch: (request, peerAddress = null) => app.fetch(request, { peerAddress }),
    // postgres.js waits for every connection to finish on its own unless told how long
    // (after the server restarted, that is the idle timeout): close within 2 s.
    close: () => (options.databaseUrl ? connection.driver.end({ timeout: 2 }) : connection.close()),
  };
}
