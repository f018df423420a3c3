// The load, limits and fault tests run against a stack with the production defaults
// (1 upstream request per second, 60 requests per minute per client), started by the
// same code as `npm run bench:load`, over fake upstreams; on a fresh PostgreSQL 15
// database when one is available, else on the embedded PGlite. Two exceptions: the router
// timeout is 2 s instead of 8 s, so the hanging-router test waits 2 s, not 8 (the default
// itself is checked in supabase/functions/_shared/config.test.ts); and the router's table
// limit is 10 instead of 100, so that a table of a few blocks is a few dozen places.
export const LOAD_ROUTER_TIMEOUT_MS = 2000;
export const LOAD_TABLE_MAX_COORDINATES = 10;
import type { TestProject } from 'vitest/node';
import { startLoadStack } from '../../bench/load.mjs';
import { postgres15Availability, startPostgres15 } from '../support/postgres15.mjs';

export default async function setup(project: TestProject) {
  const database = postgres15Availability().available ? await startPostgres15() : null;
  const load = await startLoadStack({
    databaseUrl: database?.url,
    functionsEnv: {
      ROUTER_TIMEOUT_MS: String(LOAD_ROUTER_TIMEOUT_MS),
      ROUTER_TABLE_MAX_COORDINATES: String(LOAD_TABLE_MAX_COORDINATES),
    },
  });
  project.provide('apiUrl', load.apiUrl);
  project.provide('gatewayUrl', load.gatewayUrl);
  project.provide('fakeControlUrl', load.fakes.controlUrl);
  project.provide('loadDatabase', load.database);
  return async () => {
    await load.stop();
    await database?.stop();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    loadDatabase: string;
  }
}
