// The product as a static host serves it: over HTTP/2 (one connection, every request at once),
// where `vite preview` speaks HTTP/1.1 (six connections a host: on a page that asks for more
// files at once, the seventh waits for a free one, a round trip more on a phone's network). A
// TLS proxy in front of the preview server, with a certificate made for the run (the browser
// contexts that use it are opened with ignoreHTTPSErrors).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import http2 from 'node:http2';
import { pipeline } from 'node:stream';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Headers of one HTTP/1.1 connection, which HTTP/2 does not carry. */
const CONNECTION_HEADERS = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
]);

/** A self-signed certificate for 127.0.0.1, made with Debian's openssl. */
function certificate() {
  const dir = mkdtempSync(path.join(tmpdir(), 'route-planner-tls-'));
  try {
    const key = path.join(dir, 'key.pem');
    const cert = path.join(dir, 'cert.pem');
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '2',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
        '-keyout',
        key,
        '-out',
        cert,
      ],
      { stdio: 'ignore' },
    );
    return { key: readFileSync(key), cert: readFileSync(cert) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * @param {string} target the HTTP/1.1 origin behind it (the preview server)
 * @returns {Promise<{url: string, close: () => Promise<void>}>}
 */
export async function startHttp2Proxy(target) {
  const origin = new URL(target);
  const server = http2.createSecureServer({ ...certificate(), allowHTTP1: true });
  server.on('request', (request, response) => {
    /** @type {http.OutgoingHttpHeaders} */
    const headers = {};
    for (const [name, value] of Object.entries(request.headers))
      if (!name.startsWith(':') && !CONNECTION_HEADERS.has(name)) headers[name] = value;
    headers.host = origin.host;
    const upstream = http.request(
      {
        host: origin.hostname,
        port: origin.port,
        method: request.method,
        path: request.url,
        headers,
      },
      (answer) => {
        /** @type {http.OutgoingHttpHeaders} */
        const back = {};
        for (const [name, value] of Object.entries(answer.headers))
          if (!CONNECTION_HEADERS.has(name) && value !== undefined) back[name] = value;
        response.writeHead(answer.statusCode ?? 502, back);
        // A body cut short is a failed response for the browser, never a shorter file.
        pipeline(answer, response, (error) => {
          if (error) response.stream?.close(http2.constants.NGHTTP2_INTERNAL_ERROR);
        });
      },
    );
    upstream.on('error', () => {
      if (response.headersSent) response.stream?.close(http2.constants.NGHTTP2_INTERNAL_ERROR);
      else response.writeHead(502).end();
    });
    // The browser gave up on it (a page left): so does the request behind.
    response.on('close', () => upstream.destroy());
    request.pipe(upstream);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `https://127.0.0.1:${port}`,
    // Called once the browser is closed: no session keeps it up.
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
