// `npm run studio` (supabase/local/studio.mjs): @supabase/lite's bundled Supabase Studio for
// the local database, on loopback only, with admin rights (service_role) only for requests
// from this machine; `npm start`'s gateway never serves it.
import http from 'node:http';
import { connect } from 'node:net';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createBackend } from '../../supabase/local/backend.mjs';
import { startStudio } from '../../supabase/local/studio.mjs';
import { localKeys } from '../../supabase/local/settings.mjs';
import { dataDirFromTemplate, TEST_SITE_URL } from '../support/pglite-template';

type Backend = Awaited<ReturnType<typeof createBackend>>;

/** A request with exactly these headers (fetch would not let a test set Host). */
function rawGet(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const request = http.get(url, { headers }, (response) => {
      let body = '';
      response.on('data', (chunk) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
  });
}

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
    .filter((entry) => entry && !entry.internal && entry.family === 'IPv4')
    .map((entry) => entry!.address);

describe('npm run studio', () => {
  let dataDir: string;
  let backend: Backend;
  let studio: Awaited<ReturnType<typeof startStudio>>;
  let email: string;

  beforeAll(async () => {
    dataDir = await dataDirFromTemplate('route-planner-studio-');
    backend = await createBackend({ dataDir, siteUrl: TEST_SITE_URL, seed: false });
    email = `operator-test-${Date.now()}@example.com`;
    const signup = await backend.fetch(
      new Request('http://127.0.0.1/auth/v1/signup', {
        method: 'POST',
        headers: { apikey: localKeys.publishableKey, 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: 'correct-horse-battery' }),
      }),
      '127.0.0.1',
    );
    expect(signup.status).toBe(200);
    studio = await startStudio({ backend, port: 0 });
  }, 120_000);

  let stopped = false;
  afterAll(async () => {
    if (!stopped) await studio?.close();
    await backend?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('listens on 127.0.0.1 only', async () => {
    expect(studio.address).toBe('127.0.0.1');
    expect(studio.url).toBe(`http://127.0.0.1:${studio.port}`);
    expect(await accepts('127.0.0.1', studio.port)).toBe(true);
    const external = externalAddresses();
    for (const address of external) expect(await accepts(address, studio.port)).toBe(false);
  });

  it('refuses to listen on any other address', async () => {
    for (const host of ['0.0.0.0', '::', ...externalAddresses()]) {
      await expect(startStudio({ backend, port: 0, host })).rejects.toThrow(/loopback only/);
    }
  });

  it('serves the bundled Studio page and its own files', async () => {
    const page = await rawGet(`${studio.url}/`);
    expect(page.status).toBe(200);
    expect(page.body).toContain('<div id="root">');
    const script = /src="(\/static\/assets\/[^"]+\.js)"/.exec(page.body)?.[1];
    expect(script).toBeTruthy();
    const asset = await fetch(`${studio.url}${script}`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-type')).toMatch(/javascript/);
    expect((await rawGet(`${studio.url}/static/..%2f..%2fpackage.json`)).status).toBe(404);
  });

  it('gives admin rights (no key needed, RLS bypassed) to requests from this machine', async () => {
    const info = JSON.parse((await rawGet(`${studio.url}/_system/info`)).body);
    expect(info.admin).toBe(true);
    const users = await rawGet(`${studio.url}/rest/v1/users?select=email`, {
      'accept-profile': 'auth',
    });
    expect(users.status).toBe(200);
    expect(JSON.parse(users.body)).toContainEqual({ email });
    const buckets = await rawGet(`${studio.url}/rest/v1/rate_limit_buckets?select=bucket`, {
      'accept-profile': 'private',
    });
    expect(buckets.status).toBe(200);
  });

  it('gives none to a request naming another host (DNS rebinding) or from another site', async () => {
    const rebound = await rawGet(`${studio.url}/rest/v1/itineraries?select=id`, {
      host: `rebound.example:${studio.port}`,
    });
    expect(rebound.status).toBe(401);
    const crossSite = await rawGet(`${studio.url}/rest/v1/itineraries?select=id`, {
      origin: 'https://evil.example',
    });
    expect(crossSite.status).toBe(401);
    const info = JSON.parse(
      (await rawGet(`${studio.url}/_system/info`, { host: `rebound.example:${studio.port}` })).body,
    );
    expect(info.admin).toBe(false);
  });

  it('gives none to a request from another machine (the peer address decides, not headers)', async () => {
    // What lite sees from a LAN peer: its socket address. The Studio never listens where a
    // LAN peer could connect (above); this checks the second lock behind the first.
    const { App } = await import('@supabase/lite');
    const app = new App({
      connection: backend.app.connection,
      auth: backend.app.config.auth,
      options: { server: { admin: true } },
    });
    await app.init();
    const fromLan = await app.fetch(
      new Request(`http://127.0.0.1:${studio.port}/rest/v1/itineraries?select=id`),
      { peerAddress: '192.0.2.77' },
    );
    expect(fromLan.status).toBe(401);
  });

  it('does not serve Auth’s endpoints (no sign-up or email from the Studio port)', async () => {
    expect((await rawGet(`${studio.url}/auth/v1/settings`)).status).toBe(404);
  });

  it('takes its extra grants back when it stops (last: it stops the Studio)', async () => {
    const privileges = async () =>
      (
        await backend.query(
          `select has_table_privilege('service_role', 'auth.users', 'select') as users`,
        )
      )[0];
    expect(await privileges()).toEqual({ users: true });
    await studio.close();
    stopped = true;
    expect(await privileges()).toEqual({ users: false });
    expect(await accepts('127.0.0.1', studio.port)).toBe(false);
  });
});

describe('npm start’s gateway', () => {
  it('serves neither the Studio nor lite’s /_system routes', async () => {
    const gateway = inject('gatewayUrl');
    const root = await fetch(`${gateway}/`);
    expect(await root.text()).not.toContain('<div id="root">');
    for (const route of ['/_system/info', '/_system/config', '/_system/introspect']) {
      const answer = await fetch(`${gateway}${route}`);
      expect(answer.status, route).toBe(404);
    }
  });
});
