// What every fake upstream shares: a loopback HTTP server, a log of what it received,
// and a switchable failure mode ('ok' | 'down' | 'slow' | 'garbage').
import { createServer } from 'node:http';

/** @typedef {'ok' | 'down' | 'slow' | 'garbage'} FakeMode */

/**
 * @typedef {object} ModeOptions
 * @property {number} [delayMs] 'slow': how long to wait before answering normally (default 20000)
 * @property {'html' | 'json'} [garbage] 'garbage': an HTML page (default) or JSON of the wrong shape
 */

/**
 * @typedef {object} ReceivedRequest
 * @property {string} method
 * @property {string} path path and query string, as received
 * @property {Record<string, string | string[] | undefined>} headers lower-case names
 * @property {number} at Date.now() on arrival
 * @property {boolean} [aborted] true when the caller closed the connection before the answer
 */

/**
 * @typedef {object} FakeServer
 * @property {string} url base URL without a trailing slash, e.g. http://127.0.0.1:41234
 * @property {number} port
 * @property {ReceivedRequest[]} requests every request received, oldest first (clear with `requests.length = 0`)
 * @property {(mode: FakeMode, options?: ModeOptions) => void} setMode
 * @property {() => FakeMode} mode
 * @property {() => Promise<void>} close stops listening and drops open connections (also pending slow answers)
 */

/**
 * @typedef {object} JsonReply
 * @property {number} status
 * @property {unknown} body
 */

/**
 * @typedef {object} FakeServerOptions
 * @property {number} [port] default 0 (any free port)
 * @property {string} [host] default 127.0.0.1
 * @property {FakeMode} [mode] initial mode, default 'ok'
 * @property {ModeOptions} [modeOptions]
 * @property {number | [number, number]} [latencyMs] every answer waits this long, or a random time
 *   in [min, max] (a realistic network and server time for benchmarks; default 0)
 */

export const MODES = Object.freeze(['ok', 'down', 'slow', 'garbage']);

/**
 * @param {FakeServerOptions} options
 * @param {(url: URL, request: import('node:http').IncomingMessage) => JsonReply} answer the 'ok' behaviour
 * @param {unknown} wrongShape the JSON body of garbage mode's 'json' variant
 * @returns {Promise<FakeServer>}
 */
export async function startFakeServer(options, answer, wrongShape) {
  /** @type {ReceivedRequest[]} */
  const requests = [];
  /** @type {FakeMode} */
  let mode = 'ok';
  /** @type {Required<ModeOptions>} */
  let modeOptions = { delayMs: 20_000, garbage: 'html' };
  const pending = new Set();

  /** @param {FakeMode} next @param {ModeOptions} [nextOptions] */
  const setMode = (next, nextOptions = {}) => {
    if (!MODES.includes(next))
      throw new Error(`unknown mode ${next}: use one of ${MODES.join(', ')}`);
    mode = next;
    modeOptions = { delayMs: 20_000, garbage: 'html', ...nextOptions };
  };
  setMode(options.mode ?? 'ok', options.modeOptions);

  const server = createServer((request, response) => {
    /** @type {ReceivedRequest} */
    const received = {
      method: request.method ?? 'GET',
      path: request.url ?? '/',
      headers: { ...request.headers },
      at: Date.now(),
    };
    requests.push(received);
    response.on('close', () => {
      if (!response.writableFinished) received.aborted = true;
    });
    const url = new URL(request.url ?? '/', 'http://fake.invalid');
    const reply = () => {
      if (response.destroyed) return;
      if (mode === 'down') {
        send(
          response,
          503,
          'text/html',
          '<html><head><title>503 Service Unavailable</title></head><body><h1>503 Service Unavailable</h1></body></html>',
        );
        return;
      }
      if (mode === 'garbage') {
        if (modeOptions.garbage === 'json')
          send(response, 200, 'application/json; charset=utf-8', JSON.stringify(wrongShape));
        else
          send(
            response,
            200,
            'text/html; charset=utf-8',
            '<!DOCTYPE html><html><body>Welcome to nginx!</body></html>',
          );
        return;
      }
      let result;
      try {
        result = answer(url, request);
      } catch (error) {
        result = { status: 500, body: { error: String(error) } };
      }
      send(response, result.status, 'application/json; charset=utf-8', JSON.stringify(result.body));
    };
    const delay = mode === 'slow' ? modeOptions.delayMs : latency(options.latencyMs);
    if (delay > 0) {
      const timer = setTimeout(() => {
        pending.delete(timer);
        reply();
      }, delay);
      pending.add(timer);
      return;
    }
    reply();
  });

  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve(undefined));
  });
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('fake server has no TCP address');
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;

  return {
    url: `http://${host}:${address.port}`,
    port: address.port,
    requests,
    setMode,
    mode: () => mode,
    close: () =>
      new Promise((resolve) => {
        for (const timer of pending) clearTimeout(timer);
        pending.clear();
        server.close(() => resolve(undefined));
        server.closeAllConnections();
      }),
  };
}

/** @param {number | [number, number] | undefined} latencyMs */
function latency(latencyMs) {
  if (Array.isArray(latencyMs)) return latencyMs[0] + Math.random() * (latencyMs[1] - latencyMs[0]);
  return latencyMs ?? 0;
}

/**
 * @param {import('node:http').ServerResponse} response
 * @param {number} status
 * @param {string} contentType
 * @param {string} body
 */
function send(response, status, contentType, body) {
  response.writeHead(status, { 'content-type': contentType, 'access-control-allow-origin': '*' });
  response.end(body);
}
