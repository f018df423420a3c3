// `npm start` and `npm run studio` as the processes a developer runs (supabase/local/start.mjs),
// for the tests that start, stop and kill them: their ports, their output, their end.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../supabase/local/stack.mjs';

export const root = path.resolve(import.meta.dirname, '../..');
export const START = 'supabase/local/start.mjs';
/** Starting means migrating a new PGlite database and starting Deno and Vite: slow on a busy machine. */
export const STARTUP_MS = 300_000;

/** Whether a TCP connection to host:port is accepted. */
export const accepts = (host: string, port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect({ host, port });
    socket.setTimeout(2000, () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/** This machine's addresses other than loopback (where a LAN peer would connect). */
export const externalAddresses = () =>
  Object.values(os.networkInterfaces())
    .flat()
    .filter((entry) => entry && !entry.internal)
    .map((entry) => entry!.address);

export interface Ports {
  app: number;
  gateway: number;
  functions: number;
  studio: number;
}

export const freePorts = async (): Promise<Ports> => ({
  app: await freePort(),
  gateway: await freePort(),
  functions: await freePort(),
  studio: await freePort(),
});

export interface Running {
  ports: Ports;
  /** the start.mjs process */
  pid: number;
  /** Everything the process printed so far (stdout and stderr). */
  output: () => string;
  /** Resolves with the exit code (null when ended by a signal). */
  exited: Promise<number | null>;
  /** SIGTERM, as Ctrl-C's sibling; resolves with the exit code. */
  stop: () => Promise<number | null>;
}

/**
 * Runs start.mjs as `npm start` (or `npm run studio` with --studio) until it says it is ready,
 * on `ports` (new free ones by default) and the data folder `dataDir`.
 */
export async function start(
  dataDir: string,
  args: string[],
  ports: Ports | null = null,
): Promise<Running> {
  const used = ports ?? (await freePorts());
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(used.app),
    SUPABASE_LOCAL_PORT: String(used.gateway),
    FUNCTIONS_LOCAL_PORT: String(used.functions),
    STUDIO_PORT: String(used.studio),
    LOCAL_DATA_DIR: dataDir,
    // Nothing here calls them; never the public services from a test.
    NOMINATIM_URL: 'http://127.0.0.1:9',
    PHOTON_URL: 'http://127.0.0.1:9',
    OSRM_URL: 'http://127.0.0.1:9',
  };
  for (const name of ['DATABASE_URL', 'SMTP_URL', 'LOCAL_TEST_HOOKS', 'SITE_URL']) delete env[name];
  const child: ChildProcessWithoutNullStreams = spawn(process.execPath, [START, ...args], {
    cwd: root,
    env,
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));

  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`start.mjs did not get ready in time:\n${output}`));
    }, STARTUP_MS);
    const check = () => {
      if (!output.includes('Press Ctrl-C to stop.')) return;
      clearTimeout(timer);
      child.stdout.off('data', check);
      resolve();
    };
    child.stdout.on('data', check);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`start.mjs exited (${code}) before it was ready:\n${output}`));
    });
  });
  return {
    ports: used,
    pid: child.pid!,
    output: () => output,
    exited,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}

/**
 * The process ids of the Deno processes serving a function on `port` (read from /proc: the
 * local stack gives each its address in DENO_SERVE_ADDRESS).
 */
export function functionProcesses(port: number): number[] {
  const address = `DENO_SERVE_ADDRESS=tcp:127.0.0.1:${port}`;
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z')) continue;
      if (readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').includes(address))
        found.push(pid);
    } catch {
      // Gone, or not ours to read.
    }
  }
  return found;
}
