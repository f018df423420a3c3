// `npm start` and `npm run studio` as the processes a developer runs (supabase/local/start.mjs,
// the package.json scripts): everything listens on loopback; `npm start` serves no Studio and
// gives no admin rights to anyone, not even through its own dev server's proxy (a request the
// proxy makes arrives from loopback); `npm run studio` adds the Studio on 127.0.0.1 only and
// says so when it starts; Auth's emails are printed to the console.
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accepts,
  externalAddresses,
  root,
  start,
  START,
  STARTUP_MS,
  type Running,
} from './local-process';

const scripts = (
  JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  }
).scripts;

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

  it('answers an oversized body (6 MB) with 413 {error}, directly and through the dev server’s proxy', async () => {
    const { ports } = running!;
    const body = 'x'.repeat(6_000_000);
    for (const base of [
      `http://127.0.0.1:${ports.gateway}/functions/v1/api`,
      `http://127.0.0.1:${ports.app}/api`,
    ]) {
      // One endpoint that reads the body and one that answers before reading it.
      for (const [route, status] of [
        ['/auth/login', 413],
        ['/itineraries', 401],
      ] as const) {
        const answer = await fetch(`${base}${route}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
        });
        expect(answer.status, `${base}${route}`).toBe(status);
        expect(await answer.json()).toEqual({ error: expect.any(String) });
      }
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
