// The fakes live in the global-setup process; tests run in workers. This small HTTP
// server lets a test switch a fake's mode and read the requests it received.
import { createServer } from 'node:http';

interface Fake {
  requests: unknown[];
  setMode(mode: string): void;
}

export function startFakeControl(fakes: Record<string, Fake>): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer(async (req, res) => {
    const [, name, action] = (req.url ?? '').split('/');
    const fake = fakes[name];
    const reply = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (!fake) return reply(404, { error: 'unknown fake' });
    if (req.method === 'POST' && action === 'mode') {
      let body = '';
      for await (const chunk of req) body += chunk;
      fake.setMode(JSON.parse(body).mode);
      return reply(200, { ok: true });
    }
    if (req.method === 'GET' && action === 'requests') return reply(200, fake.requests);
    if (req.method === 'DELETE' && action === 'requests') {
      fake.requests.length = 0;
      return reply(200, { ok: true });
    }
    return reply(404, { error: 'unknown action' });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      resolve({
        url: `http://127.0.0.1:${port}`,
        close: () => new Promise<void>((done) => server.close(() => done())),
      });
    }),
  );
}
