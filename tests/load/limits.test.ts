// Per-client rate limits (429 + Retry-After) and the route service's fallback within
// the router timeout, on the stack with production settings (router timeout 2 s there).
import { randomInt } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { call, fakes, newUser, uniquePoints, uniqueText } from '../api/client.ts';
import { LOAD_ROUTER_TIMEOUT_MS } from './global-setup.ts';

const clientIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

afterEach(async () => {
  await fakes.setMode('osrm', 'ok');
});

async function hammer(
  count: number,
  request: () => Promise<{ status: number; body: any; headers: Headers }>,
) {
  const answers = [];
  for (let i = 0; i < count; i += 10)
    answers.push(...(await Promise.all(Array.from({ length: Math.min(10, count - i) }, request))));
  return answers;
}

describe('per-client rate limits (60 per minute, production default)', () => {
  it('answers 429 with Retry-After and {error} to a client over the geocoding limit, and not to others', async () => {
    const ip = clientIp();
    const q = uniqueText('Paris');
    const answers = await hammer(75, () =>
      call('GET', `/geocoding/search?q=${encodeURIComponent(q)}`, {
        headers: { 'x-forwarded-for': `${ip}, 127.0.0.1` },
      }),
    );
    const limited = answers.filter((answer) => answer.status === 429);
    expect(answers.filter((answer) => answer.status === 200).length).toBeGreaterThanOrEqual(60);
    expect(limited.length).toBeGreaterThan(0);
    expect(limited[0].body).toEqual({ error: expect.stringMatching(/too many requests/i) });
    expect(Number(limited[0].headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    // Another client (address) is not affected, nor is a signed-in user behind the same address.
    expect(
      (
        await call('GET', `/geocoding/search?q=${encodeURIComponent(q)}`, {
          headers: { 'x-forwarded-for': clientIp() },
        })
      ).status,
    ).toBe(200);
    const user = await newUser();
    expect(
      (
        await call('GET', `/geocoding/search?q=${encodeURIComponent(q)}`, {
          token: user.token,
          headers: { 'x-forwarded-for': ip },
        })
      ).status,
    ).toBe(200);
  }, 60_000);

  it('limits the route service per client too', async () => {
    const ip = clientIp();
    const [from, to] = uniquePoints(2);
    const answers = await hammer(75, () =>
      call('POST', '/routes/total', {
        body: { stops: [from, to] },
        headers: { 'x-forwarded-for': ip },
      }),
    );
    const limited = answers.filter((answer) => answer.status === 429);
    expect(limited.length).toBeGreaterThan(0);
    expect(limited[0].body.error).toMatch(/too many requests/i);
    expect(limited[0].headers.get('retry-after')).toMatch(/^\d+$/);
  }, 60_000);
});

describe(`route service fallback within the router timeout (${LOAD_ROUTER_TIMEOUT_MS} ms on this stack)`, () => {
  it('answers the great-circle estimate once the router timeout has passed when the router hangs', async () => {
    await fakes.setMode('osrm', 'slow');
    const stops = uniquePoints(3);
    const started = Date.now();
    const answer = await call('POST', '/routes/total', {
      body: { stops },
      headers: { 'x-forwarded-for': clientIp() },
    });
    const elapsed = Date.now() - started;
    console.info(`[limits] router hanging: estimate after ${elapsed} ms`);
    expect(answer.status).toBe(200);
    expect(answer.body.legs.every((leg: { estimated: boolean }) => leg.estimated)).toBe(true);
    // It waited for the router (not an early give-up), and did not hang with it.
    expect(elapsed).toBeGreaterThanOrEqual(LOAD_ROUTER_TIMEOUT_MS - 100);
    expect(elapsed).toBeLessThan(LOAD_ROUTER_TIMEOUT_MS + 15_000);
  }, 30_000);
});
