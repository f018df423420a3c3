// One end-to-end stack, started by a Playwright worker (tests/e2e/support/stack.ts): the local
// backend (@supabase/lite over a fresh PGlite copied from E2E_DATA_TEMPLATE, or over the
// PostgreSQL 15 database in DATABASE_URL; the `api` function on Deno, the gateway) and `vite preview` of the production build in E2E_APP_DIST,
// with the same /api, /auth/v1 and /rest/v1 proxy as `npm start`.
//
// Without E2E_APP_DIST it is `npm start` (the Vite dev server) on a fresh database, for a
// manual look at the e2e configuration.
//
// Ports and upstreams come from the environment (supabase/local/settings.mjs). It stops on
// SIGTERM, SIGINT, or when the worker that started it goes away (IPC disconnect).
import { cp, rm } from 'node:fs/promises';
import path from 'node:path';
import { readSettings, localKeys, projectRoot } from '../../supabase/local/settings.mjs';

const settings = readSettings();
if (!settings.databaseUrl) {
  await rm(settings.dataDir, { recursive: true, force: true });
  const template = process.env.E2E_DATA_TEMPLATE;
  if (template) await cp(template, settings.dataDir, { recursive: true });
}

const dist = process.env.E2E_APP_DIST;
if (!dist) {
  await import('../../supabase/local/start.mjs');
} else {
  const { startStack } = await import('../../supabase/local/stack.mjs');
  const stack = await startStack({ ...settings, quiet: true });
  process.env.SUPABASE_LOCAL_URL = stack.gatewayUrl;
  process.env.VITE_SUPABASE_ANON_KEY ??= localKeys.publishableKey;
  const { preview } = await import('vite');
  const server = await preview({
    root: projectRoot,
    configFile: path.join(projectRoot, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir: dist },
    preview: { port: settings.port, strictPort: true, host: '127.0.0.1' },
  });

  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    await server.close();
    await stack.stop();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown());
  process.on('SIGINT', () => void shutdown());
  process.on('disconnect', () => void shutdown());
  // Read by support/stack.ts (the gateway's port is a free one the system gave).
  console.log(`e2e stack: ${JSON.stringify({ gatewayUrl: stack.gatewayUrl })}`);
}
