// One prepared PGlite data directory per test run: creating a backend (PGlite's initdb in
// WebAssembly, @supabase/lite's schemas, the roles and the migrations) takes ~6 s and ~8 CPU-s,
// copying a prepared directory and opening it ~1.5 s. A global setup prepares it and provides
// its path; each test that needs a backend of its own copies it (createBackend then finds the
// schemas and migrations in place). Only for backends created without the seed.
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import type { TestProject } from 'vitest/node';
import { createBackend } from '../../supabase/local/backend.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A closed PGlite data directory with the schemas and migrations applied, no seed. */
    pgliteTemplateDir: string;
  }
}

/** The site URL the tests' own backends are created with (Auth's redirects). */
export const TEST_SITE_URL = 'http://localhost:5173';

/** For a global setup: prepares the directory, provides it; returns its removal. */
export async function providePgliteTemplate(project: TestProject): Promise<() => Promise<void>> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'route-planner-pglite-template-'));
  try {
    const backend = await createBackend({ dataDir, siteUrl: TEST_SITE_URL, seed: false });
    await backend.close();
  } catch (error) {
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  project.provide('pgliteTemplateDir', dataDir);
  return () => rm(dataDir, { recursive: true, force: true });
}

/** In a test: a new data directory (prefix as for mkdtemp) holding a copy of the prepared one. */
export async function dataDirFromTemplate(prefix: string): Promise<string> {
  const dataDir = await mkdtemp(path.join(tmpdir(), prefix));
  await cp(inject('pgliteTemplateDir'), dataDir, { recursive: true });
  return dataDir;
}
