// The database restarting mid-session: while PostgreSQL 15 is down the API answers a
// clear 503 (never a 500, never a hang), the proxies keep serving without their shared
// state, and once it is back everything recovers by itself, data intact.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack } from '../../supabase/local/stack.mjs';
import { readSettings } from '../../supabase/local/settings.mjs';
import { startFakeNominatim, startFakeOsrm } from '../fakes/index.mjs';
import { postgres15ClusterAvailability, startPostgres15Cluster } from '../support/postgres15.mjs';

const availability = postgres15ClusterAvailability();
const skipReason =
  !availability.available && process.env.CI !== 'true' ? availability.reason : undefined;
if (skipReason)
  console.warn(`[load tests] database restart test skipped (no PostgreSQL 15): ${skipReason}`);

type Cluster = Awaited<ReturnType<typeof startPostgres15Cluster>>;

describe.skipIf(Boolean(skipReason))(
  'the database restarting under a running stack (PostgreSQL 15)',
  () => {
    let cluster: Cluster;
    let stack: Awaited<ReturnType<typeof startStack>>;
    let fakesToClose: { close(): Promise<void> }[] = [];
    let dataDir: string;

    beforeAll(async () => {
      cluster = await startPostgres15Cluster();
      dataDir = await mkdtemp(path.join(tmpdir(), 'route-planner-restart-'));
      const [nominatim, osrm] = await Promise.all([startFakeNominatim(), startFakeOsrm()]);
      fakesToClose = [nominatim, osrm];
      stack = await startStack({
        ...readSettings({}),
        gatewayPort: 0,
        functionsPort: 0,
        dataDir,
        databaseUrl: cluster.url,
        siteUrl: 'http://planner.test',
        nominatimUrl: nominatim.url,
        osrmUrl: osrm.url,
        seed: false,
        quiet: true,
        functionsEnv: { UPSTREAM_MIN_INTERVAL_MS: '0' },
      });
      // The functions' first answer (their runtime starting on a busy machine) is not what this
      // test measures: the calls below are bounded for a database that is down or coming back.
      await fetch(`${stack.apiUrl}/routes/limits`, { signal: AbortSignal.timeout(150_000) });
    }, 180_000);

    afterAll(async () => {
      await stack?.stop();
      for (const fake of fakesToClose) await fake.close();
      await cluster?.stop();
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
    });

    async function call(
      method: string,
      pathName: string,
      options: { token?: string; body?: unknown } = {},
    ) {
      const started = Date.now();
      let text: string;
      let response: Response;
      try {
        response = await fetch(`${stack.apiUrl}${pathName}`, {
          method,
          headers: {
            ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
            ...(options.body ? { 'content-type': 'application/json' } : {}),
          },
          body: options.body ? JSON.stringify(options.body) : undefined,
          signal: AbortSignal.timeout(40_000),
        });
        text = await response.text();
      } catch (error) {
        // Which call hung, and for how long: a bare TimeoutError names neither.
        throw new Error(`${method} ${pathName} failed after ${Date.now() - started} ms`, {
          cause: error,
        });
      }
      return {
        status: response.status,
        body: text ? JSON.parse(text) : null,
        ms: Date.now() - started,
      };
    }

    it('answers 503 while the database is down and recovers by itself', async () => {
      const registered = await call('POST', '/auth/register', {
        body: { email: `restart-${randomUUID()}@example.com`, password: 'restart-pass' },
      });
      expect(registered.status).toBe(201);
      const token = registered.body.token;
      const stop = { name: 'Times Square', lat: 40.758, lng: -73.9855 };
      const created = await call('POST', '/itineraries', {
        token,
        body: { title: 'Before the restart', stops: [stop] },
      });
      expect(created.status).toBe(201);

      cluster.pause();
      const whileDown = [
        await call('GET', '/itineraries', { token }),
        await call('GET', `/itineraries/${created.body.id}`, { token }),
        await call('POST', '/itineraries', { token, body: { title: 'During', stops: [stop] } }),
        await call('GET', '/itineraries/share/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'),
        await call('POST', '/auth/login', {
          body: { email: 'nobody@example.com', password: 'whatever' },
        }),
      ];
      console.info(
        `[restart] while down: ${whileDown.map((a) => `${a.status} in ${a.ms} ms (${a.body?.error})`).join('; ')}`,
      );
      for (const answer of whileDown) {
        expect(answer.status, JSON.stringify(answer.body)).toBe(503);
        expect(answer.body.error).toMatch(/unavailable/i);
      }
      // The proxies do not need the database: served without the shared cache and limits.
      const geocoded = await call('GET', '/geocoding/search?q=Paris');
      expect(geocoded.status).toBe(200);
      const routed = await call('POST', '/routes/total', {
        body: { stops: [stop, { name: 'b', lat: 40.7359, lng: -73.9911 }] },
      });
      expect(routed.status).toBe(200);

      cluster.resume();
      const deadline = Date.now() + 30_000;
      let after = await call('GET', '/itineraries', { token });
      while (after.status !== 200 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 500));
        after = await call('GET', '/itineraries', { token });
      }
      expect(after.status).toBe(200);
      expect(after.body.map((row: { title: string }) => row.title)).toEqual(['Before the restart']);
      expect(
        (await call('POST', '/itineraries', { token, body: { title: 'After', stops: [stop] } }))
          .status,
      ).toBe(201);
    }, 120_000);
  },
);
