// Opens the local database (embedded PGlite, or a real Postgres from DATABASE_URL),
// gives it what hosted Supabase has (API roles), applies supabase/migrations in order
// (recorded in the Supabase CLI's history table) and seeds a new database once.
import { readdir, readFile } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import path from 'node:path';
import postgres from 'postgres';
import { supabaseDir } from './settings.mjs';

const migrationsDir = path.join(supabaseDir, 'migrations');
const MIGRATION_FILE = /^(\d{14})_(.+)\.sql$/;

/**
 * @typedef {object} AdminSql
 * @property {(text: string) => Promise<unknown>} run runs a multi-statement script
 * @property {(text: string, params?: unknown[]) => Promise<Record<string, unknown>[]>} query one
 *   statement with $1... parameters: its rows
 * @property {() => Promise<void>} close
 */

/**
 * A minimal SQL runner over either driver: `run(sql)` runs a multi-statement script.
 * @param {{databaseUrl?: string, pglite?: import('@electric-sql/pglite').PGlite}} options
 * @returns {AdminSql}
 */
export function openAdminSql({ databaseUrl, pglite }) {
  if (pglite) {
    return {
      run: (text) => pglite.exec(text),
      query: async (text, params = []) => {
        /** @type {import('@electric-sql/pglite').Results<Record<string, unknown>>} */
        const result = await pglite.query(text, params);
        return result.rows;
      },
      close: async () => {},
    };
  }
  if (!databaseUrl) throw new Error('openAdminSql: databaseUrl or pglite is required');
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  return {
    run: (text) => sql.unsafe(text).simple(),
    // postgres.js serialises the values it is given, as PGlite does
    query: (text, params = []) =>
      sql.unsafe(text, /** @type {import('postgres').ParameterOrJSON<never>[]} */ (params)),
    close: () => sql.end({ timeout: 5 }),
  };
}

export async function listMigrations() {
  const files = (await readdir(migrationsDir)).filter((f) => MIGRATION_FILE.test(f)).sort();
  return Promise.all(
    files.map(async (file) => {
      // the list holds only names that match
      const [, version, name] = /** @type {RegExpExecArray} */ (MIGRATION_FILE.exec(file));
      return { version, name, sql: await readFile(path.join(migrationsDir, file), 'utf8') };
    }),
  );
}

/**
 * The API roles (server-wide), their schema usage and the auth helpers (in this database).
 * @param {AdminSql} admin
 */
export async function applyRoles(admin) {
  await applyServerRoles(admin);
  await admin.run(await readFile(path.join(supabaseDir, 'local', 'role-grants.sql'), 'utf8'));
}

/**
 * The API roles alone, on a connection to any database of the server: made once before
 * databases of one server are set up side by side (tests), which would otherwise race to
 * create them.
 * @param {AdminSql} admin
 */
export async function applyServerRoles(admin) {
  await admin.run(await readFile(path.join(supabaseDir, 'local', 'roles.sql'), 'utf8'));
}

/**
 * Applies pending migrations, each in its own transaction with its history row.
 * @param {AdminSql} admin
 * @returns {Promise<string[]>} the migrations applied now
 */
export async function applyMigrations(admin) {
  await admin.run(`
    create schema if not exists supabase_migrations;
    create table if not exists supabase_migrations.schema_migrations (
      version text primary key, statements text[], name text
    );`);
  const applied = new Set(
    (await admin.query('select version from supabase_migrations.schema_migrations')).map(
      (r) => r.version,
    ),
  );
  /** @type {string[]} */
  const done = [];
  for (const migration of await listMigrations()) {
    if (applied.has(migration.version)) continue;
    const record = `insert into supabase_migrations.schema_migrations (version, statements, name)
      values ('${migration.version}', array[${quote(migration.sql)}], ${quote(migration.name)});`;
    await admin.run(`begin;\n${migration.sql}\n;${record}\ncommit;`).catch(async (error) => {
      await admin.run('rollback;').catch(() => {});
      const reason = error instanceof Error ? error.message : String(error);
      throw new Error(`Migration ${migration.version}_${migration.name} failed: ${reason}`);
    });
    done.push(`${migration.version}_${migration.name}`);
  }
  return done;
}

/**
 * Runs supabase/seed.sql once per database (remembered by its hash).
 * @param {AdminSql} admin
 * @returns {Promise<boolean>} whether it ran now
 */
export async function applySeedOnce(admin) {
  const seed = await readFile(path.join(supabaseDir, 'seed.sql'), 'utf8');
  const hash = createHash('sha256').update(seed).digest('hex');
  await admin.run(
    `create table if not exists supabase_migrations.seed_files (path text primary key, hash text not null);`,
  );
  const rows = await admin.query(
    `select hash from supabase_migrations.seed_files where path = 'seed.sql'`,
  );
  if (rows.length > 0) return false;
  await admin.run(
    `begin;\n${seed}\n;insert into supabase_migrations.seed_files (path, hash) values ('seed.sql', '${hash}');\ncommit;`,
  );
  return true;
}

/** @param {string} text */
const quote = (text) => `'${text.replaceAll("'", "''")}'`;
