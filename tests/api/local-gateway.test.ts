// The local gateway (supabase/local/gateway.mjs) on its own: /functions/v1/* is proxied
// to the functions server as it came (method, path, query, headers, streamed body), with
// the peer appended to X-Forwarded-For; everything else goes to the backend in-process;
// a functions server that is down gives 503 {error}.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { startGateway } from '../../supabase/local/gateway.mjs';
import { freePort } from '../../supabase/local/stack.mjs';

interface Echo {
  method: string;
  url: string;
  headers: Record<string, string>;
  bodyLength: number;
}

/** A stand-in functions server that answers what it received. */
function startEchoServer(): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((request, response) => {
    if (request.url?.includes('too-large')) {
      // Like the function's 413: answer at once without reading the body, then drop the
      // connection (the gateway's upload to it fails after the answer went through). The
      // second's wait lets a busy gateway read the answer first: a reset arriving before
      // that discards the unread answer in the kernel (seen at 100 ms on a loaded machine).
      response.writeHead(413, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: 'Request body too large (max 2 MB)' }), () => {
        setTimeout(() => request.socket.destroy(), 1000);
      });
      return;
    }
    let bodyLength = 0;
    request.on('data', (chunk: Buffer) => (bodyLength += chunk.length));
    request.on('end', () => {
      const echo: Echo = {
        method: request.method!,
        url: request.url!,
        headers: request.headers as Record<string, string>,
        bodyLength,
      };
      response.writeHead(request.url?.includes('teapot') ? 418 : 200, {
        'content-type': 'application/json',
        'x-echo': 'yes',
      });
      response.end(JSON.stringify(echo));
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      }),
    ),
  );
}

const backend = {
  fetch: async (request: Request, peerAddress: string | null) =>
    Response.json({ backend: true, path: new URL(request.url).pathname, peerAddress }),
};

describe('local gateway', () => {
  let echo: Awaited<ReturnType<typeof startEchoServer>>;
  let gateway: { url: string; close: () => Promise<void> };

  beforeAll(async () => {
    echo = await startEchoServer();
    gateway = await startGateway({ port: 0, backend, functionsUrl: echo.url });
  });
  afterAll(async () => {
    await gateway?.close();
    await echo?.close();
  });

  it('proxies /functions/v1/* with method, path, query, body and headers, appending the peer to X-Forwarded-For', async () => {
    const body = 'x'.repeat(300_000);
    const response = await fetch(`${gateway.url}/functions/v1/api/itineraries?a=1&b=%20`, {
      method: 'POST',
      headers: {
        authorization: 'Bearer abc',
        'content-type': 'text/plain',
        'x-forwarded-for': '203.0.113.7',
      },
      body,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-echo')).toBe('yes');
    const received = (await response.json()) as Echo;
    expect(received.method).toBe('POST');
    expect(received.url).toBe('/api/itineraries?a=1&b=%20');
    expect(received.bodyLength).toBe(body.length);
    expect(received.headers.authorization).toBe('Bearer abc');
    expect(received.headers['x-forwarded-for']).toBe('203.0.113.7, 127.0.0.1');
  });

  it('passes the function’s status through and adds X-Forwarded-For when the caller sent none', async () => {
    const response = await fetch(`${gateway.url}/functions/v1/api/teapot`);
    expect(response.status).toBe(418);
    expect(((await response.json()) as Echo).headers['x-forwarded-for']).toBe('127.0.0.1');
  });

  it('passes an early answer through and keeps the caller’s connection usable (the unread body is discarded)', async () => {
    for (let round = 0; round < 3; round++) {
      const early = await fetch(`${gateway.url}/functions/v1/api/too-large`, {
        method: 'POST',
        body: 'x'.repeat(3_000_000),
      });
      expect(early.status).toBe(413);
      expect(await early.json()).toEqual({ error: 'Request body too large (max 2 MB)' });
      const next = await fetch(`${gateway.url}/functions/v1/api/itineraries`, {
        method: 'POST',
        body: 'small',
      });
      expect(next.status).toBe(200);
      expect(((await next.json()) as Echo).bodyLength).toBe(5);
    }
  });

  it('passes an early answer on once the caller has sent its whole body, also to a caller asking Connection: close', async () => {
    // Node closes a `Connection: close` connection after the answer: had the answer gone out
    // before the body was read, the caller's upload would have been cut (EPIPE, ECONNRESET),
    // which a proxy in front (the dev server's) reports as a 502.
    const body = Buffer.alloc(6_000_000, 'x');
    for (let round = 0; round < 3; round++) {
      const outcome = await new Promise<{ status?: number; text: string; error?: string }>(
        (resolve) => {
          let status: number | undefined;
          let text = '';
          const request = http.request(
            `${gateway.url}/functions/v1/api/too-large`,
            { method: 'POST', agent: false, headers: { connection: 'close' } },
            (response) => {
              status = response.statusCode;
              response.on('data', (chunk: Buffer) => (text += chunk.toString()));
            },
          );
          request.on('error', (error: NodeJS.ErrnoException) =>
            resolve({ status, text, error: error.code }),
          );
          request.on('close', () => setTimeout(() => resolve({ status, text }), 50));
          request.end(body);
        },
      );
      expect(outcome).toEqual({
        status: 413,
        text: JSON.stringify({ error: 'Request body too large (max 2 MB)' }),
      });
    }
  });

  it('serves every other path from the backend, with the peer address', async () => {
    const response = await fetch(`${gateway.url}/rest/v1/itineraries`);
    expect(await response.json()).toEqual({
      backend: true,
      path: '/rest/v1/itineraries',
      peerAddress: expect.stringMatching(/127\.0\.0\.1$/),
    });
  });

  it('answers 503 {error} when the functions server is down', async () => {
    const down = await startGateway({
      port: 0,
      backend,
      functionsUrl: `http://127.0.0.1:${await freePort()}`,
    });
    try {
      const response = await fetch(`${down.url}/functions/v1/api/health`);
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ error: 'Edge Functions are not running' });
    } finally {
      await down.close();
    }
  });
});
