// The load, limits and fault tests run against a stack with the production defaults
// (1 upstream request per second, 60 requests per minute per client, 8 s timeouts),
// started by the same code as `npm run bench:load`, over fake upstreams; on a fresh
// PostgreSQL 15 database when one is available, else on the embedded PGlite.
import type { TestProject } from 'vitest/node';
import { startLoadStack } from '../../bench/load.mjs';
import { postgres15Availability, startPostgres15 } from '../support/postgres15';

export default async function setup(project: TestProject) {
  const database = postgres15Availability().available ? await startPostgres15() : null;
  const load = await startLoadStack({ databaseUrl: database?.url });
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
