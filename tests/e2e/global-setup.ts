// Once per `playwright test`, before the workers start:
// - the production build of the SPA (what a user gets: bundled chunks, the service worker),
//   with source maps so a test can tell which modules a page loaded (support/fixtures.ts);
// - a database with the migrations and the seed applied, which each worker copies instead of
//   migrating its own: a PGlite data directory, or, when TEST_DATABASE_URL names a
//   PostgreSQL 15 server (CI), a template database there (about a third less CPU for the stacks
//   than the embedded PGlite, and the database hosted Supabase runs);
// - one stack per worker slot (support/stack.ts), stopped after the run.
// E2E_REUSE_BUILD=1 keeps a build left by an earlier run (when only tests changed).
import { existsSync, readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'vite';
import { createBackend } from '../../supabase/local/backend.mjs';
import { startPostgres15, type Postgres15Database } from '../support/postgres15.mjs';
import { localKeys, projectRoot } from '../../supabase/local/settings.mjs';
import type { FullConfig } from '@playwright/test';
import { startFakeTiles } from '../fakes/tiles.mjs';
import {
  e2eDirs,
  portInUse,
  publishStacks,
  startE2eStack,
  tileOrigin,
  tilePort,
} from './support/stack';

export default async function globalSetup(config: FullConfig) {
  const dirs = e2eDirs();
  const reuse = process.env.E2E_REUSE_BUILD === '1';
  const started = Date.now();
  // The map's tiles come from a local fake (tests/fakes/tiles.mjs), whose address the build keeps.
  if (await portInUse(tilePort))
    throw new Error(
      `Port ${tilePort} is taken (another e2e run?): set E2E_PORT_OFFSET to use other ports.`,
    );
  const tiles = await startFakeTiles({ port: tilePort });
  const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
  const [built, made] = await Promise.allSettled([
    reuse && builtForTheseTiles(path.join(dirs.dist, 'index.html'))
      ? null
      : buildApp(dirs.dist, tiles.template),
    onPostgres
      ? makeTemplatePostgresDatabase()
      : reuse && existsSync(dirs.template)
        ? null
        : makeTemplateDatabase(dirs.template),
  ]);
  const template = made.status === 'fulfilled' ? made.value : null;
  /** Everything global-setup started, in the order it goes: the template after its copies. */
  const stopShared = async () => {
    delete process.env.E2E_POSTGRES_TEMPLATE;
    try {
      await tiles.close();
    } finally {
      await template?.stop();
    }
  };
  const failure = [built, made].find(
    (result): result is PromiseRejectedResult => result.status === 'rejected',
  );
  if (failure) {
    await stopShared();
    throw failure.reason;
  }
  // The stacks (support/stack.ts) copy it.
  if (template) process.env.E2E_POSTGRES_TEMPLATE = template.name;
  console.log(
    `e2e: build and template database ready in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );

  // One stack per worker slot, kept for the whole run (support/stack.ts).
  const stacksStarted = Date.now();
  const stacks = await Promise.allSettled(
    Array.from({ length: config.workers }, (_, slot) => startE2eStack(slot)),
  );
  const stopAll = () =>
    Promise.all(
      stacks.flatMap((stack) => (stack.status === 'fulfilled' ? [stack.value.stop()] : [])),
    );
  const stopEverything = async () => {
    try {
      await stopAll();
    } finally {
      await stopShared();
    }
  };
  const failed = stacks.find((stack) => stack.status === 'rejected');
  if (failed) {
    await stopEverything();
    throw failed.reason;
  }
  publishStacks(stacks.flatMap((stack) => (stack.status === 'fulfilled' ? [stack.value] : [])));
  console.log(
    `e2e: ${stacks.length} stack(s) ready in ${((Date.now() - stacksStarted) / 1000).toFixed(1)} s`,
  );
  return stopEverything;
}

/** A build to reuse must exist and fetch its tiles from this run's tile server (its CSP names it). */
function builtForTheseTiles(indexHtml: string) {
  return existsSync(indexHtml) && readFileSync(indexHtml, 'utf8').includes(tileOrigin);
}

async function buildApp(outDir: string, tileUrl: string) {
  process.env.VITE_SUPABASE_ANON_KEY ??= localKeys.publishableKey;
  process.env.VITE_TILE_URL = tileUrl;
  await build({
    root: projectRoot,
    configFile: path.join(projectRoot, 'vite.config.ts'),
    logLevel: 'warn',
    build: {
      outDir,
      emptyOutDir: true,
      sourcemap: true,
      // The bundler's notice about slow plugins (the worker bundle, the service worker) is noise here.
      rolldownOptions: { checks: { bundlerTimings: false } },
    },
  });
}

async function makeTemplateDatabase(dataDir: string) {
  await rm(dataDir, { recursive: true, force: true });
  const backend = await createBackend({ dataDir, siteUrl: 'http://localhost', seed: true });
  await backend.close();
}

/** The migrated and seeded database on PostgreSQL 15 that each stack's database copies. */
async function makeTemplatePostgresDatabase(): Promise<Postgres15Database> {
  const database = await startPostgres15();
  try {
    const backend = await createBackend({
      databaseUrl: database.url,
      siteUrl: 'http://localhost',
      seed: true,
    });
    await backend.close();
  } catch (error) {
    await database.stop();
    throw error;
  }
  return database;
}
