// One end-to-end stack per Playwright worker: the fake upstreams (in the worker's own
// process, with their HTTP control API) and a child process running serve-stack.mjs (the
// local backend on a fresh copy of the migrated template database, and `vite preview` of
// the production build made once by global-setup.ts). Workers never share a database, a
// fake's mode or a port, so tests can run in parallel.
import { spawn, type ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
import path from 'node:path';
import { startFakeNominatim, startFakeOsrm } from '../../fakes/index.mjs';
import { startFakePhoton } from '../../fakes/photon.mjs';
import { startFakeControl } from '../../fakes/control.mjs';
import { projectRoot } from '../../../supabase/local/settings.mjs';

/**
 * E2E_PORT_OFFSET moves every port of a run (two people's runs on one machine); each
 * worker then takes a slot of SLOT_WIDTH ports: worker n adds n × SLOT_WIDTH.
 */
export const portOffset = Number(process.env.E2E_PORT_OFFSET ?? 0);
export const SLOT_WIDTH = 20;

/** The ports of one stack, apart from a developer's `npm start` (5173/54321). */
export function e2ePorts(offset: number) {
  return {
    app: 5183 + offset,
    gateway: 54331 + offset,
    functions: 54339 + offset,
    nominatim: 54391 + offset,
    osrm: 54392 + offset,
    /** the fakes' control API (tests/fakes/control.mjs) */
    fakeControl: 54393 + offset,
    photon: 54394 + offset,
  };
}

/** Where global-setup.ts leaves the production build and the migrated template database. */
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
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function portInUse(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Starts the stack of worker slot `slot`; `stop()` ends all of it. */
export async function startE2eStack(
  slot: number,
): Promise<E2eStack & { stop: () => Promise<void> }> {
  const offset = portOffset + slot * SLOT_WIDTH;
  const ports = e2ePorts(offset);
  const dirs = e2eDirs();
  // A worker that replaces a failed one gets its slot: wait for the old stack to let go.
  for (let waited = 0; (await portInUse(ports.app)) && waited < 20_000; waited += 250)
    await sleep(250);

  // Every third-party service the stack calls, faked (a new one: start it here, add it to the
  // control API's map and give the stack its URL below).
  const nominatim = await startFakeNominatim({ port: ports.nominatim });
  const osrm = await startFakeOsrm({ port: ports.osrm });
  const photon = await startFakePhoton({ port: ports.photon });
  const control = await startFakeControl({ nominatim, osrm, photon }, { port: ports.fakeControl });
  const appUrl = `http://localhost:${ports.app}`;

  const child: ChildProcess = spawn(process.execPath, ['tests/e2e/serve-stack.mjs'], {
    cwd: projectRoot,
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    env: {
      ...process.env,
      ...FUNCTION_ENV,
      PORT: String(ports.app),
      SUPABASE_LOCAL_PORT: String(ports.gateway),
      FUNCTIONS_LOCAL_PORT: String(ports.functions),
      LOCAL_DATA_DIR: path.join(dirs.root, `db-${offset}`),
      SITE_URL: appUrl,
      NOMINATIM_URL: nominatim.url,
      OSRM_URL: osrm.url,
      PHOTON_URL: photon.url,
      E2E_APP_DIST: dirs.dist,
      E2E_DATA_TEMPLATE: dirs.template,
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

  return {
    appUrl,
    gatewayUrl: `http://127.0.0.1:${ports.gateway}`,
    nominatimUrl: nominatim.url,
    osrmUrl: osrm.url,
    photonUrl: photon.url,
    fakeControlUrl: control.url,
    stop,
  };
}
