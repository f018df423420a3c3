// One port for the Supabase surface, like Supabase's own gateway: /auth/v1 and
// /rest/v1 go to @supabase/lite, /functions/v1/<name>/... to the Deno functions server.
import { serve } from '@hono/node-server';

const FUNCTIONS_PREFIX = '/functions/v1';

export function startGateway({ port, backend, functionsUrl }) {
  return new Promise((resolve) => {
    const server = serve(
      {
        port,
        hostname: '127.0.0.1',
        fetch: (request, env) => {
          const url = new URL(request.url);
          if (url.pathname.startsWith(`${FUNCTIONS_PREFIX}/`)) {
            return forward(
              request,
              `${functionsUrl}${url.pathname.slice(FUNCTIONS_PREFIX.length)}${url.search}`,
              env.incoming.socket.remoteAddress ?? null,
            );
          }
          return backend.fetch(request, env.incoming.socket.remoteAddress ?? null);
        },
      },
      (info) => resolve({ url: `http://127.0.0.1:${info.port}`, close: () => closeServer(server) }),
    );
  });
}

async function forward(request, target, peerAddress) {
  const headers = new Headers(request.headers);
  headers.delete('host');
  // Like Supabase's gateway: the peer's address is appended to X-Forwarded-For.
  if (peerAddress) {
    const peer = peerAddress.replace(/^::ffff:/, '');
    const before = headers.get('x-forwarded-for');
    headers.set('x-forwarded-for', before ? `${before}, ${peer}` : peer);
  }
  try {
    const response = await fetch(target, {
      method: request.method,
      headers,
      body: request.body,
      duplex: 'half',
      redirect: 'manual',
    });
    // fetch already decoded the body: drop the headers that described the encoded one.
    const out = new Headers(response.headers);
    out.delete('content-encoding');
    out.delete('content-length');
    return new Response(response.body, { status: response.status, headers: out });
  } catch {
    return Response.json({ error: 'Edge Functions are not running' }, { status: 503 });
  }
}

const closeServer = (server) =>
  new Promise((resolve) => {
    server.closeAllConnections?.();
    server.close(() => resolve());
  });
