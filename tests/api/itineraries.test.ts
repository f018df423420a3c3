import { beforeAll, describe, expect, it } from 'vitest';
import { call, newUser, stops, withoutStopIds, type TestUser } from './client.ts';

const route = {
  title: 'Morning deliveries',
  stops: [stops.timesSquare, stops.empireState, stops.unionSquare],
};

let alice: TestUser;
let bob: TestUser;
beforeAll(async () => {
  [alice, bob] = await Promise.all([newUser(), newUser()]);
});

async function createRoute(user: TestUser, body: unknown = route) {
  const answer = await call('POST', '/itineraries', { token: user.token, body });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body;
}

describe('itineraries CRUD', () => {
  it('creates, reads, lists, updates and deletes an itinerary', async () => {
    const created = await createRoute(alice);
    expect(created).toMatchObject({ title: route.title, stops: route.stops });
    expect(created.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(created.total_distance).toBeGreaterThan(0);
    expect(created.total_duration).toBeGreaterThan(0);
    expect(created.created_at).toBeTruthy();

    expect(await call('GET', `/itineraries/${created.id}`, { token: alice.token })).toMatchObject({
      status: 200,
      body: { id: created.id, title: route.title },
    });
    const list = await call('GET', '/itineraries', { token: alice.token });
    expect(list.status).toBe(200);
    expect(list.body.map((r: { id: string }) => r.id)).toContain(created.id);

    const reordered = { title: 'Renamed', stops: [stops.unionSquare, stops.timesSquare] };
    const updated = await call('PUT', `/itineraries/${created.id}`, {
      token: alice.token,
      body: reordered,
    });
    expect(updated).toMatchObject({
      status: 200,
      body: { id: created.id, title: 'Renamed', stops: reordered.stops },
    });
    expect(updated.body.total_distance).not.toBe(created.total_distance);

    expect(
      (await call('DELETE', `/itineraries/${created.id}`, { token: alice.token })).status,
    ).toBe(204);
    expect(await call('GET', `/itineraries/${created.id}`, { token: alice.token })).toMatchObject({
      status: 404,
      body: { error: 'Itinerary not found' },
    });
    expect(
      (await call('DELETE', `/itineraries/${created.id}`, { token: alice.token })).status,
    ).toBe(404);
  });

  it('lists the newest itinerary first and only the caller’s own', async () => {
    const user = await newUser();
    const first = await createRoute(user, { title: 'First', stops: [stops.timesSquare] });
    const second = await createRoute(user, { title: 'Second', stops: [stops.empireState] });
    await createRoute(bob, { title: 'Not yours', stops: [stops.timesSquare] });
    const list = await call('GET', '/itineraries', { token: user.token });
    expect(list.body.map((r: { id: string }) => r.id)).toEqual([second.id, first.id]);
  });

  it('computes the totals itself and ignores totals sent by the client', async () => {
    const created = await createRoute(alice, { ...route, total_distance: 1, total_duration: 1 });
    const totals = await call('POST', '/routes/total', { body: { stops: route.stops } });
    expect(created.total_distance).toBeCloseTo(totals.body.totalDistance, 3);
    expect(created.total_duration).toBeCloseTo(totals.body.totalDuration, 3);
  });

  it('replaces a blank title by the auto title', async () => {
    const created = await createRoute(alice, {
      title: '   ',
      stops: [stops.timesSquare, stops.unionSquare],
    });
    expect(created.title).toBe('Times Square to Union Square');
    const single = await createRoute(alice, { stops: [stops.empireState] });
    expect(single.title).toBe('Trip to Empire State Building');
  });

  it('keeps stop notes and statuses, trims notes and drops blank ones', async () => {
    const created = await createRoute(alice, {
      title: 'With notes',
      stops: [
        { ...stops.timesSquare, note: '  Door code 4521  ', status: 'done' },
        { ...stops.timesSquare, note: '   ', status: 'skipped' },
        { ...stops.timesSquare },
      ],
    });
    expect(withoutStopIds(created.stops)).toEqual([
      { ...stops.timesSquare, note: 'Door code 4521', status: 'done' },
      { ...stops.timesSquare, status: 'skipped' },
      { ...stops.timesSquare },
    ]);
  });

  it('keeps a single stop route with zero distance', async () => {
    const created = await createRoute(alice, { title: 'One stop', stops: [stops.timesSquare] });
    expect(created.total_distance).toBe(0);
  });
});

describe('stop ids', () => {
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
  const ids = ['0f8fad5b-d9cb-469f-a165-70867728950e', '7c9e6679-7425-40de-944b-e07fc1f90ae7'];

  it('gives every stop an id, keeps the ids a client sends (lowercased) through a reorder', async () => {
    const created = await createRoute(alice, {
      title: 'Ids',
      stops: [
        { id: ids[0].toUpperCase(), ...stops.timesSquare },
        { id: ids[1], ...stops.empireState },
        stops.unionSquare,
      ],
    });
    const [first, second, third] = created.stops;
    expect([first.id, second.id]).toEqual(ids);
    expect(third.id).toMatch(UUID);

    const reordered = await call('PUT', `/itineraries/${created.id}`, {
      token: alice.token,
      body: { title: 'Ids', stops: [third, { ...first, name: 'Times Square (corner)' }, second] },
    });
    expect(reordered.status).toBe(200);
    expect(reordered.body.stops.map((stop: { id: string }) => stop.id)).toEqual([
      third.id,
      ids[0],
      ids[1],
    ]);
  });

  it('a client that sends {name, lat, lng} keeps the ids of the stops it did not change', async () => {
    const created = await createRoute(alice);
    const saved = await call('PUT', `/itineraries/${created.id}`, {
      token: alice.token,
      body: { title: route.title, stops: [stops.unionSquare, stops.timesSquare] },
    });
    expect(saved.body.stops.map((stop: { id: string }) => stop.id)).toEqual([
      created.stops[2].id,
      created.stops[0].id,
    ]);
  });

  it('refuses an id that is not a UUID with a 400 naming the stop', async () => {
    const answer = await call('POST', '/itineraries', {
      token: alice.token,
      body: { title: 'Bad id', stops: [{ id: 'stop-1', ...stops.timesSquare }] },
    });
    expect(answer).toMatchObject({ status: 400, body: { error: 'stops.0: id must be a UUID' } });
  });
});

describe('saving over a version (If-Match)', () => {
  it('gives each version an ETag, saves over the current one and refuses a stale one with 412', async () => {
    const created = await createRoute(alice);
    const read = await call('GET', `/itineraries/${created.id}`, { token: alice.token });
    const etag = read.headers.get('etag');
    expect(etag).toBe(`"${created.updated_at}"`);

    const saved = await call('PUT', `/itineraries/${created.id}`, {
      token: alice.token,
      headers: { 'if-match': etag! },
      body: { ...route, title: 'Saved over the version I read' },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.headers.get('etag')).toBe(`"${saved.body.updated_at}"`);
    expect(saved.headers.get('etag')).not.toBe(etag);

    // Another device still holds the first version: its save must not overwrite the second.
    const stale = await call('PUT', `/itineraries/${created.id}`, {
      token: alice.token,
      headers: { 'if-match': etag! },
      body: { ...route, title: 'Stale save' },
    });
    expect(stale).toMatchObject({
      status: 412,
      body: { error: 'This itinerary was changed elsewhere; load it again before saving' },
    });
    expect(
      (await call('GET', `/itineraries/${created.id}`, { token: alice.token })).body.title,
    ).toBe('Saved over the version I read');

    // `*` or no If-Match at all: the last save wins, as before.
    const headerSets: Record<string, string>[] = [{ 'if-match': '*' }, {}];
    for (const headers of headerSets) {
      expect(
        (
          await call('PUT', `/itineraries/${created.id}`, {
            token: alice.token,
            headers,
            body: route,
          })
        ).status,
      ).toBe(200);
    }
  });

  it('refuses a malformed If-Match with 400 and answers 404, not 412, to another user', async () => {
    const created = await createRoute(alice);
    const badValues = [
      '2026-01-01T00:00:00.000Z',
      '"yesterday"',
      'W/"2026-01-01T00:00:00.000Z"',
      '"2026-13-45T99:99:99.999Z"',
    ];
    // Well-formed times Postgres cannot hold (year 0, or a millisecond after 9999-12-31) are refused here too, never a 5xx.
    badValues.push('"0000-01-01T00:00:00.000Z"', '"9999-12-31T23:59:59.999Z"');
    for (const bad of badValues) {
      const answer = await call('PUT', `/itineraries/${created.id}`, {
        token: alice.token,
        headers: { 'if-match': bad },
        body: route,
      });
      expect(answer, bad).toMatchObject({
        status: 400,
        body: { error: 'If-Match must be an ETag of this itinerary' },
      });
    }
    const asBob = await call('PUT', `/itineraries/${created.id}`, {
      token: bob.token,
      headers: { 'if-match': `"${created.updated_at}"` },
      body: { ...route, title: 'Bob was here' },
    });
    expect(asBob.status).toBe(404);
    expect(
      (await call('GET', `/itineraries/${created.id}`, { token: alice.token })).body.title,
    ).toBe(route.title);
  });
});

describe('itinerary input validation', () => {
  const invalid: [string, unknown, RegExp | string][] = [
    ['no stops', { title: 'x', stops: [] }, 'Please add at least one stop'],
    ['stops missing', { title: 'x' }, /stops/],
    ['stops not an array', { title: 'x', stops: 'abc' }, /stops/],
    [
      'latitude out of range',
      { title: 'x', stops: [{ name: 'a', lat: 91, lng: 0 }] },
      /lat must be between -90 and 90/,
    ],
    [
      'longitude out of range',
      { title: 'x', stops: [{ name: 'a', lat: 0, lng: -180.5 }] },
      /lng must be between -180 and 180/,
    ],
    [
      'latitude as text',
      { title: 'x', stops: [{ name: 'a', lat: '1', lng: 0 }] },
      /lat must be a number/,
    ],
    [
      'empty stop name',
      { title: 'x', stops: [{ name: '  ', lat: 1, lng: 1 }] },
      /name must not be empty/,
    ],
    [
      'stop name too long',
      { title: 'x', stops: [{ name: 'n'.repeat(501), lat: 1, lng: 1 }] },
      /at most 500/,
    ],
    ['title too long', { title: 't'.repeat(201), stops: [stops.timesSquare] }, /at most 200/],
    ['title not text', { title: 12, stops: [stops.timesSquare] }, /title must be a string/],
    ['body is an array', [route], /JSON object/],
    ['body is null', null, /JSON object/],
    [
      'a note that is not text',
      { title: 'x', stops: [{ name: 'a', lat: 1, lng: 1, note: 5 }] },
      /note must be a string/,
    ],
    [
      'a note too long',
      { title: 'x', stops: [{ name: 'a', lat: 1, lng: 1, note: 'n'.repeat(1001) }] },
      /note must be at most 1000/,
    ],
    [
      'an unknown stop status',
      { title: 'x', stops: [{ name: 'a', lat: 1, lng: 1, status: 'finished' }] },
      /status must be one of: done, skipped/,
    ],
    [
      'a NUL character in a stop name',
      { title: 'x', stops: [{ name: 'a\u0000b', lat: 1, lng: 1 }] },
      'Text must not contain NUL characters',
    ],
  ];

  it.each(invalid)('refuses %s with 400 and a clear error', async (_case, body, message) => {
    const answer = await call('POST', '/itineraries', { token: alice.token, body });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatch(message);
  });

  it('refuses invalid JSON, an empty body and a non-UTF-8 body', async () => {
    const bodies: (string | Uint8Array<ArrayBuffer>)[] = [
      '{"title": ',
      '',
      new Uint8Array([0xff, 0xfe, 0x00]),
    ];
    for (const rawBody of bodies) {
      const answer = await call('POST', '/itineraries', {
        token: alice.token,
        rawBody,
        headers: { 'content-type': 'application/json' },
      });
      expect(answer.status).toBe(400);
      expect(answer.body.error).toBeTruthy();
    }
  });

  it('refuses a body over 2 MB with 413, and stores nothing', async () => {
    const before = (await call('GET', '/itineraries', { token: alice.token })).body.length;
    const huge = {
      title: 'huge',
      stops: [{ name: 'x'.repeat(400), lat: 1, lng: 1 }],
      padding: 'p'.repeat(3 * 1024 * 1024),
    };
    const answer = await call('POST', '/itineraries', { token: alice.token, body: huge });
    expect(answer).toMatchObject({
      status: 413,
      body: { error: 'Request body too large (max 2 MB)' },
    });
    expect((await call('GET', '/itineraries', { token: alice.token })).body.length).toBe(before);
  });

  it('accepts 2,000 stops in one itinerary (no stop limit)', async () => {
    const many = Array.from({ length: 2000 }, (_, i) => ({
      name: `Stop ${i}`,
      lat: 40 + i / 10_000,
      lng: -74 + i / 10_000,
    }));
    const created = await createRoute(alice, { title: 'Many stops', stops: many });
    expect(created.stops).toHaveLength(2000);
  });

  it('answers invalid ids with 404', async () => {
    for (const id of ['not-a-uuid', '123', "1' or '1'='1"]) {
      const answer = await call('GET', `/itineraries/${encodeURIComponent(id)}`, {
        token: alice.token,
      });
      expect(answer).toMatchObject({ status: 404, body: { error: 'Itinerary not found' } });
    }
  });
});

describe('ownership: another user and anonymous callers', () => {
  it('answers 404 to another user for get, update, delete and share, and leaves the itinerary untouched', async () => {
    const created = await createRoute(alice);
    const path = `/itineraries/${created.id}`;
    expect((await call('GET', path, { token: bob.token })).status).toBe(404);
    expect(
      (
        await call('PUT', path, {
          token: bob.token,
          body: { title: 'Stolen', stops: [stops.timesSquare] },
        })
      ).status,
    ).toBe(404);
    expect((await call('DELETE', path, { token: bob.token })).status).toBe(404);
    expect((await call('POST', `${path}/share`, { token: bob.token })).status).toBe(404);
    const list = await call('GET', '/itineraries', { token: bob.token });
    expect(list.body.map((r: { id: string }) => r.id)).not.toContain(created.id);

    const still = await call('GET', path, { token: alice.token });
    expect(still.body).toMatchObject({ title: route.title, stops: route.stops });
  });

  it('answers 401 to anonymous callers on every itinerary operation', async () => {
    const created = await createRoute(alice);
    const path = `/itineraries/${created.id}`;
    const attempts: [string, string, unknown?][] = [
      ['GET', '/itineraries'],
      ['POST', '/itineraries', route],
      ['GET', path],
      ['PUT', path, route],
      ['DELETE', path],
      ['POST', `${path}/share`],
    ];
    for (const [method, target, body] of attempts) {
      const answer = await call(method, target, { body });
      expect(answer, `${method} ${target}`).toMatchObject({
        status: 401,
        body: { error: 'Authentication required' },
      });
    }
    expect((await call('GET', path, { token: alice.token })).body.title).toBe(route.title);
  });
});
