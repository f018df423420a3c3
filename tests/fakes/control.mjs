// The fakes' control API over HTTP, for tests that run the fakes in another process:
// POST /{fake}/mode {"mode": "ok"|"down"|"slow"|"garbage"}, GET|DELETE /{fake}/requests.
// Used by the api tests' global setup, serve-child.mjs (load tests) and start-fakes.mjs
// --control-port (end-to-end tests).
import { createServer } from 'node:http';

/**
 * @param {Record<string, import('./server.mjs').FakeServer>} fakes by name (nominatim, osrm, photon)
 * @param {{port?: number, host?: string}} [options]
 * @returns {Promise<{url: string, close: () => Promise<void>}>}
 */
export async function startFakeControl(fakes, { port = 0, host = '127.0.0.1' } = {}) {
  /** @type {(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => Promise<void>} */
  const handle = async (req, res) => {
    const [, name, action] = (req.url ?? '').split('/');
    const fake = Object.hasOwn(fakes, name) ? fakes[name] : undefined;
    /** @type {(status: number, body: unknown) => void} */
    const reply = (status, body) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (!fake) return reply(404, { error: 'unknown fake' });
    if (req.method === 'POST' && action === 'mode') {
      let body = '';
      for await (const chunk of req) body += chunk;
      try {
        fake.setMode(JSON.parse(body).mode);
      } catch (error) {
        return reply(400, { error: String(error) });
      }
      return reply(200, { ok: true });
    }
    if (req.method === 'GET' && action === 'requests') return reply(200, fake.requests);
    if (req.method === 'DELETE' && action === 'requests') {
      fake.requests.length = 0;
      return reply(200, { ok: true });
    }
    return reply(404, { error: 'unknown action' });
  };
  const control = createServer((req, res) => void handle(req, res));
  await new Promise((resolve, reject) => {
    control.once('error', reject);
    control.listen(port, host, () => resolve(undefined));
  });
  const address = /** @type {import('node:net').AddressInfo} */ (control.address());
  return {
    url: `http://${host}:${address.port}`,
    close: () =>
      new Promise((resolve) => {
        control.close(() => resolve(undefined));
        control.closeAllConnections();
      }),
  };
}
