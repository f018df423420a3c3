// `npm start`: the whole product on this machine, no Docker, no accounts, no keys.
import { createServer as createViteServer } from 'vite';
import path from 'node:path';
import { readSettings, localKeys, projectRoot } from './settings.mjs';
import { startStack } from './stack.mjs';

const settings = readSettings();
const where = settings.databaseUrl
  ? 'PostgreSQL at DATABASE_URL'
  : `embedded PGlite in ${path.relative(projectRoot, settings.dataDir)}/`;
console.log(`Starting the route planner (database: ${where})...`);

let stack;
try {
  stack = await startStack(settings);
} catch (error) {
  // e.g. the api function refusing a malformed setting: its own message, no stack trace.
  console.error(
    `\nThe route planner could not start.\n${error instanceof Error ? error.message : error}`,
  );
  process.exit(1);
}
process.env.VITE_SUPABASE_ANON_KEY ??= localKeys.publishableKey;
process.env.SUPABASE_LOCAL_URL = stack.gatewayUrl;
const sigtermListenersBefore = process.listeners('SIGTERM');
const vite = await createViteServer({ root: projectRoot, server: { port: settings.port } });
// Vite's own SIGTERM handler exits the process as soon as the dev server is closed, before the
// stack has stopped (the function's Deno process was left running): the shutdown below does it all.
for (const listener of process.listeners('SIGTERM'))
  if (!sigtermListenersBefore.includes(listener)) process.off('SIGTERM', listener);
await vite.listen();

const app = `http://localhost:${settings.port}`;
console.log(`
  Route planner         ${app}
  API (/api contract)   ${app}/api   (Edge Function "api" on Deno, ${stack.functionsUrl})
  Supabase gateway      ${stack.gatewayUrl}   (/auth/v1, /rest/v1, /functions/v1)
  Database              ${where}${stack.backend.migrations.length ? `\n  Migrations applied    ${stack.backend.migrations.join(', ')}` : ''}
  Demo account          demo@example.com / demo-password${stack.backend.seeded ? '   (seeded now)' : ''}
  Geocoder              ${settings.nominatimUrl}
  Search as you type    ${settings.photonUrl}   (Photon; the geocoder above when it is down)
  Router                ${settings.osrmUrl}

  Press Ctrl-C to stop.
`);

let stopping = false;
async function shutdown(signal) {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal}: stopping...`);
  await vite.close();
  await stack.stop();
  console.log('Stopped. Your data stays in the database for the next start.');
  process.exit(0);
}
process.on('SIGINT', () => shutdown('SIGINT'));
process.on('SIGTERM', () => shutdown('SIGTERM'));
