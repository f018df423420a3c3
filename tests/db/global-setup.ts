// The database tests' embedded backend starts from one prepared PGlite data directory:
// creating a backend (PGlite's initdb in WebAssembly, @supabase/lite's schemas, the roles and
// the migrations) takes ~6 s and ~8 CPU-s, copying a prepared directory and opening it ~1.5 s.
// Every file still gets a database of its own (tests/db/harness.ts copies this one).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createBackend } from '../../supabase/local/backend.mjs';
import { DB_TEST_SITE_URL } from './site-url';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A closed PGlite data directory with the schemas and migrations applied, no seed. */
    pgliteTemplateDir: string;
  }
}

export default async function setup(project: TestProject) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'route-planner-db-template-'));
  const backend = await createBackend({ dataDir, siteUrl: DB_TEST_SITE_URL, seed: false });
  await backend.close();
  project.provide('pgliteTemplateDir', dataDir);
  return async () => {
    await rm(dataDir, { recursive: true, force: true });
  };
}
