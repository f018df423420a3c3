// Starts the real local stack once for the HTTP contract tests: @supabase/lite over a
// throwaway PGlite database, the `api` function on Deno, the gateway, and local fakes
// of the geocoder and router (the only third-party services, faked at the HTTP boundary).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startStack } from '../../supabase/local/stack.mjs';
import { readSettings } from '../../supabase/local/settings.mjs';
import { startFakeNominatim, startFakeOsrm, startFakePhoton } from '../fakes/index.mjs';
import { startFakeControl } from '../fakes/control.mjs';
import { startPostgres15 } from '../support/postgres15.mjs';
import { providePgliteTemplate } from '../support/pglite-template';

export const SITE_URL = 'http://planner.test';

export default async function setup(project: TestProject) {
  // For local-studio, which creates a backend of its own (made first: a failure here leaves no
  // process running).
  const removeTemplate = await providePgliteTemplate(project);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'route-planner-api-'));
  const storageDir = await mkdtemp(path.join(tmpdir(), 'route-planner-api-storage-'));
  // On PostgreSQL 15 (CI's TEST_DATABASE_URL), a database of this run's own: the server's
  // default database keeps a run's users and upstream cache for the next run, whose
  // 'first request goes upstream' tests then read a cached answer.
  const database = process.env.TEST_DATABASE_URL ? await startPostgres15() : null;
  const nominatim = await startFakeNominatim();
  const photon = await startFakePhoton();
  const osrm = await startFakeOsrm();
  const stack = await startStack({
    ...readSettings({}),
    gatewayPort: 0,
    functionsPort: 0,
    dataDir,
    storageDir,
    databaseUrl: database?.url,
    siteUrl: SITE_URL,
    nominatimUrl: nominatim.url,
    photonUrl: photon.url,
    osrmUrl: osrm.url,
    seed: false,
    quiet: true,
    // Auth's emails kept for the tests to read (GET /__test/mail on the gateway).
    testHooks: true,
    // Fast upstream settings and rate limits out of the way for the contract tests;
    // tests/load runs a stack with the production defaults (1/s upstream, 60/min per client).
    functionsEnv: {
      UPSTREAM_MIN_INTERVAL_MS: '0',
      GEOCODER_TIMEOUT_MS: '1500',
      ROUTER_TIMEOUT_MS: '1500',
      GEOCODING_RATE_LIMIT_PER_MINUTE: '1000000',
      ROUTING_RATE_LIMIT_PER_MINUTE: '1000000',
    },
  });
  // Warm up once (the Data API's schema cache, the function's first calls): on a busy
  // machine the embedded database's first queries block this process — and the fakes in
  // it — for longer than the 1.5 s upstream timeouts above, which made a first test flaky.
  await fetch(`${stack.apiUrl}/geocoding/search?q=${encodeURIComponent('warm-up query')}`).then(
    (answer) => answer.text(),
  );
  project.provide('apiUrl', stack.apiUrl);
  project.provide('gatewayUrl', stack.gatewayUrl);
  const control = await startFakeControl({ nominatim, osrm, photon });
  project.provide('fakeControlUrl', control.url);
  return async () => {
    await removeTemplate();
    await stack.stop();
    await control.close();
    await nominatim.close();
    await photon.close();
    await osrm.close();
    await database?.stop();
    await rm(dataDir, { recursive: true, force: true });
    await rm(storageDir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    apiUrl: string;
    gatewayUrl: string;
    fakeControlUrl: string;
  }
}
