// `npm run studio`: the Supabase Studio bundled with @supabase/lite, for the local database,
// served beside the whole stack (the same process and database connection: PGlite has one
// writer, so a second process could not open it while `npm start` runs).
//
// Safety: it listens on loopback (127.0.0.1) only, and refuses any other address. Its admin
// rights (lite's "admin mode": a request without any key runs as service_role, which
// bypasses row-level security) are given only to requests that come from a loopback socket,
// name a loopback host and are same-origin or carry no Origin: lite checks all three, with
// the peer address this server passes from the socket. `npm start` never serves the Studio.
import http from 'node:http';
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { App, isLoopbackAddress } from '@supabase/lite';
import { getRequestListener } from '@hono/node-server';
import { projectRoot, supabaseDir } from './settings.mjs';

/** The Studio's own files, shipped in the package (dist/static: its JavaScript, CSS, fonts). */
const staticDir = path.join(projectRoot, 'node_modules', '@supabase', 'lite', 'dist', 'static');

/** @type {Record<string, string>} */
const CONTENT_TYPES = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.woff2': 'font/woff2',
  '.ico': 'image/x-icon',
};

/** Schemas the Studio shows: the product's tables, the proxies' state and Auth's users. */
const STUDIO_SCHEMAS = ['public', 'private', 'auth'];

export const STUDIO_HOST = '127.0.0.1';

/**
 * @param {string} pathname
 * @param {http.ServerResponse} response
 */
async function serveStatic(pathname, response) {
  const relative = pathname === '/favicon.ico' ? 'favicon.ico' : pathname.slice('/static/'.length);
  const file = path.resolve(staticDir, decodeURIComponent(relative));
  if (!file.startsWith(staticDir + path.sep)) return notFound(response);
  const info = await stat(file).catch(() => null);
  if (!info?.isFile()) return notFound(response);
  response.writeHead(200, {
    'content-type': CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream',
    'content-length': info.size,
    'cache-control': 'no-cache',
  });
  createReadStream(file).pipe(response);
}

/** @param {http.ServerResponse} response */
function notFound(response) {
  response.writeHead(404, { 'content-type': 'application/json' });
  response.end(JSON.stringify({ error: 'Not found' }));
}

/**
 * Starts the Studio for `backend` (createBackend's result) on loopback.
 * @param {{backend: Awaited<ReturnType<typeof import('./backend.mjs').createBackend>>, port: number,
 *   host?: string}} options  port 0: any free port
 * @returns {Promise<{url: string, address: string, port: number, close(): Promise<void>}>}
 */
export async function startStudio({ backend, port, host = STUDIO_HOST }) {
  if (!isLoopbackAddress(host))
    throw new Error(
      `Supabase Studio listens on loopback only (127.0.0.1 or ::1), not on ${host}: it has admin rights over the database.`,
    );
  await backend.exec(await readFile(path.join(supabaseDir, 'local', 'studio.sql'), 'utf8'));
  const studio = new App({
    connection: backend.app.connection,
    auth: backend.app.config.auth,
    api: { schemas: STUDIO_SCHEMAS },
    studio: { enabled: true },
    options: { server: { admin: true } },
  });
  await studio.init();
  const toStudio = getRequestListener((request, env) =>
    studio.fetch(request, { peerAddress: env.incoming.socket.remoteAddress ?? null }),
  );
  const server = http.createServer((request, response) => {
    const pathname = new URL(request.url ?? '/', 'http://studio').pathname;
    if (pathname === '/favicon.ico' || pathname.startsWith('/static/'))
      return void serveStatic(pathname, response);
    // The Studio reads and edits tables; it has no use for Auth's endpoints (sign-up, email).
    if (pathname === '/auth/v1' || pathname.startsWith('/auth/v1/')) return notFound(response);
    return void toStudio(request, response);
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(undefined));
  });
  const address = /** @type {import('node:net').AddressInfo} */ (server.address());
  const shown = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${shown}:${address.port}`,
    address: address.address,
    port: address.port,
    close: async () => {
      server.closeAllConnections?.();
      await new Promise((resolve) => server.close(() => resolve(undefined)));
      const end = await readFile(path.join(supabaseDir, 'local', 'studio-end.sql'), 'utf8');
      await backend.exec(end).catch(() => {});
    },
  };
}
