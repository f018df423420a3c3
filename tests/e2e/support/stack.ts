// One end-to-end stack per worker slot (Playwright's parallelIndex): the fake upstreams
// (with their HTTP control API) and a child process running serve-stack.mjs (the local
// backend on a fresh copy of the migrated template database, and `vite preview` of the
// production build). global-setup.ts starts one per worker before the tests and stops them
// after: a worker that replaces a failed one (Playwright restarts workers after a failure)
// finds its slot's stack running. Slots never share a database, a fake's mode or a port, so
// tests run in parallel.
import { spawn, type ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
import path from 'node:path';
import { startFakeNominatim, startFakeOsrm } from '../../fakes/index.mjs';
import { startFakePhoton } from '../../fakes/photon.mjs';
import { startFakeControl } from '../../fakes/control.mjs';
import { projectRoot } from '../../../supabase/local/settings.mjs';
import { startPostgres15 } from '../../support/postgres15.mjs';

/**
 * E2E_PORT_OFFSET moves every port of a run (two people's runs on one machine; give them
 * offsets a multiple of SLOT_WIDTH apart, e.g. 0 and 120); each worker then takes a slot of
 * SLOT_WIDTH ports: worker n adds n × SLOT_WIDTH.
 */
export const portOffset = Number(process.env.E2E_PORT_OFFSET ?? 0);
export const SLOT_WIDTH = 20;

/**
 * The app's port of one stack, apart from a developer's `npm start` (5173). The gateway, the
 * function and the upstream fakes listen on a free port the system gives; the app and the
 * tile server (below) have fixed ports, which runs whose offsets differ by a multiple of
 * SLOT_WIDTH never share.
 */
export const appPort = (offset: number) => 5183 + offset;

/**
 * The fake tile server's port (tests/fakes/tiles.mjs), one for the run: its address is in the
 * production build (VITE_TILE_URL), which every worker's stack serves. Never an app port
 * (5183 + offset + 20n).
 */
export const tilePort = 5180 + portOffset;
/** The tile server's origin as the browser sees it (another origin than the app's). */
export const tileOrigin = `http://127.0.0.1:${tilePort}`;

/** Where global-setup.ts leaves the production build and (on PGlite) the migrated template database. */
export function e2eDirs(offset = portOffset) {
  const root = path.join(projectRoot, '.data', `e2e-run-${offset}`);
  return { root, dist: path.join(root, 'dist'), template: path.join(root, 'template-db') };
}

export interface E2eStack {
  /** the SPA, with /api, /auth/v1 and /rest/v1 at the same origin (the tests' baseURL) */
  appUrl: string;
  /** the Supabase gateway (/auth/v1, /rest/v1, /functions/v1) */
  gatewayUrl: string;
  nominatimUrl: string;
  osrmUrl: string;
  photonUrl: string;
  /** POST {fake}/mode, GET|DELETE {fake}/requests (tests/fakes/control.mjs) */
  fakeControlUrl: string;
}

/** Settings of the `api` function for every e2e stack. */
const FUNCTION_ENV = {
  UPSTREAM_MIN_INTERVAL_MS: '0',
  // Every browser of a worker shares 127.0.0.1's bucket; the limits have their own tests.
  GEOCODING_RATE_LIMIT_PER_MINUTE: '0',
  ROUTING_RATE_LIMIT_PER_MINUTE: '0',
  PASSWORD_RESET_RATE_LIMIT_PER_HOUR: '0',
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function portInUse(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Where global-setup.ts tells the workers about the stacks (one per slot, JSON). */
const STACKS_ENV = 'E2E_STACKS';

/** Tells the workers (which inherit the runner's environment) about the stacks. */
export function publishStacks(stacks: E2eStack[]) {
  process.env[STACKS_ENV] = JSON.stringify(stacks);
}

/** The URLs of worker slot `slot`'s stack (started by global-setup.ts). */
export function e2eStackUrls(slot: number): E2eStack {
  const stacks = JSON.parse(process.env[STACKS_ENV] ?? '[]') as E2eStack[];
  const stack = stacks[slot];
  if (!stack) throw new Error(`No e2e stack for worker slot ${slot} (global-setup.ts starts them)`);
  return stack;
}

/** Starts the stack of worker slot `slot`; `stop()` ends all of it. */
export async function startE2eStack(
  slot: number,
): Promise<E2eStack & { stop: () => Promise<void> }> {
  const offset = portOffset + slot * SLOT_WIDTH;
  const ports = { app: appPort(offset) };
  const dirs = e2eDirs();
  if (await portInUse(ports.app))
    throw new Error(
      `Port ${ports.app} is taken (another e2e run?): set E2E_PORT_OFFSET to use other ports.`,
    );

  // On PostgreSQL 15 (TEST_DATABASE_URL): a copy of global-setup.ts's template database;
  // otherwise serve-stack.mjs copies the template PGlite data directory.
  const template = process.env.E2E_POSTGRES_TEMPLATE;
  const database = template ? await startPostgres15(process.env, { template }) : null;

  // Every third-party service the stack calls, faked (a new one: start it here, add it to the
  // control API's map and give the stack its URL below).
  const nominatim = await startFakeNominatim();
  const osrm = await startFakeOsrm();
  const photon = await startFakePhoton();
  const control = await startFakeControl({ nominatim, osrm, photon });
  const appUrl = `http://localhost:${ports.app}`;

  const child: ChildProcess = spawn(process.execPath, ['tests/e2e/serve-stack.mjs'], {
    cwd: projectRoot,
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    env: {
      ...process.env,
      ...FUNCTION_ENV,
      PORT: String(ports.app),
      SUPABASE_LOCAL_PORT: '0',
      FUNCTIONS_LOCAL_PORT: '0',
      LOCAL_DATA_DIR: path.join(dirs.root, `db-${offset}`),
      LOCAL_STORAGE_DIR: path.join(dirs.root, `storage-${offset}`),
      ...(database ? { DATABASE_URL: database.url } : {}),
      SITE_URL: appUrl,
      NOMINATIM_URL: nominatim.url,
      OSRM_URL: osrm.url,
      PHOTON_URL: photon.url,
      E2E_APP_DIST: dirs.dist,
      E2E_DATA_TEMPLATE: dirs.template,
      // Auth's emails kept for the tests (GET /__test/mail on the gateway), links aged on demand.
      LOCAL_TEST_HOOKS: '1',
    },
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-8000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  let exitCode: number | null | undefined;
  void exited.then((code) => (exitCode = code));

  const stopFakes = async () => {
    await control.close();
    await nominatim.close();
    await osrm.close();
    await photon.close();
    await database?.stop();
  };
  const stop = async () => {
    if (exitCode === undefined) {
      child.kill('SIGTERM');
      const killed = await Promise.race([exited.then(() => true), sleep(15_000).then(() => false)]);
      if (!killed) {
        child.kill('SIGKILL');
        await exited;
      }
    }
    await stopFakes();
  };

  const deadline = Date.now() + 200_000;
  for (;;) {
    if (exitCode !== undefined) {
      await stopFakes();
      throw new Error(`The e2e stack on port ${ports.app} exited (${exitCode}):\n${output}`);
    }
    const healthy = await fetch(`${appUrl}/api/health`)
      .then((response) => response.ok)
      .catch(() => false);
    if (healthy) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The e2e stack on port ${ports.app} did not answer in time:\n${output}`);
    }
    await sleep(200);
  }

  // Warm up what is slow the first time (the Data API's schema cache, the function's first
  // database and upstream calls), so the worker's first test does not pay for it within its
  // expect timeouts: on a busy machine a first shared-route lookup took over 15 s.
  await Promise.all(
    [
      `/api/itineraries/share/${'A'.repeat(43)}`,
      '/api/geocoding/search?q=warm-up',
      '/rest/v1/',
      '/auth/v1/health',
    ].map((path) =>
      fetch(`${appUrl}${path}`)
        .then((response) => response.arrayBuffer())
        .catch(() => undefined),
    ),
  );

  return {
    appUrl,
    gatewayUrl:
      (JSON.parse(/e2e stack: (\{.*\})/.exec(output)?.[1] ?? '{}') as { gatewayUrl?: string })
        .gatewayUrl ?? '',
    nominatimUrl: nominatim.url,
    osrmUrl: osrm.url,
    photonUrl: photon.url,
    fakeControlUrl: control.url,
    stop,
  };
}
