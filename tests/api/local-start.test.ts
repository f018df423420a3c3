// `npm start` and `npm run studio` as the processes a developer runs (supabase/local/start.mjs,
// the package.json scripts): everything listens on loopback; `npm start` serves no Studio and
// gives no admin rights to anyone, not even through its own dev server's proxy (a request the
// proxy makes arrives from loopback); `npm run studio` adds the Studio on 127.0.0.1 only and
// says so when it starts; Auth's emails are printed to the console.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../supabase/local/stack.mjs';

const root = path.resolve(import.meta.dirname, '../..');
const START = 'supabase/local/start.mjs';
/** Starting means migrating a new PGlite database and starting Deno and Vite: slow on a busy machine. */
const STARTUP_MS = 300_000;

const scripts = (
  JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  }
).scripts;

/** Whether a TCP connection to host:port is accepted. */
const accepts = (host: string, port: number) =>
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
const externalAddresses = () =>
  Object.values(os.networkInterfaces())
    .flat()
    .filter((entry) => entry && !entry.internal)
    .map((entry) => entry!.address);

interface Ports {
  app: number;
  gateway: number;
  functions: number;
  studio: number;
}

interface Running {
  ports: Ports;
  /** Everything the process printed so far (stdout and stderr). */
  output: () => string;
  /** SIGTERM, as Ctrl-C's sibling; resolves with the exit code. */
  stop: () => Promise<number | null>;
}

/** Runs start.mjs as `npm start` (or `npm run studio` with --studio) until it says it is ready. */
async function start(dataDir: string, args: string[]): Promise<Running> {
  const ports: Ports = {
    app: await freePort(),
    gateway: await freePort(),
    functions: await freePort(),
    studio: await freePort(),
  };
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(ports.app),
    SUPABASE_LOCAL_PORT: String(ports.gateway),
    FUNCTIONS_LOCAL_PORT: String(ports.functions),
    STUDIO_PORT: String(ports.studio),
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
    ports,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}

/** A Data API read with no key at all: what lite's admin mode would serve as service_role. */
const keylessRead = (base: string) =>
  fetch(`${base}/rest/v1/itineraries?select=id,title`).then(async (answer) => ({
    status: answer.status,
    body: await answer.text(),
  }));

describe('the package.json scripts', () => {
  it('npm start runs start.mjs alone; npm run studio adds --studio', () => {
    expect(scripts.start).toBe(`node ${START}`);
    expect(scripts.studio).toBe(`node ${START} --studio`);
  });
});

describe('npm start, as a process', () => {
  let dataDir: string;
  let running: Running | undefined;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'route-planner-start-'));
    running = await start(dataDir, []);
  }, STARTUP_MS + 10_000);

  afterAll(async () => {
    await running?.stop();
    await rm(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('listens on loopback only and serves no Studio', async () => {
    const { ports, output } = running!;
    expect(output()).not.toContain('Supabase Studio');
    expect(await accepts('127.0.0.1', ports.app)).toBe(true);
    expect(await accepts('127.0.0.1', ports.gateway)).toBe(true);
    expect(await accepts('127.0.0.1', ports.studio)).toBe(false);
    for (const address of externalAddresses())
      for (const port of [ports.app, ports.gateway, ports.functions, ports.studio])
        expect(await accepts(address, port), `${address}:${port}`).toBe(false);
    const gateway = `http://127.0.0.1:${ports.gateway}`;
    expect((await fetch(`${gateway}/_system/info`)).status).toBe(404);
    expect(await (await fetch(`${gateway}/`)).text()).not.toContain('<div id="root">');
  });

  it('gives no admin rights: a request without a key is refused, directly and through the dev server’s proxy', async () => {
    const { ports } = running!;
    // The seeded demo account has routes: admin rights would list them.
    for (const base of [`http://127.0.0.1:${ports.gateway}`, `http://127.0.0.1:${ports.app}`]) {
      const answer = await keylessRead(base);
      expect(answer.status, base).toBe(401);
      expect(answer.body).not.toContain('"title"');
    }
  });

  it('prints Auth’s emails to its console: recipient, subject and the link', async () => {
    const { ports, output } = running!;
    expect(output()).toMatch(/Auth emails +printed in this console/);
    const answer = await fetch(`http://127.0.0.1:${ports.app}/api/auth/password-reset`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'demo@example.com' }),
    });
    expect(answer.status).toBe(202);
    await expect
      .poll(output, { timeout: 60_000, interval: 250 })
      .toMatch(/To: {7}demo@example\.com\s+Subject: {2}Reset Your Password\s+Link: {5}http:\/\//);
  });

  it('stops on SIGTERM (last)', async () => {
    const { ports } = running!;
    expect(await running!.stop()).toBe(0);
    running = undefined;
    expect(await accepts('127.0.0.1', ports.app)).toBe(false);
    expect(await accepts('127.0.0.1', ports.gateway)).toBe(false);
  });
});

describe('npm run studio, as a process', () => {
  let dataDir: string;
  let running: Running | undefined;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'route-planner-studio-run-'));
    running = await start(dataDir, ['--studio']);
  }, STARTUP_MS + 10_000);

  afterAll(async () => {
    await running?.stop();
    await rm(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('says when it starts that the Studio is on loopback only, with admin rights only for this machine', () => {
    const { ports, output } = running!;
    expect(output()).toContain(`Supabase Studio       http://127.0.0.1:${ports.studio}`);
    expect(output()).toContain('listening on loopback only (this machine)');
    expect(output()).toContain('admin rights (service_role,');
    expect(output()).toContain('only for requests from this machine');
  });

  it('serves the Studio on 127.0.0.1 only, with admin rights there', async () => {
    const { ports } = running!;
    expect(await accepts('127.0.0.1', ports.studio)).toBe(true);
    for (const address of externalAddresses())
      for (const port of [ports.app, ports.gateway, ports.functions, ports.studio])
        expect(await accepts(address, port), `${address}:${port}`).toBe(false);
    const info = (await (await fetch(`http://127.0.0.1:${ports.studio}/_system/info`)).json()) as {
      admin: boolean;
    };
    expect(info.admin).toBe(true);
  });

  it('gives the app’s own ports no admin rights meanwhile (the dev server’s proxy is not a way in)', async () => {
    const { ports } = running!;
    for (const base of [`http://127.0.0.1:${ports.gateway}`, `http://127.0.0.1:${ports.app}`]) {
      const answer = await keylessRead(base);
      expect(answer.status, base).toBe(401);
    }
    expect((await fetch(`http://127.0.0.1:${ports.gateway}/_system/info`)).status).toBe(404);
  });

  it('stops the Studio with the rest on SIGTERM (last)', async () => {
    const { ports } = running!;
    expect(await running!.stop()).toBe(0);
    running = undefined;
    expect(await accepts('127.0.0.1', ports.studio)).toBe(false);
  });
});
