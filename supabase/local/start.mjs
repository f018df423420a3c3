// `npm start`: the whole product on this machine, no Docker, no accounts, no keys.
// `npm run studio` (--studio): the same, plus Supabase Studio on loopback (studio.mjs).
import { createServer as createViteServer } from 'vite';
import { connect } from 'node:net';
import path from 'node:path';
import { readSettings, localKeys, projectRoot } from './settings.mjs';
import { startStack } from './stack.mjs';
import { isClosedSocketWrite } from './closed-socket-write.mjs';
import { startStudio, STUDIO_HOST } from './studio.mjs';

const settings = readSettings();
const withStudio = process.argv.includes('--studio');

/**
 * True when something already listens on the port (another `npm start`, say).
 * @param {number} port
 * @returns {Promise<boolean>}
 */
const portInUse = (port) =>
  new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
// Before the database is opened: PGlite has one writer, and a second process on the same
// folder would break it.
for (const port of [
  settings.port,
  settings.gatewayPort,
  ...(withStudio ? [settings.studioPort] : []),
]) {
  if (await portInUse(port)) {
    console.error(
      `Port ${port} is already in use: is the route planner already running (npm start or npm run studio)? Stop it first${withStudio ? ': npm run studio starts the whole stack with the Studio' : ''}.`,
    );
    process.exit(1);
  }
}
const where = settings.databaseUrl
  ? 'PostgreSQL at DATABASE_URL'
  : `embedded PGlite in ${path.relative(projectRoot, settings.dataDir)}/`;
console.log(`Starting the route planner (database: ${where})...`);

/** @type {Awaited<ReturnType<typeof startStack>>} */
let stack;
try {
  stack = await startStack(settings);
} catch (error) {
  // e.g. the api function refusing a malformed setting: its own message, no stack trace.
  console.error(
    `\nThe route planner could not start.\n${error instanceof Error ? error.message : String(error)}`,
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

/** @type {Awaited<ReturnType<typeof startStudio>> | null} */
let studio = null;
if (withStudio) {
  try {
    studio = await startStudio({
      backend: stack.backend,
      port: settings.studioPort,
      host: STUDIO_HOST,
    });
  } catch (error) {
    console.error(
      `\nSupabase Studio could not start: ${error instanceof Error ? error.message : String(error)}`,
    );
    await vite.close();
    await stack.stop();
    process.exit(1);
  }
}

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
  Auth emails           ${stack.backend.mail.describe()}${
    studio
      ? `
  Supabase Studio       ${studio.url}
                        listening on loopback only (this machine); admin rights (service_role,
                        row-level security bypassed) only for requests from this machine`
      : ''
  }

  Press Ctrl-C to stop.
`);

let stopping = false;
/** @param {string} signal */
async function shutdown(signal) {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal}: stopping...`);
  await studio?.close();
  await vite.close();
  await stack.stop();
  console.log('Stopped. Your data stays in the database for the next start.');
  process.exit(0);
}
// A database restart must not end the stack: the one harmless error the driver throws then is
// logged; any other uncaught error ends the process as Node would.
process.on('uncaughtException', (error) => {
  if (isClosedSocketWrite(error)) {
    console.warn('database connection closed during a write; the next request reconnects');
    return;
  }
  console.error(error);
  process.exit(1);
});
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
