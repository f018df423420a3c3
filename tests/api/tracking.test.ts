// Customers follow their delivery over HTTP: the owner's tracking links (POST/DELETE
// /itineraries/{id}/stops/{stopId}/tracking-link, GET/POST/DELETE /itineraries/{id}/tracking-links)
// and the customer's answer (GET /track/{token}): its fields in each state, what it must never
// carry, revocation, the delivery's photo when the owner shows it, and times that follow the
// route's order, the stops moved between drivers and added, and the driver's reports. The
// database side is attacked in tests/db/tracking-links.test.ts.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { localKeys } from '../../supabase/local/settings.mjs';
import { apiUrl, call, newUser, stops, type TestUser } from './client.ts';
import { SITE_URL } from './global-setup.ts';

/** A day two days from now (the window is never before now), leaving at 08:00 UTC. */
const day = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
const plan = { departure: `${day}T08:00+00:00`, timeZone: 'UTC' };
const dayStops = [
  { ...stops.timesSquare, note: 'Depot gate 4711' },
  { ...stops.empireState, note: 'Ring the bell twice', serviceMinutes: 10 },
  { ...stops.unionSquare, note: 'Door code 2468' },
  { name: '120 Broadway, New York', lat: 40.7081, lng: -74.0105, note: 'Leave at reception' },
];
const ANSWER_KEYS = ['name', 'state', 'stopsBefore', 'from', 'to', 'at', 'reason', 'contact'];

let alice: TestUser;
let bob: TestUser;
beforeAll(async () => {
  [alice, bob] = await Promise.all([newUser(), newUser()]);
});

type Route = { id: string; updated_at: string; stops: { id: string; name: string }[] };

async function createRoute(owner: TestUser, body: Record<string, unknown> = {}): Promise<Route> {
  const created = await call('POST', '/itineraries', {
    token: owner.token,
    body: { title: 'Thursday round', stops: dayStops, day_plan: plan, ...body },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body;
}

const tokenOf = (trackingUrl: string) => trackingUrl.split('/track/')[1];

async function trackingLink(owner: TestUser, route: Route, stop: number, body?: object) {
  const made = await call(
    'POST',
    `/itineraries/${route.id}/stops/${route.stops[stop].id}/tracking-link`,
    {
      token: owner.token,
      ...(body ? { body } : {}),
    },
  );
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return made.body as { stopId: string; trackingUrl: string; showPhoto: boolean; contact?: string };
}

async function driverLink(owner: TestUser, route: Route) {
  const made = await call('POST', `/itineraries/${route.id}/driver-link`, { token: owner.token });
  return made.body.driverUrl.split('/drive/')[1] as string;
}

const report = async (token: string, body: Record<string, unknown>) => {
  const sent = await call('POST', `/drive/${token}/reports`, {
    body: { id: randomUUID(), status: 'delivered', at: new Date().toISOString(), ...body },
  });
  expect(sent.status, JSON.stringify(sent.body)).toBe(201);
};

const track = (trackingUrl: string) => call('GET', `/track/${tokenOf(trackingUrl)}`);

/** Every text of the route a tracking answer must never carry. */
const secretsOf = (route: Route, owner: TestUser, stop: number) => [
  ...dayStops.map((item) => item.note),
  ...route.stops.filter((_, index) => index !== stop).map((item) => item.name),
  route.id,
  owner.id,
  owner.email,
  'Thursday round',
  'lat',
  'lng',
];

describe('tracking links', () => {
  it('one per stop, on SITE_URL with a 256-bit token; asking again answers the same', async () => {
    const route = await createRoute(alice);
    const made = await trackingLink(alice, route, 2);
    expect(made).toEqual({
      stopId: route.stops[2].id,
      trackingUrl: expect.stringMatching(/\/track\/[A-Za-z0-9_-]{43}$/),
      showPhoto: false,
    });
    expect(made.trackingUrl.startsWith(`${SITE_URL}/track/`)).toBe(true);
    expect(Buffer.from(tokenOf(made.trackingUrl), 'base64url')).toHaveLength(32);
    const again = await trackingLink(alice, route, 2, {
      contact: '  Call 555-0100 ',
      showPhoto: true,
    });
    expect(again).toEqual({ ...made, showPhoto: true, contact: 'Call 555-0100' });
    expect(await trackingLink(alice, route, 2)).toEqual(again);
    expect((await trackingLink(alice, route, 2, { contact: '' })).contact).toBeUndefined();
    expect((await trackingLink(alice, route, 3)).trackingUrl).not.toBe(made.trackingUrl);
  });

  it('for every stop but the start at once, in the route’s order; listed with GET', async () => {
    const route = await createRoute(alice);
    const one = await trackingLink(alice, route, 3);
    const all = await call('POST', `/itineraries/${route.id}/tracking-links`, {
      token: alice.token,
      body: { contact: 'Call 555-0100' },
    });
    expect(all.status).toBe(201);
    expect(all.body.links.map((link: { stopId: string }) => link.stopId)).toEqual(
      route.stops.slice(1).map((stop) => stop.id),
    );
    expect(all.body.links[2]).toEqual({ ...one, contact: 'Call 555-0100' });
    const listed = await call('GET', `/itineraries/${route.id}/tracking-links`, {
      token: alice.token,
    });
    expect(listed).toMatchObject({ status: 200, body: all.body });
    expect(listed.headers.get('cache-control')).toBe('no-store');
  });

  it('only the owner: another user gets 404, an anonymous caller 401; a stop not on the route 404', async () => {
    const route = await createRoute(alice);
    const stopPath = `/itineraries/${route.id}/stops/${route.stops[1].id}/tracking-link`;
    for (const [method, path] of [
      ['POST', stopPath],
      ['DELETE', stopPath],
      ['GET', `/itineraries/${route.id}/tracking-links`],
      ['POST', `/itineraries/${route.id}/tracking-links`],
      ['DELETE', `/itineraries/${route.id}/tracking-links`],
    ]) {
      expect((await call(method, path, { token: bob.token })).status, `${method} ${path}`).toBe(
        404,
      );
      expect((await call(method, path)).status, `${method} ${path}`).toBe(401);
    }
    for (const stopId of [randomUUID(), 'not-a-stop', (await createRoute(bob)).stops[1].id])
      expect(
        await call('POST', `/itineraries/${route.id}/stops/${stopId}/tracking-link`, {
          token: alice.token,
        }),
      ).toMatchObject({ status: 404, body: { error: expect.any(String) } });
  });

  it.each([
    ['showPhoto not a boolean', { showPhoto: 'yes' }, /^showPhoto must be true or false/],
    ['a contact over 200 characters', { contact: 'c'.repeat(201) }, /^contact must be at most 200/],
    ['a contact that is not text', { contact: 5551234 }, /^contact must be a string/],
    ['a body that is not an object', [1, 2], /^Body must be a JSON object/],
  ])('refuses %s with a 400 {error}', async (_, body, message) => {
    const route = await createRoute(alice);
    const answer = await call(
      'POST',
      `/itineraries/${route.id}/stops/${route.stops[1].id}/tracking-link`,
      { token: alice.token, body },
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(400);
    expect(answer.body.error).toMatch(message);
  });
});

describe('the customer’s answer', () => {
  it('follows the stop from planned to on the way to delivered, with nothing else in it', async () => {
    const route = await createRoute(alice);
    const link = await trackingLink(alice, route, 3, { contact: 'Call 555-0100' });
    const driver = await driverLink(alice, route);

    const planned = await track(link.trackingUrl);
    expect(planned.status).toBe(200);
    expect(planned.headers.get('cache-control')).toBe('no-store');
    expect(planned.body).toEqual({
      name: '120 Broadway, New York',
      state: 'planned',
      from: expect.stringMatching(new RegExp(`^${day}T`)),
      to: expect.stringMatching(new RegExp(`^${day}T`)),
    });
    const plannedWidth = Date.parse(planned.body.to) - Date.parse(planned.body.from);
    // Two stops before it: ten minutes and five per stop each side.
    expect(plannedWidth).toBeGreaterThanOrEqual(2 * 20 * 60_000);

    await report(driver, { stopId: route.stops[1].id, note: 'Left with the neighbour' });
    const onTheWay = await track(link.trackingUrl);
    expect(onTheWay.body).toEqual({
      name: '120 Broadway, New York',
      state: 'on-the-way',
      stopsBefore: 1,
      from: expect.any(String),
      to: expect.any(String),
    });

    const at = new Date(Date.now() - 60_000).toISOString();
    await report(driver, { stopId: route.stops[3].id, at, note: 'Signed by J. Doe' });
    const delivered = await track(link.trackingUrl);
    expect(delivered.body).toEqual({ name: '120 Broadway, New York', state: 'delivered', at });

    for (const answer of [planned, onTheWay, delivered]) {
      for (const key of Object.keys(answer.body)) expect(ANSWER_KEYS).toContain(key);
      const text = JSON.stringify(answer.body);
      for (const secret of [
        ...secretsOf(route, alice, 3),
        driver,
        'Left with the neighbour',
        'J. Doe',
      ])
        expect(text).not.toContain(secret);
    }
  });

  it('says why a delivery failed, with the owner’s contact line only then', async () => {
    const route = await createRoute(alice);
    const link = await trackingLink(alice, route, 2, { contact: 'Call 555-0100' });
    const plain = await trackingLink(alice, route, 1);
    const driver = await driverLink(alice, route);
    const at = new Date(Date.now() - 120_000).toISOString();
    await report(driver, { stopId: route.stops[2].id, status: 'failed', reason: 'no-access', at });
    await report(driver, { stopId: route.stops[1].id, status: 'failed', reason: 'refused', at });
    expect((await track(link.trackingUrl)).body).toEqual({
      name: 'Union Square, Manhattan, New York',
      state: 'failed',
      at,
      reason: 'no-access',
      contact: 'Call 555-0100',
    });
    expect((await track(plain.trackingUrl)).body).toEqual({
      name: 'Empire State Building, 350 5th Ave, New York',
      state: 'failed',
      at,
      reason: 'refused',
    });
  });

  it('moves with the route’s order: the stops before it and its window follow a reorder', async () => {
    const route = await createRoute(alice);
    const link = await trackingLink(alice, route, 3);
    const before = (await track(link.trackingUrl)).body;
    const current = await call('GET', `/itineraries/${route.id}`, { token: alice.token });
    const [start, ...rest] = current.body.stops;
    const reordered = await call('PUT', `/itineraries/${route.id}`, {
      token: alice.token,
      headers: { 'if-match': current.headers.get('etag')! },
      body: { title: 'Thursday round', stops: [start, rest[2], rest[0], rest[1]], day_plan: plan },
    });
    expect(reordered.status, JSON.stringify(reordered.body)).toBe(200);
    const after = (await track(link.trackingUrl)).body;
    expect(after.state).toBe('planned');
    expect(Date.parse(after.to)).toBeLessThan(Date.parse(before.to));
    expect(Date.parse(after.to) - Date.parse(after.from)).toBeLessThan(
      Date.parse(before.to) - Date.parse(before.from),
    );
  });

  it('has no window for a route without times', async () => {
    const route = await createRoute(alice, { day_plan: null });
    const link = await trackingLink(alice, route, 1);
    expect((await track(link.trackingUrl)).body).toEqual({
      name: 'Empire State Building, 350 5th Ave, New York',
      state: 'planned',
    });
  });

  it('a revoked link, a stop removed from the route, a guessed or malformed token: 404 {error}', async () => {
    const route = await createRoute(alice);
    const one = await trackingLink(alice, route, 1);
    const two = await trackingLink(alice, route, 2);
    const three = await trackingLink(alice, route, 3);
    const stopPath = `/itineraries/${route.id}/stops/${route.stops[1].id}/tracking-link`;
    expect((await call('DELETE', stopPath, { token: alice.token })).status).toBe(204);
    expect(await track(one.trackingUrl)).toMatchObject({
      status: 404,
      body: { error: expect.any(String) },
    });
    expect((await track(two.trackingUrl)).status).toBe(200);
    expect((await call('DELETE', stopPath, { token: alice.token })).status).toBe(404);
    const renewed = await trackingLink(alice, route, 1);
    expect(renewed.trackingUrl).not.toBe(one.trackingUrl);
    expect((await track(renewed.trackingUrl)).status).toBe(200);

    // The route's links at once.
    expect(
      (await call('DELETE', `/itineraries/${route.id}/tracking-links`, { token: alice.token }))
        .status,
    ).toBe(204);
    for (const link of [renewed, two, three])
      expect((await track(link.trackingUrl)).status).toBe(404);
    expect(
      (await call('GET', `/itineraries/${route.id}/tracking-links`, { token: alice.token })).body,
    ).toEqual({ links: [] });

    const fresh = await trackingLink(alice, route, 2);
    const current = await call('GET', `/itineraries/${route.id}`, { token: alice.token });
    const removed = await call('PUT', `/itineraries/${route.id}`, {
      token: alice.token,
      body: {
        title: 'Thursday round',
        stops: current.body.stops.filter((_: unknown, index: number) => index !== 2),
      },
    });
    expect(removed.status).toBe(200);
    expect((await track(fresh.trackingUrl)).status).toBe(404);

    for (const token of ['A'.repeat(43), 'short', '..', '%00', "x' or '1'='1"])
      expect(await call('GET', `/track/${encodeURIComponent(token)}`)).toMatchObject({
        status: 404,
        body: { error: expect.any(String) },
      });
  });

  it('are in the owner’s data export, and stop with the route: deleting it ends its links', async () => {
    const route = await createRoute(alice);
    const link = await trackingLink(alice, route, 1, { contact: 'Call 555-0100' });
    const exported = await call('GET', '/account/export', { token: alice.token });
    const mine = exported.body.itineraries.find((item: { id: string }) => item.id === route.id);
    expect(mine.tracking_links).toEqual([
      {
        url: link.trackingUrl,
        stop_id: route.stops[1].id,
        show_photo: false,
        contact: 'Call 555-0100',
        created_at: expect.any(String),
        revoked_at: null,
      },
    ]);
    expect((await call('DELETE', `/itineraries/${route.id}`, { token: alice.token })).status).toBe(
      204,
    );
    expect((await track(link.trackingUrl)).status).toBe(404);
  });
});

/** A real JPEG and a real PNG (the smallest the formats allow). */
const JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
  'base64',
);
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

async function proof(driver: string, reportId: string, kind: 'photo' | 'signature', image: Buffer) {
  const answer = await fetch(`${apiUrl()}/drive/${driver}/reports/${reportId}/${kind}`, {
    method: 'PUT',
    body: new Uint8Array(image),
  });
  expect(answer.status, await answer.text()).toBe(201);
}

/** A report with a photo and a signature. */
async function reportWithProofs(driver: string, body: Record<string, unknown>) {
  const id = randomUUID();
  await report(driver, { id, ...body });
  await proof(driver, id, 'photo', JPEG);
  await proof(driver, id, 'signature', PNG);
  return id;
}

describe('the delivery’s photo', () => {
  it('is linked only when the owner shows it and the stop is delivered with one', async () => {
    const route = await createRoute(alice);
    const shown = await trackingLink(alice, route, 1, { showPhoto: true });
    const hidden = await trackingLink(alice, route, 2);
    const failed = await trackingLink(alice, route, 3, { showPhoto: true });
    const driver = await driverLink(alice, route);
    const at = new Date(Date.now() - 300_000).toISOString();
    await reportWithProofs(driver, { stopId: route.stops[1].id, at, note: 'Code 1357' });
    await reportWithProofs(driver, { stopId: route.stops[2].id, at });
    await reportWithProofs(driver, {
      stopId: route.stops[3].id,
      status: 'failed',
      reason: 'nobody-there',
      at,
    });

    const delivered = await track(shown.trackingUrl);
    expect(delivered.body).toEqual({
      name: 'Empire State Building, 350 5th Ave, New York',
      state: 'delivered',
      at,
      photoUrl: `${SITE_URL}/api/track/${tokenOf(shown.trackingUrl)}/photo`,
    });
    // The link opens the photo itself, without an account; it names nothing but the link.
    const photoOf = (link: { trackingUrl: string }) =>
      fetch(`${apiUrl()}/track/${tokenOf(link.trackingUrl)}/photo`);
    const image = await photoOf(shown);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await image.arrayBuffer()).equals(JPEG)).toBe(true);
    for (const link of [hidden, failed]) {
      const none = await photoOf(link);
      expect(none.status).toBe(404);
      expect(((await none.json()) as { error: string }).error).toEqual(expect.any(String));
    }

    // Not shown by its owner, or not a delivery: no photo field at all.
    const notShown = await track(hidden.trackingUrl);
    expect(notShown.body).toEqual({
      name: 'Union Square, Manhattan, New York',
      state: 'delivered',
      at,
    });
    const notDelivered = await track(failed.trackingUrl);
    expect(notDelivered.body).toEqual({
      name: '120 Broadway, New York',
      state: 'failed',
      at,
      reason: 'nobody-there',
    });

    for (const [answer, stop] of [
      [delivered, 1],
      [notShown, 2],
      [notDelivered, 3],
    ] as const) {
      for (const key of Object.keys(answer.body))
        expect([...ANSWER_KEYS, 'photoUrl']).toContain(key);
      const text = JSON.stringify(answer.body);
      for (const secret of [...secretsOf(route, alice, stop), driver, 'Code 1357', 'signature'])
        expect(text).not.toContain(secret);
    }

    // The owner takes the photo back: the next answer has none.
    await trackingLink(alice, route, 1, { showPhoto: false });
    expect((await track(shown.trackingUrl)).body).not.toHaveProperty('photoUrl');
    // A later report without a photo wins: none either.
    await trackingLink(alice, route, 1, { showPhoto: true });
    expect((await track(shown.trackingUrl)).body).toHaveProperty('photoUrl');
    await report(driver, { stopId: route.stops[1].id });
    expect((await track(shown.trackingUrl)).body).toEqual({
      name: 'Empire State Building, 350 5th Ave, New York',
      state: 'delivered',
      at: expect.any(String),
    });
    expect((await photoOf(shown)).status).toBe(404);
    // A revoked link shows no photo either.
    await reportWithProofs(driver, { stopId: route.stops[1].id });
    expect((await photoOf(shown)).status).toBe(200);
    await call('DELETE', `/itineraries/${route.id}/tracking-links`, { token: alice.token });
    expect((await photoOf(shown)).status).toBe(404);
  });
});

describe('the planned times behind the windows', () => {
  /** The route's saved planned times as its owner reads them (row-level security), or null. */
  const savedTimes = async (route: Route) => {
    const answer = await fetch(
      `${inject('gatewayUrl')}/rest/v1/itinerary_schedules?select=version,arrivals&itinerary_id=eq.${route.id}`,
      { headers: { apikey: localKeys.publishableKey, authorization: `Bearer ${alice.token}` } },
    );
    expect(answer.status).toBe(200);
    const [row] = (await answer.json()) as { version: string; arrivals: object }[];
    return row ? { version: new Date(row.version).toISOString(), arrivals: row.arrivals } : null;
  };
  const save = async (route: Route, body: Record<string, unknown>) => {
    const saved = await call('PUT', `/itineraries/${route.id}`, {
      token: alice.token,
      body: { title: 'Thursday round', stops: dayStops, day_plan: plan, ...body },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    return saved.body as Route;
  };

  it('are saved by PUT only while the route has tracking links', async () => {
    const route = await createRoute(alice);
    // No link: no save of the route writes times nobody reads.
    const edited = await save(route, { title: 'Thursday round, edited' });
    expect(await savedTimes(route)).toBeNull();

    // Making links saves the times of the version then.
    const link = await trackingLink(alice, route, 3);
    const linked = await savedTimes(route);
    expect(linked?.version).toBe(edited.updated_at);
    expect(Object.keys(linked?.arrivals ?? {})).toEqual(
      expect.arrayContaining(edited.stops.map((stop) => stop.id)),
    );
    const planned = await track(link.trackingUrl);
    expect(planned.body).toMatchObject({ state: 'planned', from: expect.any(String) });

    // With links, every save writes the times of its version: the window follows.
    const later = await save(route, {
      day_plan: { ...plan, departure: `${day}T10:00+00:00` },
    });
    expect((await savedTimes(route))?.version).toBe(later.updated_at);
    const moved = await track(link.trackingUrl);
    expect(Date.parse(moved.body.from)).toBeGreaterThan(Date.parse(planned.body.from));

    // Revoked: saves write nothing again; the last times stay as they were.
    const kept = await savedTimes(route);
    await call('DELETE', `/itineraries/${route.id}/tracking-links`, { token: alice.token });
    const unlinked = await save(route, { title: 'Thursday round, unlinked' });
    expect(unlinked.updated_at).not.toBe(kept?.version);
    expect(await savedTimes(route)).toEqual(kept);
  });
});

describe('times after the day changes', () => {
  const battery = { name: 'Battery Park, New York', lat: 40.7033, lng: -74.017 };
  const wallStreet = { name: '11 Wall Street, New York', lat: 40.7069, lng: -74.0113 };

  it('follow the latest order: a stop moved to another driver, then one added', async () => {
    // Left an hour ago, today: a report now makes the drivers late, and every window is ahead.
    const departure = new Date(Date.now() - 3_600_000).toISOString().slice(0, 16);
    const dayPlan = { departure: `${departure}+00:00`, timeZone: 'UTC' };
    const dayGroup = randomUUID();
    const first = await createRoute(alice, {
      title: 'Driver 1',
      day_plan: dayPlan,
      day_group: dayGroup,
    });
    const second = await createRoute(alice, {
      title: 'Driver 2',
      stops: [dayStops[0], battery, wallStreet],
      day_plan: dayPlan,
      day_group: dayGroup,
    });
    const broadway = await trackingLink(alice, first, 3);
    const union = await trackingLink(alice, first, 2);
    const wall = await trackingLink(alice, second, 2);
    await report(await driverLink(alice, first), { stopId: first.stops[1].id });
    await report(await driverLink(alice, second), { stopId: second.stops[1].id });

    const answers = async () =>
      Promise.all(
        [broadway, union, wall].map(async (link) => (await track(link.trackingUrl)).body),
      );
    const board = async () =>
      (await call('GET', `/day-groups/${dayGroup}/progress`, { token: alice.token })).body as {
        routes: {
          itineraryId: string;
          predictedFinish?: string;
          stops: { id: string; eta?: string }[];
        }[];
      };
    const etaOf = (progress: Awaited<ReturnType<typeof board>>, stopId: string) =>
      Date.parse(
        progress.routes.flatMap((route) => route.stops).find((stop) => stop.id === stopId)!.eta!,
      );
    const finishOf = (progress: Awaited<ReturnType<typeof board>>, route: Route) =>
      Date.parse(progress.routes.find((item) => item.itineraryId === route.id)!.predictedFinish!);

    const [broadwayBefore, unionBefore, wallBefore] = await answers();
    const boardBefore = await board();
    expect(broadwayBefore).toMatchObject({ state: 'on-the-way', stopsBefore: 1 });
    expect(unionBefore).toMatchObject({ state: 'on-the-way', stopsBefore: 0 });
    expect(wallBefore).toMatchObject({ state: 'on-the-way', stopsBefore: 0 });

    // Union Square goes to Driver 2, right after the stop they reported on.
    const moved = await call('POST', `/itineraries/${first.id}/stops/${first.stops[2].id}/move`, {
      token: alice.token,
      body: { to: second.id, place: 2 },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const [broadwayMoved, unionMoved, wallMoved] = await answers();
    const boardMoved = await board();
    // Driver 1 has one stop less before Broadway: sooner, in a narrower window.
    expect(broadwayMoved).toMatchObject({ state: 'on-the-way', stopsBefore: 0 });
    expect(Date.parse(broadwayMoved.to)).toBeLessThan(Date.parse(broadwayBefore.to));
    expect(etaOf(boardMoved, first.stops[3].id)).toBeLessThan(
      etaOf(boardBefore, first.stops[3].id),
    );
    expect(finishOf(boardMoved, first)).toBeLessThan(finishOf(boardBefore, first));
    // Its link followed the stop: now Driver 2's next one.
    expect(unionMoved).toMatchObject({ state: 'on-the-way', stopsBefore: 0 });
    // Driver 2 has one stop more before Wall Street: later, in a wider window.
    expect(wallMoved).toMatchObject({ state: 'on-the-way', stopsBefore: 1 });
    expect(Date.parse(wallMoved.to)).toBeGreaterThan(Date.parse(wallBefore.to));
    expect(etaOf(boardMoved, second.stops[2].id)).toBeGreaterThan(
      etaOf(boardBefore, second.stops[2].id),
    );
    expect(finishOf(boardMoved, second)).toBeGreaterThan(finishOf(boardBefore, second));

    // A stop added to Driver 1 before Broadway: one stop before it again, and later.
    const added = await call('POST', `/itineraries/${first.id}/stops`, {
      token: alice.token,
      body: { stop: stops.unionSquare, place: 2 },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const [broadwayAdded] = await answers();
    const boardAdded = await board();
    expect(broadwayAdded).toMatchObject({ state: 'on-the-way', stopsBefore: 1 });
    expect(Date.parse(broadwayAdded.to)).toBeGreaterThan(Date.parse(broadwayMoved.to));
    expect(etaOf(boardAdded, first.stops[3].id)).toBeGreaterThan(
      etaOf(boardMoved, first.stops[3].id),
    );
    expect(finishOf(boardAdded, first)).toBeGreaterThan(finishOf(boardMoved, first));
  });
});
