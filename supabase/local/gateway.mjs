// One port for the Supabase surface, like Supabase's own gateway: /auth/v1 and
// /rest/v1 go to @supabase/lite (in this process), /functions/v1/<name>/... to the Deno
// functions server. The functions are reached by a plain streaming HTTP proxy over
// kept-alive connections: no Request/Response objects, no body decoding (under load the
// fetch-based proxy cost this single-threaded process about as much as a Data API call).
import http from 'node:http';
import { getRequestListener } from '@hono/node-server';

const FUNCTIONS_PREFIX = '/functions/v1';

/** Connection-scoped headers, never forwarded by a proxy (RFC 9110 section 7.6.1). */
const HOP_BY_HOP = [
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'te',
  'trailer',
];

/**
 * @typedef {Awaited<ReturnType<typeof import('./backend.mjs').createBackend>>} Backend
 * @typedef {{fetch: (request: Request, peerAddress: string | null) => Promise<Response>}
 *   & Partial<Pick<Backend, 'mail' | 'query'>>} GatewayBackend
 *   what the gateway uses of backend.mjs's backend: `fetch`, and `mail` and `query` for the
 *   test hooks (tests of the gateway itself give a stand-in with `fetch` only)
 */

/**
 * @param {{port: number, backend: GatewayBackend, functionsUrl: string, testHooks?: boolean}} options
 * `testHooks`: serve /__test/* (tests only, see testHook below).
 * @returns {Promise<{url: string, close: () => Promise<void>}>}
 */
export function startGateway({ port, backend, functionsUrl, testHooks = false }) {
  const functions = new URL(functionsUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256, maxFreeSockets: 256 });
  const toBackend = getRequestListener((request, env) =>
    backend.fetch(request, peerOf(env.incoming)),
  );
  const server = http.createServer((request, response) => {
    if (request.url?.startsWith(`${FUNCTIONS_PREFIX}/`))
      forward(request, response, functions, agent);
    else if (request.url?.startsWith(TEST_PREFIX) && testHooks)
      void testHook(request, response, backend);
    // lite's /_system routes describe the database connection (its URL, with a password
    // when DATABASE_URL has one); only the loopback Studio of `npm run studio` needs them.
    else if (request.url === '/_system' || request.url?.startsWith('/_system/'))
      sendJson(response, 404, { error: 'Not found' });
    else void toBackend(request, response);
  });
  return new Promise((resolve) => {
    server.listen(port, '127.0.0.1', () => {
      resolve({
        url: `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (server.address()).port}`,
        close: () => closeServer(server, agent),
      });
    });
  });
}

/** @param {http.IncomingMessage | import('node:http2').Http2ServerRequest} incoming */
const peerOf = (incoming) => incoming.socket.remoteAddress ?? null;

const TEST_PREFIX = '/__test/';

/**
 * @param {http.ServerResponse} response
 * @param {number} status
 * @param {unknown} body
 */
function sendJson(response, status, body) {
  response.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  response.end(JSON.stringify(body));
}

/** @param {http.IncomingMessage} request */
async function readBody(request) {
  let text = '';
  for await (const chunk of request) {
    text += chunk;
    if (text.length > 10_000) break;
  }
  return text;
}

/**
 * The tests' window on the stack (only when started with testHooks, never by `npm start`):
 *   GET    /__test/mail?to=ADDRESS   the emails Auth sent (to that address), oldest first
 *   DELETE /__test/mail              forgets them
 *   POST   /__test/expire-links {email}
 *          ages that account's emailed links (recovery, email change, confirmation) past
 *          Auth's expiry, as an hour's wait would: the expired-link tests need no clock.
 */
/**
 * @param {http.IncomingMessage} request
 * @param {http.ServerResponse} response
 * @param {GatewayBackend} backend
 */
async function testHook(request, response, { mail, query }) {
  if (!mail || !query) return sendJson(response, 404, { error: 'Not found' });
  try {
    const url = new URL(request.url ?? '/', 'http://gateway');
    const route = `${request.method} ${url.pathname}`;
    if (route === 'GET /__test/mail')
      return sendJson(response, 200, mail.messages(url.searchParams.get('to')));
    if (route === 'DELETE /__test/mail') {
      mail.clear();
      return sendJson(response, 200, {});
    }
    if (route === 'POST /__test/expire-links') {
      /** @type {unknown} */
      const body = JSON.parse((await readBody(request)) || '{}');
      const { email } = /** @type {{email?: unknown}} */ (body);
      if (typeof email !== 'string') return sendJson(response, 400, { error: 'email is required' });
      const rows = await query(
        `update auth.users set
           recovery_sent_at = recovery_sent_at - interval '1 day',
           email_change_sent_at = email_change_sent_at - interval '1 day',
           confirmation_sent_at = confirmation_sent_at - interval '1 day'
         where lower(email) = lower($1) or lower(email_change) = lower($1)
         returning id`,
        [email],
      );
      return sendJson(response, 200, { accounts: rows.length });
    }
    return sendJson(response, 404, { error: 'Not found' });
  } catch (error) {
    return sendJson(response, 500, {
      error: error instanceof Error ? error.message : String(error),
    });
  }
}

/**
 * The request's headers for the function: hop-by-hop ones dropped, the peer appended to X-Forwarded-For.
 * @param {http.IncomingHttpHeaders} headers
 * @param {string | null} peerAddress
 * @returns {http.OutgoingHttpHeaders}
 */
export function forwardedHeaders(headers, peerAddress) {
  const out = { ...headers };
  delete out.host;
  for (const name of HOP_BY_HOP) delete out[name];
  // Like Supabase's gateway: the peer's address is appended to X-Forwarded-For.
  if (peerAddress) {
    const peer = peerAddress.replace(/^::ffff:/, '');
    const forwarded = out['x-forwarded-for'];
    out['x-forwarded-for'] = forwarded ? `${String(forwarded)}, ${peer}` : peer;
  }
  return out;
}

/**
 * How much of a body the function did not read the gateway still takes in, and discards, before
 * it passes the function's answer on. The function may answer before the whole body has come (a
 * 413 for a body over 2 MB, a 401 before the body is read); a caller that is still sending
 * would then have its upload cut when the connection closes after the answer (Node closes it
 * when the caller asked for `Connection: close`, as the dev server's proxy does, and the dev
 * server stops reading a body once its answer is complete), and the dev server's proxy
 * reports that failed write as a 502 instead of the answer. Past this bound the answer goes
 * out at once and the connection is closed after it.
 */
export const DISCARD_LIMIT_BYTES = 32 * 1024 * 1024;

/**
 * @param {http.IncomingMessage} request
 * @param {http.ServerResponse} response
 * @param {URL} functions the functions server
 * @param {http.Agent} agent
 */
function forward(request, response, functions, agent) {
  /** @type {http.IncomingMessage | null} */
  let answer = null;
  /** @type {http.ClientRequest} */
  let upstream;
  try {
    upstream = http.request(
      {
        host: functions.hostname,
        port: functions.port,
        method: request.method,
        path: (request.url ?? '').slice(FUNCTIONS_PREFIX.length),
        headers: forwardedHeaders(request.headers, peerOf(request)),
        agent,
      },
      (received) => {
        answer = received;
        if (request.complete) return relay(received, response);
        // An answer before the whole body: the function will not read the rest.
        request.unpipe(upstream);
        afterBody(request, (closeAfter) => {
          relay(received, response);
          if (closeAfter) response.once('finish', () => request.socket.destroy());
        });
      },
    );
  } catch {
    // A header Node will not send on (it checks names and values again on the way out).
    response.writeHead(400, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ error: 'Invalid request headers' }));
    return;
  }
  upstream.on('error', () => {
    // The function answered in full, then dropped the connection with the body unread.
    if (answer?.complete || response.writableFinished) return;
    if (response.headersSent) return response.destroy();
    response.writeHead(503, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ error: 'Edge Functions are not running' }));
  });
  // The caller went away before the answer was complete: stop the function's work too.
  response.on('close', () => {
    if (!response.writableFinished) upstream.destroy();
  });
  request.pipe(upstream);
}

/**
 * Passes the function's answer on, without its connection-scoped headers.
 * @param {http.IncomingMessage} answer
 * @param {http.ServerResponse} response
 */
function relay(answer, response) {
  const headers = { ...answer.headers };
  for (const name of HOP_BY_HOP) delete headers[name];
  response.writeHead(answer.statusCode ?? 502, headers);
  answer.pipe(response);
}

/**
 * Reads and discards the rest of the caller's body, then calls `then(false)`; past
 * DISCARD_LIMIT_BYTES it stops reading and calls `then(true)` (close after the answer).
 * @param {http.IncomingMessage} request
 * @param {(closeAfter: boolean) => void} then
 */
function afterBody(request, then) {
  let discarded = 0;
  const stop = () => {
    request.off('data', onData);
    request.off('end', onEnd);
  };
  const onEnd = () => {
    stop();
    then(false);
  };
  /** @param {Buffer} chunk */
  const onData = (chunk) => {
    discarded += chunk.length;
    if (discarded <= DISCARD_LIMIT_BYTES) return;
    stop();
    request.pause();
    then(true);
  };
  request.on('data', onData);
  request.once('end', onEnd);
  request.resume();
}

/**
 * @param {http.Server} server
 * @param {http.Agent} agent
 * @returns {Promise<void>}
 */
const closeServer = (server, agent) =>
  new Promise((resolve) => {
    server.closeAllConnections?.();
    agent.destroy();
    server.close(() => resolve());
  });
