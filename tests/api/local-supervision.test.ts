// The local stack runs its `api` function as a hosted platform does, tested by killing
// processes: a function that dies is logged and started again; a function never outlives the
// `npm start` that started it, even one ended by SIGKILL, so the next `npm start` gets its port;
// a stale function of this project found on that port is ended; and every write the API
// acknowledged before a SIGKILL of `npm start` is there after the restart.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { functionIndex } from '../../supabase/local/settings.mjs';
import { accepts, functionProcesses, root, start, STARTUP_MS, type Running } from './local-process';

const POLL = { timeout: 60_000, interval: 100 };

async function signIn(app: number): Promise<string> {
  const answer = await fetch(`http://127.0.0.1:${app}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'demo@example.com', password: 'demo-password' }),
  });
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { token: string }).token;
}

async function createRoute(app: number, token: string, title: string): Promise<string> {
  const answer = await fetch(`http://127.0.0.1:${app}/api/itineraries`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ title, stops: [{ name: 'Paris', lat: 48.85, lng: 2.35 }] }),
  });
  expect(answer.status).toBe(201);
  return ((await answer.json()) as { id: string }).id;
}

async function titles(app: number, token: string): Promise<string[]> {
  const answer = await fetch(`http://127.0.0.1:${app}/api/itineraries`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { title: string }[]).map((route) => route.title);
}

describe('the local stack supervises its api function', () => {
  let dataDir: string;
  let running: Running | undefined;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'route-planner-supervision-'));
    running = await start(dataDir, []);
  }, STARTUP_MS + 10_000);

  afterAll(async () => {
    await running?.stop();
    await rm(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('logs a killed function and starts it again', async () => {
    const { ports, output } = running!;
    const [first] = functionProcesses(ports.functions);
    expect(first).toBeDefined();
    process.kill(first, 'SIGKILL');
    await expect
      .poll(output, POLL)
      .toContain('The api function was killed (SIGKILL); starting it again in 250 ms.');
    await expect.poll(output, POLL).toContain('The api function is running again.');
    const [second] = functionProcesses(ports.functions);
    expect(second).not.toBe(first);
    const token = await signIn(ports.app);
    await createRoute(ports.app, token, 'After the restart');
    expect(await titles(ports.app, token)).toContain('After the restart');
  });

  it(
    'ends the function with npm start when npm start is killed, and the next start keeps every acknowledged write',
    async () => {
      const { ports, pid } = running!;
      const token = await signIn(ports.app);
      const written = ['Before the kill 1', 'Before the kill 2', 'Before the kill 3'];
      for (const title of written) await createRoute(ports.app, token, title);
      // SIGKILL: start.mjs runs no code to stop anything.
      process.kill(pid, 'SIGKILL');
      await running!.exited;
      running = undefined;
      await expect.poll(() => functionProcesses(ports.functions), POLL).toEqual([]);
      // A process that is exiting has lost its environment (what functionProcesses reads)
      // before its sockets are closed: the port is free a moment later, not at once.
      await expect.poll(() => accepts('127.0.0.1', ports.functions), POLL).toBe(false);

      running = await start(dataDir, [], ports);
      expect(running.output()).not.toContain('AddrInUse');
      const titlesAfter = await titles(ports.app, await signIn(ports.app));
      for (const title of [...written, 'After the restart']) expect(titlesAfter).toContain(title);
    },
    STARTUP_MS,
  );

  it(
    'ends a stale function of this project left on its port before it starts',
    async () => {
      const { ports } = running!;
      expect(await running!.stop()).toBe(0);
      running = undefined;
      // A function the way an older stack ran it (no end with its parent), orphaned: the shell
      // that started it exits at once.
      const deno = path.join(root, 'node_modules', '.bin', 'deno');
      const config = path.join(root, 'supabase', 'functions', 'api', 'deno.json');
      spawn(
        'sh',
        [
          '-c',
          `"${deno}" run --quiet --allow-net --allow-env --config "${config}" "${functionIndex}" &`,
        ],
        {
          env: {
            ...process.env,
            DENO_SERVE_ADDRESS: `tcp:127.0.0.1:${ports.functions}`,
            SUPABASE_URL: 'http://127.0.0.1:9',
            SUPABASE_ANON_KEY: 'anon',
          },
          stdio: 'ignore',
          detached: true,
        },
      ).unref();
      await expect.poll(() => accepts('127.0.0.1', ports.functions), POLL).toBe(true);
      const [stale] = functionProcesses(ports.functions);

      running = await start(dataDir, [], ports);
      expect(running.output()).toContain(
        `Ended a stale api function left running on port ${ports.functions} (process ${stale}).`,
      );
      expect(functionProcesses(ports.functions)).not.toContain(stale);
      expect((await fetch(`http://127.0.0.1:${ports.app}/api/health`)).status).toBe(200);
    },
    STARTUP_MS,
  );
});
