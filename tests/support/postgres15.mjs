// A throwaway PostgreSQL 15 (what hosted Supabase runs) for the database, api, load and e2e tests.
// TEST_DATABASE_URL wins when set (CI may provide a server); otherwise Debian's
// PostgreSQL 15 binaries get a temporary cluster on a free loopback port. Either way
// each caller gets a fresh database, dropped (or deleted with the cluster) on stop().
// Plain JavaScript so `npm run bench:load` (node, no TypeScript) can use it too.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chown, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';

/** Debian's PostgreSQL 15 binaries; POSTGRES15_BIN points elsewhere (another layout, or a test of the skip). */
const binDir = (env = process.env) => env.POSTGRES15_BIN ?? '/usr/lib/postgresql/15/bin';

/**
 * @typedef {{ available: true, source: 'TEST_DATABASE_URL' | 'initdb' } | { available: false, reason: string }} Postgres15Availability
 * @typedef {{ url: string, name: string, serverVersion: string, stop: () => Promise<void> }} Postgres15Database
 *   url: connection string of the fresh database (superuser); name: the database's name;
 *   serverVersion: as the server reports it
 * @typedef {{ url: string, pause: () => void, resume: () => void, stop: () => Promise<void> }} Cluster
 *   pause: stops the server (fast shutdown: open connections are cut), keeping its data;
 *   resume: starts the paused server again on the same port
 */

/** @returns {Postgres15Availability} */
export function postgres15Availability(env = process.env) {
  if (env.TEST_DATABASE_URL) return { available: true, source: 'TEST_DATABASE_URL' };
  if (existsSync(path.join(binDir(env), 'initdb'))) return { available: true, source: 'initdb' };
  return {
    available: false,
    reason: `TEST_DATABASE_URL is not set and ${binDir(env)}/initdb does not exist (apt-get install postgresql-15)`,
  };
}

/**
 * Starts (or connects to) PostgreSQL 15 and creates a fresh database for one test file (or one
 * e2e stack, or its template).
 * @param {NodeJS.ProcessEnv} [env]
 * @param {{template?: string}} [options] template: copy this database (which nobody may be
 *   connected to) instead of starting empty
 * @returns {Promise<Postgres15Database>}
 */
export async function startPostgres15(env = process.env, { template } = {}) {
  const availability = postgres15Availability(env);
  if (!availability.available)
    throw new Error(`PostgreSQL 15 is not available: ${availability.reason}`);
  if (availability.source === 'TEST_DATABASE_URL')
    // set: that is what availability checked
    return freshDatabase(/** @type {string} */ (env.TEST_DATABASE_URL), async () => {}, template);
  const cluster = await startCluster(binDir(env));
  try {
    return await freshDatabase(cluster.url, cluster.stop, template);
  } catch (error) {
    await cluster.stop();
    throw error;
  }
}

let databasesMade = 0;

/** A database this module made, by its name: the process that made it and when (ms). */
const MADE_HERE = /^route_planner_test_(\d+)_([0-9a-z]+)_\d+$/;

/** Older than this, a database whose process is gone is abandoned (no test run lasts an hour). */
const ABANDONED_AFTER_MS = 60 * 60 * 1000;

/** @param {number} pid */
function processAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: alive, someone else's.
    return /** @type {NodeJS.ErrnoException} */ (error).code === 'EPERM';
  }
}

/**
 * Drops the databases a killed run left on a server (its process gone before it could drop
 * them): only names this module made, whose process no longer runs on this machine and which
 * are more than an hour old by the server's clock. A live run's databases on this machine are
 * never touched; on a server shared with other machines (whose pids mean nothing here) the hour
 * is the only guard, and no test run lasts that long. Returns the names dropped.
 * @param {import('postgres').Sql} server
 * @param {{now?: number, alive?: (pid: number) => boolean}} [options] now: the server's clock
 *   (ms) unless given
 * @returns {Promise<string[]>}
 */
export async function dropAbandonedDatabases(server, { now, alive = processAlive } = {}) {
  const rows = await server.unsafe(
    "select datname, (extract(epoch from now()) * 1000)::float8 as now from pg_database where datname like 'route\\_planner\\_test\\_%'",
  );
  /** @type {string[]} */
  const dropped = [];
  for (const { datname, now: serverNow } of rows) {
    const match = MADE_HERE.exec(datname);
    if (!match) continue;
    const [, pid, made] = match;
    if ((now ?? serverNow) - parseInt(made, 36) < ABANDONED_AFTER_MS || alive(Number(pid)))
      continue;
    await server.unsafe(`drop database if exists ${datname} with (force)`);
    dropped.push(datname);
  }
  return dropped;
}

/** Once per process, on the first database made on a given server (TEST_DATABASE_URL). */
const swept = new Set();

/**
 * @param {string} serverUrl
 * @param {() => Promise<void>} stopServer
 * @param {string} [template] the database to copy
 * @returns {Promise<Postgres15Database>}
 */
async function freshDatabase(serverUrl, stopServer, template) {
  // Goes into the SQL as is: only names this module makes.
  if (template !== undefined && !/^[a-z0-9_]+$/.test(template))
    throw new Error(`Not a database name this module made: ${template}`);
  databasesMade += 1;
  const name = `route_planner_test_${process.pid}_${Date.now().toString(36)}_${databasesMade}`;
  const server = postgres(serverUrl, { max: 1, onnotice: () => {} });
  try {
    if (!swept.has(serverUrl)) {
      swept.add(serverUrl);
      // Housekeeping: a failure (e.g. a database another role owns) never stops a test.
      await dropAbandonedDatabases(server).catch((/** @type {unknown} */ error) => {
        console.warn(`Could not drop abandoned test databases: ${String(error)}`);
      });
    }
    await server.unsafe(`create database ${name}${template ? ` template ${template}` : ''}`);
    // The stack's own connections print every NOTICE ("already exists, skipping"...).
    await server.unsafe(`alter database ${name} set client_min_messages = warning`);
    const [{ server_version: serverVersion }] = await server.unsafe('show server_version');
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    return {
      url: url.toString(),
      name,
      serverVersion,
      stop: async () => {
        try {
          await server.unsafe(`drop database if exists ${name} with (force)`);
        } finally {
          await server.end({ timeout: 5 });
          await stopServer();
        }
      },
    };
  } catch (error) {
    await server.end({ timeout: 5 });
    throw error;
  }
}

/**
 * Whether a throwaway cluster can be made here (the initdb binaries, whatever TEST_DATABASE_URL says).
 * @returns {Postgres15Availability}
 */
export function postgres15ClusterAvailability(env = process.env) {
  if (existsSync(path.join(binDir(env), 'initdb'))) return { available: true, source: 'initdb' };
  return {
    available: false,
    reason: `${binDir(env)}/initdb does not exist (apt-get install postgresql-15)`,
  };
}

/**
 * A throwaway PostgreSQL 15 cluster of this test's own, even when TEST_DATABASE_URL is
 * set: for tests that stop and restart the server under a running stack.
 * @returns {Promise<Cluster>}
 */
export async function startPostgres15Cluster(env = process.env) {
  const availability = postgres15ClusterAvailability(env);
  if (!availability.available)
    throw new Error(`PostgreSQL 15 is not available: ${availability.reason}`);
  return startCluster(binDir(env));
}

/**
 * @param {string} bin the folder of PostgreSQL's binaries
 * @returns {Promise<Cluster>}
 */
async function startCluster(bin) {
  const root = await mkdtemp(path.join(os.tmpdir(), 'route-planner-pg15-'));
  const dataDir = path.join(root, 'data');
  const socketDir = path.join(root, 'socket');
  const logFile = path.join(root, 'postgres.log');
  await mkdir(socketDir);
  // PostgreSQL refuses to run as root: hand the folder to the postgres OS user.
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    await chown(root, uid, gid);
    await chown(socketDir, uid, gid);
  }
  /** @type {(binary: string, args: string[]) => void} */
  const run = (binary, args) => {
    const command = asRoot ? 'runuser' : path.join(bin, binary);
    const fullArgs = asRoot ? ['-u', 'postgres', '--', path.join(bin, binary), ...args] : args;
    const result = spawnSync(command, fullArgs, { encoding: 'utf8', timeout: 60_000 });
    if (result.status !== 0) {
      throw new Error(
        `${binary} ${args.join(' ')} failed (${result.status}): ${result.stderr || result.stdout}`,
      );
    }
  };
  const removeRoot = () => rm(root, { recursive: true, force: true });

  try {
    run('initdb', [
      '-D',
      dataDir,
      '-U',
      'postgres',
      '--auth=trust',
      '-E',
      'UTF8',
      '--no-locale',
      '--no-sync',
    ]);
  } catch (error) {
    await removeRoot();
    throw error;
  }
  const port = await freePort();
  const serverOptions = [
    `-p ${port}`,
    `-k ${socketDir}`,
    '-c listen_addresses=127.0.0.1',
    // A disposable cluster: durability buys nothing here, speed does.
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c max_connections=40',
  ].join(' ');
  const stopServer = () => {
    try {
      run('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
    } catch {
      // Already stopped.
    }
  };
  // If the test process dies before afterAll, still take the server down with it.
  const onExit = () => stopServer();
  process.once('exit', onExit);
  try {
    run('pg_ctl', ['-D', dataDir, '-l', logFile, '-o', serverOptions, '-w', '-t', '60', 'start']);
  } catch (error) {
    process.off('exit', onExit);
    stopServer();
    await removeRoot();
    throw error;
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    pause: () => run('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']),
    resume: () =>
      run('pg_ctl', ['-D', dataDir, '-l', logFile, '-o', serverOptions, '-w', '-t', '60', 'start']),
    stop: async () => {
      process.off('exit', onExit);
      stopServer();
      await removeRoot();
    },
  };
}

/** @returns {Promise<number>} */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}
