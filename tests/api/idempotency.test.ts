// POST /api/itineraries with an Idempotency-Key (the IETF draft's header): a retry after a
// timeout or a lost answer gets the itinerary the first attempt created, never a duplicate.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, newUser, stops, type TestUser } from './client.ts';

const route = { title: 'Retried after a timeout', stops: [stops.timesSquare, stops.empireState] };

let alice: TestUser;
let bob: TestUser;
beforeAll(async () => {
  [alice, bob] = await Promise.all([newUser(), newUser()]);
});

const post = (user: TestUser, key: string | undefined, body: unknown = route) =>
  call('POST', '/itineraries', {
    token: user.token,
    body,
    headers: key === undefined ? {} : { 'idempotency-key': key },
  });

const titlesOf = async (user: TestUser) =>
  ((await call('GET', '/itineraries', { token: user.token })).body as { title: string }[]).map(
    (itinerary) => itinerary.title,
  );

describe('POST /api/itineraries with Idempotency-Key', () => {
  it('answers a retried POST with the same itinerary: one itinerary is saved', async () => {
    const key = `"${randomUUID()}"`;
    const body = { ...route, title: `Once ${randomUUID()}` };
    const first = await post(alice, key, body);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const retry = await post(alice, key, body);
    expect(retry.status).toBe(201);
    expect(retry.body).toEqual(first.body);
    expect(retry.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect((await titlesOf(alice)).filter((title) => title === body.title)).toHaveLength(1);
  });

  it('accepts the key quoted (a structured-field string, as the draft writes it) or bare', async () => {
    const key = randomUUID();
    const body = { ...route, title: `Quoted ${key}` };
    const bare = await post(alice, key.toUpperCase(), body);
    const quoted = await post(alice, `"${key}"`, body);
    expect(quoted.body.id).toBe(bare.body.id);
  });

  it('makes one itinerary of concurrent attempts with one key', async () => {
    const key = randomUUID();
    const body = { ...route, title: `Raced ${key}` };
    const answers = await Promise.all([
      post(bob, key, body),
      post(bob, key, body),
      post(bob, key, body),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((answer) => answer.body.id)).size).toBe(1);
    expect((await titlesOf(bob)).filter((title) => title === body.title)).toHaveLength(1);
  });

  it('keeps keys per user: the same key from another user creates their own itinerary', async () => {
    const key = randomUUID();
    const mine = await post(alice, key, { ...route, title: 'Alice, shared key' });
    const theirs = await post(bob, key, { ...route, title: 'Bob, shared key' });
    expect(mine.status).toBe(201);
    expect(theirs.status).toBe(201);
    expect(theirs.body.id).not.toBe(mine.body.id);
    expect(theirs.body.title).toBe('Bob, shared key');
    expect(await call('GET', `/itineraries/${mine.body.id}`, { token: bob.token })).toMatchObject({
      status: 404,
    });
  });

  it('answers 422 {error} to a key reused with a different body, and saves nothing', async () => {
    const key = randomUUID();
    const title = `Original ${key}`;
    expect((await post(alice, key, { ...route, title })).status).toBe(201);
    for (const other of [
      { ...route, title: `Changed ${key}` },
      { title, stops: [stops.unionSquare, stops.timesSquare] },
    ]) {
      const reused = await post(alice, key, other);
      expect(reused).toMatchObject({
        status: 422,
        body: {
          error: 'This Idempotency-Key was already used with a different request; use a new key',
        },
      });
    }
    expect((await titlesOf(alice)).filter((t) => t.endsWith(key))).toEqual([title]);
  });

  it('answers 409 {error} to a retry whose itinerary has been deleted since (no resurrection)', async () => {
    const key = randomUUID();
    const body = { ...route, title: `Deleted ${key}` };
    const first = await post(alice, key, body);
    expect(
      (await call('DELETE', `/itineraries/${first.body.id}`, { token: alice.token })).status,
    ).toBe(204);
    expect(await post(alice, key, body)).toMatchObject({
      status: 409,
      body: { error: 'The itinerary created with this Idempotency-Key has been deleted since' },
    });
    expect(await titlesOf(alice)).not.toContain(body.title);
  });

  it('creates every time without a key (the contract API clients had)', async () => {
    const body = { ...route, title: `No key ${randomUUID()}` };
    expect((await post(alice, undefined, body)).status).toBe(201);
    expect((await post(alice, undefined, body)).status).toBe(201);
    expect((await titlesOf(alice)).filter((title) => title === body.title)).toHaveLength(2);
  });

  it('refuses a key that is not a UUID with 400 {error}, before saving anything', async () => {
    const body = { ...route, title: `Bad key ${randomUUID()}` };
    for (const key of ['', 'abc', '"not-a-uuid"', `${randomUUID()}x`, `"${randomUUID()}`]) {
      expect(await post(alice, key, body), key).toMatchObject({
        status: 400,
        body: { error: 'Idempotency-Key must be a UUID' },
      });
    }
    expect(await titlesOf(alice)).not.toContain(body.title);
  });

  it('still needs a session and a valid body', async () => {
    const key = randomUUID();
    expect(
      await call('POST', '/itineraries', { body: route, headers: { 'idempotency-key': key } }),
    ).toMatchObject({ status: 401 });
    expect(await post(alice, key, { title: 'x', stops: [] })).toMatchObject({
      status: 400,
      body: { error: 'Please add at least one stop' },
    });
    // The refused attempts used nothing up: the key still creates.
    expect((await post(alice, key)).status).toBe(201);
  });
});
