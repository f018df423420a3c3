// Supabase Auth (GoTrue-compatible), the Data API (PostgREST-compatible) and Storage from
// @supabase/lite, over embedded PGlite or a real Postgres, with the project's
// migrations applied. Admin mode stays off so every request meets RLS, and lite's
// bundled Studio is off here: only `npm run studio` serves it, on loopback (studio.mjs).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { App, setExperimental } from '@supabase/lite';
import { filesystemStorage } from './storage-files.mjs';
import { applyMigrations, applyRoles, applySeedOnce, openAdminSql } from './database.mjs';
import { createMailer } from './mail.mjs';
import { localKeys } from './settings.mjs';
import { batchSessionSettings } from './session-context.mjs';

process.env.LITE_TELEMETRY ??= '0';
process.env.DO_NOT_TRACK ??= '1';

/**
 * @typedef {{connection: import('@supabase/lite/postgres').PostgresConnection,
 *   postgres: import('postgres').Sql, pglite?: undefined}
 *   | {connection: import('@supabase/lite/pglite').PgliteConnection,
 *   pglite: import('@electric-sql/pglite').PGlite, postgres?: undefined}} Opened
 *   lite's connection and the driver under it: postgres.js for a DATABASE_URL, else PGlite
 */

/**
 * @param {{databaseUrl?: string, dataDir?: string}} options
 * @returns {Promise<Opened>}
 */
async function openConnection({ databaseUrl, dataDir }) {
  if (databaseUrl) {
    const { createPostgresConnection } = await import('@supabase/lite/postgres');
    const connection = createPostgresConnection({
      url: databaseUrl,
      postgresOptions: { onnotice: () => {} },
    });
    return { connection, postgres: connection.driver };
  }
  const { createPgliteConnection } = await import('@supabase/lite/pglite');
  const connection = await createPgliteConnection({ url: dataDir });
  return { connection, pglite: connection.driver };
}

/**
 * @param {{databaseUrl?: string, dataDir?: string, storageDir?: string, siteUrl: string,
 *          requireEmailConfirmation?: boolean, seed?: boolean, smtpUrl?: string,
 *          smtpFrom?: string, captureMail?: boolean, quiet?: boolean}} options
 *   `dataDir`: PGlite's folder (without `databaseUrl`); `storageDir`: Storage's files (without
 *   it, a temporary folder removed on close: the tests' backends)
 */
export async function createBackend(options) {
  const storageDir =
    options.storageDir ?? (await mkdtemp(path.join(tmpdir(), 'route-planner-storage-')));
  const opened = await openConnection(options);
  const { connection } = opened;
  batchSessionSettings(connection);
  const mail = createMailer({
    smtpUrl: options.smtpUrl,
    smtpFrom: options.smtpFrom,
    capture: Boolean(options.captureMail),
    quiet: Boolean(options.quiet),
  });
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
      email: {
        enable_confirmations: Boolean(options.requireEmailConfirmation),
        // An email change is confirmed from the new address alone, as on a hosted project
        // with "Secure email change" off (supabase/config.toml): lite's secure mode would
        // confirm from the current address instead (its documented partial support).
        double_confirm_changes: false,
      },
    },
    // Storage, as on hosted Supabase (drivers' photos and signatures): lite's is experimental,
    // off unless its flag is set and an adapter is given; its files live in `storageDir`.
    storage: { enabled: true },
    studio: { enabled: false },
    options: { server: { admin: false }, drivers: { email: mail.driver } },
  });
  setExperimental('storage', true);
  app._storageAdapter = filesystemStorage(storageDir);
  await app.init();
  await app.ensureSystemSchema();

  const admin = openAdminSql({ databaseUrl: options.databaseUrl, pglite: opened.pglite });
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
    mail,
    migrations,
    seeded,
    /**
     * A script of SQL statements as the database owner (studio.mjs's grants).
     * @param {string} script
     * @returns {Promise<unknown>}
     */
    exec: (script) =>
      opened.postgres ? opened.postgres.unsafe(script).simple() : opened.pglite.exec(script),
    /**
     * One SQL statement as the database owner (the tests' hooks, gateway.mjs).
     * @param {string} text
     * @param {unknown[]} [params]
     * @returns {Promise<Record<string, any>[]>}
     */
    query: async (text, params = []) => {
      if (opened.postgres)
        return opened.postgres.unsafe(
          text,
          /** @type {import('postgres').ParameterOrJSON<never>[]} */ (params),
        );
      /** @type {import('@electric-sql/pglite').Results<Record<string, any>>} */
      const result = await opened.pglite.query(text, params);
      return result.rows;
    },
    /**
     * @param {Request} request
     * @param {string | null} [peerAddress] the socket's peer (lite's admin mode checks it)
     */
    fetch: (request, peerAddress = null) => app.fetch(request, { peerAddress }),
    // postgres.js waits for every connection to finish on its own unless told how long
    // (after the server restarted, that is the idle timeout): close within 2 s.
    close: async () => {
      await (opened.postgres ? opened.postgres.end({ timeout: 2 }) : connection.close());
      if (!options.storageDir) await rm(storageDir, { recursive: true, force: true });
    },
  };
}
