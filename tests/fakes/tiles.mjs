// A stand-in for the OpenStreetMap tile server in the end-to-end tests: every
// GET /{z}/{x}/{y}.png answers 204 (no image), like the real server's address would with the
// tiles left out. The production build under test points VITE_TILE_URL at it
// (tests/e2e/global-setup.ts), so tile requests leave the browser as they would in production,
// to another origin, and no test reaches the internet.
//
// Why a server and not Playwright's request interception: routing a context's requests
// disables the browser's HTTP cache and sends every request of the page (scripts, /api) through
// the test process; the whole suite took about 13% more CPU that way.
import { createServer } from 'node:http';

const TILE_PATH = /^\/\d+\/\d+\/\d+\.png$/;

/**
 * @param {{port?: number, host?: string}} [options]
 * @returns {Promise<{url: string, template: string, close: () => Promise<void>}>}
 */
export async function startFakeTiles({ port = 0, host = '127.0.0.1' } = {}) {
  const server = createServer((req, res) => {
    const found =
      req.method === 'GET' && TILE_PATH.test(new URL(req.url ?? '/', 'http://x').pathname);
    res.writeHead(found ? 204 : 404);
    res.end();
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(undefined));
  });
  const address = /** @type {import('node:net').AddressInfo} */ (server.address());
  const url = `http://${host}:${address.port}`;
  return {
    url,
    template: `${url}/{z}/{x}/{y}.png`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve(undefined));
      }),
  };
}
