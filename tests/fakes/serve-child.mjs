#!/usr/bin/env node
// The fake upstreams in a process of their own, with the control API of
// tests/api/fake-control.ts (POST /{fake}/mode, GET|DELETE /{fake}/requests): used by
// the load tests so that the arrival times the fakes record are not delayed by a busy
// event loop elsewhere (the embedded database runs on the parent's main thread).
// Prints one JSON line {nominatimUrl, osrmUrl, controlUrl}; stops on SIGTERM or when stdin closes.
import { createServer } from 'node:http';
import { startFakeNominatim } from './nominatim.mjs';
import { startFakeOsrm } from './osrm.mjs';

const fakes = { nominatim: await startFakeNominatim(), osrm: await startFakeOsrm() };

const control = createServer(async (req, res) => {
  const [, name, action] = (req.url ?? '').split('/');
  const fake = fakes[name];
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
});
await new Promise((resolve) => control.listen(0, '127.0.0.1', resolve));

console.log(JSON.stringify({
  nominatimUrl: fakes.nominatim.url,
  osrmUrl: fakes.osrm.url,
  controlUrl: `http://127.0.0.1:${control.address().port}`,
}));

const stop = async () => {
  control.close();
  await Promise.all(Object.values(fakes).map((fake) => fake.close()));
  process.exit(0);
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
process.stdin.on('end', stop);
process.stdin.resume();
