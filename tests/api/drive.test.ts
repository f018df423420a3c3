// Drivers report back over HTTP: the owner's driver link (POST, GET, DELETE
// /itineraries/{id}/driver-link), the driver's page (GET /drive/{token}), reports (POST
// /drive/{token}/reports: idempotent by id, validated, limited per link) and the owner's
// progress of a route and of a day group. The database side is attacked in tests/db.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, newUser, stops, type TestUser } from './client.ts';
import { SITE_URL } from './global-setup.ts';

const plan = { departure: '2026-03-02T08:00-05:00', timeZone: 'America/New_York' };
const dayStops = [
  { ...stops.timesSquare, note: 'Gate code 4711' },
  { ...stops.empireState, serviceMinutes: 10, window: { start: '09:00', end: '10:00' } },
  stops.unionSquare,
];

let alice: TestUser;
let bob: TestUser;
beforeAll(async () => {
  [alice, bob] = await Promise.all([newUser(), newUser()]);
});

async function createRoute(owner: TestUser, body: Record<string, unknown> = {}) {
  const created = await call('POST', '/itineraries', {
    token: owner.token,
    body: { title: 'Monday round', stops: dayStops, day_plan: plan, ...body },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body as { id: string; stops: { id: string; name: string }[] };
}

const tokenOf = (driverUrl: string) => driverUrl.split('/drive/')[1];

async function driverLink(owner: TestUser, id: string) {
  const made = await call('POST', `/itineraries/${id}/driver-link`, { token: owner.token });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return tokenOf(made.body.driverUrl);
}

const report = (token: string, body: Record<string, unknown>) =>
  call('POST', `/drive/${token}/reports`, {
    body: { id: randomUUID(), status: 'delivered', at: new Date().toISOString(), ...body },
  });

describe('driver links', () => {
  it('a link on SITE_URL with a 256-bit token; one per route: a new one revokes the old', async () => {
    const { id } = await createRoute(alice);
    const made = await call('POST', `/itineraries/${id}/driver-link`, { token: alice.token });
    expect(made.status).toBe(201);
    expect(made.body).toEqual({ driverUrl: expect.stringMatching(/\/drive\/[A-Za-z0-9_-]{43}$/) });
    expect(made.body.driverUrl.startsWith(`${SITE_URL}/drive/`)).toBe(true);
    expect(Buffer.from(tokenOf(made.body.driverUrl), 'base64url')).toHaveLength(32);
    expect(
      await call('GET', `/itineraries/${id}/driver-link`, { token: alice.token }),
    ).toMatchObject({ status: 200, body: made.body });

    const again = await call('POST', `/itineraries/${id}/driver-link`, { token: alice.token });
    expect(again.body.driverUrl).not.toBe(made.body.driverUrl);
    expect((await call('GET', `/drive/${tokenOf(made.body.driverUrl)}`)).status).toBe(404);
    expect((await call('GET', `/drive/${tokenOf(again.body.driverUrl)}`)).status).toBe(200);
  });

  it('revoking stops new reports at once; the reports already made stay', async () => {
    const route = await createRoute(alice);
    const token = await driverLink(alice, route.id);
    expect((await report(token, { stopId: route.stops[1].id })).status).toBe(201);
    expect(
      (await call('DELETE', `/itineraries/${route.id}/driver-link`, { token: alice.token })).status,
    ).toBe(204);
    const late = await report(token, { stopId: route.stops[2].id });
    // The code tells the phone the link is gone: it forgets its copy and its reports not sent.
    expect(late).toMatchObject({
      status: 404,
      body: { error: expect.any(String), code: 'no-link' },
    });
    expect(await call('GET', `/drive/${token}`)).toMatchObject({
      status: 404,
      body: { code: 'no-link' },
    });
    const progress = await call('GET', `/itineraries/${route.id}/progress`, {
      token: alice.token,
    });
    expect(progress.body.counts).toEqual({
      delivered: 1,
      failed: 0,
      skipped: 0,
      toDo: 1,
      total: 2,
    });
    expect(
      (await call('DELETE', `/itineraries/${route.id}/driver-link`, { token: alice.token })).status,
    ).toBe(404);
    expect(
      (await call('GET', `/itineraries/${route.id}/driver-link`, { token: alice.token })).status,
    ).toBe(404);
  });

  it('only the owner: another user and anonymous callers get 404 and 401', async () => {
    const { id } = await createRoute(alice);
    for (const method of ['POST', 'GET', 'DELETE']) {
      expect(
        (await call(method, `/itineraries/${id}/driver-link`, { token: bob.token })).status,
      ).toBe(404);
      expect((await call(method, `/itineraries/${id}/driver-link`)).status).toBe(401);
    }
    expect((await call('GET', `/itineraries/${id}/progress`, { token: bob.token })).status).toBe(
      404,
    );
    expect((await call('GET', `/itineraries/${id}/progress`)).status).toBe(401);
  });
});

describe('the driver’s page', () => {
  it('shows the title, the day’s clock and the stops with notes, planned times and windows', async () => {
    const route = await createRoute(alice);
    const token = await driverLink(alice, route.id);
    const page = await call('GET', `/drive/${token}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.body).toMatchObject({
      title: 'Monday round',
      timeZone: 'America/New_York',
      departure: plan.departure,
      stops: [
        { id: route.stops[0].id, name: stops.timesSquare.name, note: 'Gate code 4711' },
        { id: route.stops[1].id, window: { start: '09:00', end: '10:00' }, serviceMinutes: 10 },
        { id: route.stops[2].id },
      ],
    });
    const etas = page.body.stops.map((stop: { eta: string }) => Date.parse(stop.eta));
    // The start's planned time is when the driver leaves it: the departure, or later when the day
    // leaves later rather than wait for the first window (as the planner plans it).
    expect(etas[0]).toBeGreaterThanOrEqual(Date.parse(plan.departure));
    expect(etas[1]).toBeGreaterThan(etas[0]);
    expect(etas[2]).toBeGreaterThan(etas[1]);
    expect(JSON.stringify(page.body)).not.toContain(alice.id);
    expect(page.body.stops[0].report).toBeUndefined();
  });

  it('a route without a day plan has no planned times; reopening shows what was reported', async () => {
    const route = await createRoute(alice, { day_plan: null });
    const token = await driverLink(alice, route.id);
    await report(token, { stopId: route.stops[0].id, status: 'failed', reason: 'refused' });
    const page = await call('GET', `/drive/${token}`);
    expect(page.body.stops[0]).not.toHaveProperty('eta');
    expect(page.body.stops[0].report).toMatchObject({ status: 'failed', reason: 'refused' });
    expect(page.body.stops[1]).not.toHaveProperty('report');
  });

  it('an unknown, guessed or malformed token is a 404 {error}', async () => {
    for (const token of ['A'.repeat(43), 'short', '..', '%00', "x' or '1'='1"])
      expect(await call('GET', `/drive/${encodeURIComponent(token)}`)).toMatchObject({
        status: 404,
        body: { error: expect.any(String) },
      });
  });
});

describe('reports', () => {
  let route: Awaited<ReturnType<typeof createRoute>>;
  let token: string;
  beforeAll(async () => {
    route = await createRoute(alice);
    token = await driverLink(alice, route.id);
  });

  it('saves a report and answers it; the same id again answers the first report, saves nothing', async () => {
    const id = randomUUID();
    const at = '2026-03-02T09:05:00.000Z';
    const first = await report(token, {
      id,
      stopId: route.stops[1].id.toUpperCase(),
      status: 'failed',
      reason: 'nobody-there',
      note: '  Rang twice  ',
      at,
      position: { lat: 40.7485, lng: -73.9857, accuracy: 8 },
    });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body).toEqual({
      id,
      stopId: route.stops[1].id,
      status: 'failed',
      reason: 'nobody-there',
      note: 'Rang twice',
      at,
      receivedAt: expect.any(String),
      position: { lat: 40.7485, lng: -73.9857, accuracy: 8 },
      distanceMeters: 11,
      farFromStop: false,
      hasPhoto: false,
      hasSignature: false,
    });
    const again = await report(token, { id, stopId: route.stops[2].id, status: 'skipped' });
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    const progress = await call('GET', `/itineraries/${route.id}/progress`, { token: alice.token });
    expect(progress.body.stops[2].report).toBeUndefined();
  });

  it('marks a report over 200 m from its stop', async () => {
    const far = await report(token, {
      stopId: route.stops[0].id,
      position: { lat: 40.7605, lng: -73.9855, accuracy: 20 },
    });
    expect(far.body).toMatchObject({ farFromStop: true, distanceMeters: 278 });
  });

  it('a stop of another route is a 404; another route’s report id is a 409', async () => {
    const bobs = await createRoute(bob);
    const bobsToken = await driverLink(bob, bobs.id);
    // The link works: a code tells this 404 from a revoked link's, so the phone sends the next.
    expect(await report(token, { stopId: bobs.stops[0].id })).toMatchObject({
      status: 404,
      body: { error: expect.any(String), code: 'no-stop' },
    });
    const theirs = await report(bobsToken, { stopId: bobs.stops[0].id, note: 'Bob’s note' });
    const reused = await report(token, { id: theirs.body.id, stopId: route.stops[0].id });
    expect(reused).toMatchObject({ status: 409, body: { error: expect.any(String) } });
    expect(JSON.stringify(reused.body)).not.toContain('Bob');
  });

  it.each([
    ['a status not in the list', { status: 'lost' }, /^status must be one of/],
    ['a reason not in the list', { status: 'failed', reason: 'dog' }, /^reason must be one of/],
    ['a reason for a delivery', { reason: 'refused' }, /reason is only for a failed delivery/],
    ['a note over 1000 characters', { note: 'n'.repeat(1001) }, /note must be at most 1000/],
    ['a latitude out of range', { position: { lat: 91, lng: 0, accuracy: 5 } }, /position.lat/],
    ['a longitude out of range', { position: { lat: 0, lng: 181, accuracy: 5 } }, /position.lng/],
    ['a negative accuracy', { position: { lat: 0, lng: 0, accuracy: -1 } }, /accuracy/],
    ['a position without accuracy', { position: { lat: 0, lng: 0 } }, /accuracy/],
    [
      'a time two days ahead',
      { at: new Date(Date.now() + 2 * 86_400_000).toISOString() },
      /future/,
    ],
    ['a time without offset', { at: '2026-03-02T09:05:00' }, /^at must be/],
    ['no time', { at: undefined }, /^at must be/],
    ['an id that is not a UUID', { id: 'report-1' }, /^id must be a UUID/],
    ['no stop', { stopId: undefined }, /^stopId must be a UUID/],
  ])('refuses %s with a 400 {error}', async (_, fields, message) => {
    const answer = await report(token, { stopId: route.stops[0].id, ...fields });
    expect(answer.status, JSON.stringify(answer.body)).toBe(400);
    expect(answer.body.error).toMatch(message);
  });

  it('refuses a body that is not JSON', async () => {
    const answer = await call('POST', `/drive/${token}/reports`, { rawBody: 'status=delivered' });
    expect(answer).toMatchObject({ status: 400, body: { error: expect.any(String) } });
  });
});

describe('progress', () => {
  it('every stop’s latest report and its history, the counts, the last position and the delay', async () => {
    const route = await createRoute(alice);
    const token = await driverLink(alice, route.id);
    const page = await call('GET', `/drive/${token}`);
    const eta = (index: number) => Date.parse(page.body.stops[index].eta);
    const minutes = (ms: number) => new Date(ms).toISOString();
    await report(token, { stopId: route.stops[0].id, at: minutes(eta(0)) });
    await report(token, {
      stopId: route.stops[1].id,
      status: 'failed',
      reason: 'no-access',
      at: minutes(eta(1) + 20 * 60_000),
    });
    // A correction on the device a little later: it wins, the first report stays as history.
    await report(token, {
      stopId: route.stops[1].id,
      at: minutes(eta(1) + 25 * 60_000),
      position: { lat: 40.7484, lng: -73.9857, accuracy: 10 },
    });

    const progress = await call('GET', `/itineraries/${route.id}/progress`, { token: alice.token });
    expect(progress.status).toBe(200);
    expect(progress.body).toMatchObject({
      itineraryId: route.id,
      title: 'Monday round',
      timeZone: 'America/New_York',
      // Stop 1 is the start: its report is shown, not counted.
      counts: { delivered: 1, failed: 0, skipped: 0, toDo: 1, total: 2 },
      lastReport: { stopId: route.stops[1].id },
      lastPosition: { lat: 40.7484, lng: -73.9857, accuracy: 10 },
      delayMinutes: 25,
    });
    const [first, second, third] = progress.body.stops;
    expect(first).toMatchObject({ report: { status: 'delivered' }, history: [] });
    expect(second.report).toMatchObject({ status: 'delivered' });
    expect(second.history).toEqual([
      expect.objectContaining({ status: 'failed', reason: 'no-access' }),
    ]);
    expect(third).toMatchObject({ history: [] });
    expect(third).not.toHaveProperty('report');
    expect(
      Date.parse(progress.body.predictedFinish) - Date.parse(progress.body.plannedFinish),
    ).toBe(25 * 60_000);
  });

  it('a day group: every route of the caller with that group, and the counts together', async () => {
    const group = randomUUID();
    const first = await createRoute(alice, { title: 'Day — Driver 1', day_group: group });
    const second = await createRoute(alice, { title: 'Day — Driver 2', day_group: group });
    await report(await driverLink(alice, second.id), { stopId: second.stops[1].id });
    const answer = await call('GET', `/day-groups/${group}/progress`, { token: alice.token });
    expect(answer.status).toBe(200);
    expect(answer.body.dayGroup).toBe(group);
    expect(answer.body.routes.map((route: { itineraryId: string }) => route.itineraryId)).toEqual([
      first.id,
      second.id,
    ]);
    expect(answer.body.counts).toEqual({ delivered: 1, failed: 0, skipped: 0, toDo: 3, total: 4 });
    expect((await call('GET', `/day-groups/${group}/progress`, { token: bob.token })).status).toBe(
      404,
    );
    expect((await call('GET', `/day-groups/${group}/progress`)).status).toBe(401);
    expect(
      (await call('GET', `/day-groups/not-a-group/progress`, { token: alice.token })).status,
    ).toBe(404);
  });
});

describe('My Routes’ summaries with progress', () => {
  it('each route’s progress and its whole day’s in the page, only when asked', async () => {
    const carol = await newUser();
    const group = randomUUID();
    const plain = await createRoute(carol, { title: 'Plain' });
    await createRoute(carol, { title: 'Untouched' });
    const first = await createRoute(carol, { title: 'Day — Driver 1', day_group: group });
    const second = await createRoute(carol, { title: 'Day — Driver 2', day_group: group });
    const late = async (route: { id: string }, stopId: string, minutes: number, body = {}) => {
      const token = await driverLink(carol, route.id);
      const page = await call('GET', `/drive/${token}`);
      const eta = Date.parse(page.body.stops[1].eta);
      const at = new Date(eta + minutes * 60_000).toISOString();
      expect((await report(token, { stopId, at, ...body })).status).toBe(201);
      return at;
    };
    const plainAt = await late(plain, plain.stops[1].id, 12);
    await late(first, first.stops[1].id, 3);
    const secondAt = await late(second, second.stops[1].id, 7, {
      status: 'failed',
      reason: 'no-access',
    });

    const answer = await call('GET', '/itineraries?summary=true&progress=true', {
      token: carol.token,
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const byTitle = Object.fromEntries(
      answer.body.map((route: { title: string }) => [route.title, route]),
    );
    const day = { delivered: 1, failed: 1, skipped: 0, toDo: 2, total: 4, delayMinutes: 7 };
    expect(byTitle.Plain).toMatchObject({
      progress: { delivered: 1, failed: 0, skipped: 0, toDo: 1, total: 2, delayMinutes: 12 },
    });
    expect(byTitle.Plain.progress.lastReportAt).toBe(plainAt);
    expect(byTitle.Plain).not.toHaveProperty('day_progress');
    expect(byTitle.Untouched.progress).toBeNull();
    expect(byTitle['Day — Driver 2']).toMatchObject({
      progress: { failed: 1, toDo: 1, total: 2, delayMinutes: 7 },
      day_progress: { ...day, lastReportAt: secondAt },
    });
    // The day counts every driver, on the page or not.
    const one = await call('GET', '/itineraries?summary=true&progress=true&limit=1', {
      token: carol.token,
    });
    expect(one.body.map((route: { title: string }) => route.title)).toEqual(['Day — Driver 2']);
    expect(one.body[0].day_progress).toMatchObject(day);
    // Another owner's route in the same day reads nothing of Carol's drivers.
    await createRoute(bob, { title: 'Bob in Carol’s day', day_group: group });
    const bobs = await call('GET', '/itineraries?summary=true&progress=true&limit=1', {
      token: bob.token,
    });
    expect(bobs.body[0]).toMatchObject({
      title: 'Bob in Carol’s day',
      progress: null,
      day_progress: null,
    });
    // Asked nothing of progress, the summaries are as before.
    const without = await call('GET', '/itineraries?summary=true', { token: carol.token });
    expect(without.body[0]).not.toHaveProperty('progress');
    expect(without.body[0]).not.toHaveProperty('day_progress');
    const refused = await call('GET', '/itineraries?summary=true&progress=maybe', {
      token: carol.token,
    });
    expect(refused).toMatchObject({
      status: 400,
      body: { error: 'progress must be true or false' },
    });
  });
});

describe('the limit per link', () => {
  it('answers 429 with Retry-After past 60 reports a minute from one link, others unaffected', async () => {
    const route = await createRoute(bob);
    const token = await driverLink(bob, route.id);
    // Bad bodies count too (they cost the server as much): a quick way to spend the minute, in
    // batches until the limit answers (the bucket refills a token a second meanwhile, and a
    // function instance that could not reach the database in time counts on its own too).
    const statuses: number[] = [];
    let limited: Awaited<ReturnType<typeof call>> | undefined;
    while (!limited && statuses.length < 300) {
      const answers = await Promise.all(
        Array.from({ length: 30 }, () => call('POST', `/drive/${token}/reports`, { rawBody: '{' })),
      );
      statuses.push(...answers.map((answer) => answer.status));
      limited = answers.find((answer) => answer.status === 429);
    }
    expect(statuses.filter((status) => status === 400).length).toBeGreaterThanOrEqual(60);
    expect(statuses.every((status) => status === 400 || status === 429)).toBe(true);
    expect(limited?.body).toEqual({ error: expect.any(String) });
    expect(Number(limited?.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    // A valid report is limited alike. The bucket refills a token a second, which a busy machine
    // spends between two requests: spent again right before each try.
    let status = 0;
    for (let round = 0; round < 10 && status !== 429; round += 1) {
      await Promise.all(
        Array.from({ length: 20 }, () => call('POST', `/drive/${token}/reports`, { rawBody: '{' })),
      );
      status = (await report(token, { stopId: route.stops[0].id })).status;
      expect([201, 429]).toContain(status);
    }
    expect(status).toBe(429);
    const other = await driverLink(bob, (await createRoute(bob)).id);
    expect((await call('GET', `/drive/${other}`)).status).toBe(200);
  });
});

describe('the account export', () => {
  it('lists each route’s driver links and every report', async () => {
    const owner = await newUser();
    const route = await createRoute(owner);
    const token = await driverLink(owner, route.id);
    const made = await report(token, { stopId: route.stops[0].id, note: 'Left at reception' });
    const answer = await call('GET', '/account/export', { token: owner.token });
    expect(answer.body.itineraries[0]).toMatchObject({
      driver_links: [{ url: `${SITE_URL}/drive/${token}`, revoked_at: null }],
      stop_reports: [made.body],
    });
  });
});
