// A driver re-orders the stops still to do over HTTP (POST /drive/{token}/order): only a
// permutation of them, only over the version read, never losing a report made meanwhile, limited
// per link like the reports; the saved order is what the owner, the board and the customers'
// tracking links see next. The database side is attacked in tests/db/driver-reorder.test.ts.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, newUser, stops, type TestUser } from './client.ts';

/** A day two days from now (a tracking window is never before now), leaving at 08:00 UTC. */
const day = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
const plan = { departure: `${day}T08:00+00:00`, timeZone: 'UTC' };
// The start, then four deliveries.
const dayStops = [
  stops.timesSquare,
  { ...stops.empireState, serviceMinutes: 10 },
  stops.unionSquare,
  { name: '120 Broadway, New York', lat: 40.7081, lng: -74.0105 },
  {
    name: 'Grand Central, New York',
    lat: 40.7527,
    lng: -73.9772,
    window: { start: '09:00', end: '12:00' },
  },
];

type Route = { id: string; stops: { id: string; name: string }[] };
type DrivePage = { version: string; stops: { id: string; eta?: string; report?: unknown }[] };

let alice: TestUser;
beforeAll(async () => {
  alice = await newUser();
});

async function createRoute(owner: TestUser): Promise<Route> {
  const created = await call('POST', '/itineraries', {
    token: owner.token,
    body: { title: 'Friday round', stops: dayStops, day_plan: plan },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body;
}

async function driverLink(owner: TestUser, route: Route) {
  const made = await call('POST', `/itineraries/${route.id}/driver-link`, { token: owner.token });
  expect(made.status).toBe(201);
  return made.body.driverUrl.split('/drive/')[1] as string;
}

const page = async (token: string): Promise<DrivePage> => {
  const read = await call('GET', `/drive/${token}`);
  expect(read.status, JSON.stringify(read.body)).toBe(200);
  return read.body;
};

const report = (token: string, stopId: string, status = 'delivered') =>
  call('POST', `/drive/${token}/reports`, {
    body: { id: randomUUID(), stopId, status, at: new Date().toISOString() },
  });

const order = (token: string, body: unknown) => call('POST', `/drive/${token}/order`, { body });

const idsOf = (route: Route, ...places: number[]) => places.map((n) => route.stops[n].id);

describe('re-ordering what is left through the driver link', () => {
  it('saves the new order of the stops left; the start and the stops done keep their places', async () => {
    const route = await createRoute(alice);
    const token = await driverLink(alice, route);
    expect((await report(token, route.stops[1].id)).status).toBe(201);
    // Skipped is still to do: it is re-ordered with the others.
    expect((await report(token, route.stops[3].id, 'skipped')).status).toBe(201);
    const before = await page(token);
    const saved = await order(token, {
      stopIds: idsOf(route, 4, 3, 2),
      version: before.version,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.headers.get('cache-control')).toBe('no-store');
    // The answer is the driver's page as GET gives it, with the new version and planned times.
    expect(saved.body.stops.map((stop: { id: string }) => stop.id)).toEqual(
      idsOf(route, 0, 1, 4, 3, 2),
    );
    expect(saved.body.version).not.toBe(before.version);
    expect(saved.body.stops[1].report).toMatchObject({ status: 'delivered' });
    expect(saved.body.stops[3].report).toMatchObject({ status: 'skipped' });
    expect(await page(token)).toEqual(saved.body);
    const etas = saved.body.stops.map((stop: { eta: string }) => Date.parse(stop.eta));
    expect(etas[3]).toBeGreaterThan(etas[2]);
    expect(etas[4]).toBeGreaterThan(etas[3]);

    // The owner (My Routes, the planner) and the board read the route in its new order.
    const owned = await call('GET', `/itineraries/${route.id}`, { token: alice.token });
    expect(owned.body.stops.map((stop: { id: string }) => stop.id)).toEqual(
      idsOf(route, 0, 1, 4, 3, 2),
    );
    const progress = await call('GET', `/itineraries/${route.id}/progress`, {
      token: alice.token,
    });
    expect(progress.body.stops.map((stop: { id: string }) => stop.id)).toEqual(
      idsOf(route, 0, 1, 4, 3, 2),
    );
  });

  it('moves the customers’ tracking windows with the new order', async () => {
    const route = await createRoute(alice);
    const token = await driverLink(alice, route);
    const links = await call('POST', `/itineraries/${route.id}/tracking-links`, {
      token: alice.token,
    });
    expect(links.status).toBe(201);
    const linkOf = (stopId: string) =>
      (links.body.links as { stopId: string; trackingUrl: string }[])
        .find((link) => link.stopId === stopId)!
        .trackingUrl.split('/track/')[1];
    const track = async (stopId: string) => (await call('GET', `/track/${linkOf(stopId)}`)).body;
    expect((await report(token, route.stops[1].id)).status).toBe(201);
    const last = route.stops[3].id;
    const before = await track(last);
    expect(before).toMatchObject({ state: 'on-the-way', stopsBefore: 1 });

    const saved = await order(token, {
      stopIds: idsOf(route, 3, 4, 2),
      version: (await page(token)).version,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const after = await track(last);
    expect(after).toMatchObject({ state: 'on-the-way', stopsBefore: 0 });
    // Expected sooner, with a narrower margin (no stop before it any more).
    expect(Date.parse(after.to)).toBeLessThan(Date.parse(before.to));
    const moved = await track(route.stops[2].id);
    expect(moved).toMatchObject({ state: 'on-the-way', stopsBefore: 2 });
  });

  it('takes only a permutation of the stops left: 400, 404 for a stop of another route', async () => {
    const route = await createRoute(alice);
    const other = await createRoute(alice);
    const token = await driverLink(alice, route);
    expect((await report(token, route.stops[1].id)).status).toBe(201);
    const { version } = await page(token);
    const refused: [unknown, number][] = [
      [{ stopIds: idsOf(route, 4, 3), version }, 400], // one missing
      [{ stopIds: idsOf(route, 4, 3, 2, 2), version }, 400], // twice
      [{ stopIds: idsOf(route, 0, 4, 3, 2), version }, 400], // the start
      [{ stopIds: idsOf(route, 4, 3, 2, 1), version }, 409], // a stop done
      [{ stopIds: [], version }, 400],
      [{ stopIds: ['not-a-uuid'], version }, 400],
      [{ stopIds: idsOf(route, 4, 3, 2) }, 400],
      [{ stopIds: idsOf(route, 4, 3, 2), version: 'yesterday' }, 400],
      [[1, 2], 400],
      [{ stopIds: [...idsOf(route, 4, 3), other.stops[2].id], version }, 404],
      [{ stopIds: [...idsOf(route, 4, 3, 2), randomUUID()], version }, 404],
    ];
    for (const [body, status] of refused) {
      const answer = await order(token, body);
      expect(answer.status, JSON.stringify(body)).toBe(status);
      expect(answer.body).toMatchObject({ error: expect.any(String) });
    }
    expect((await call('POST', `/drive/${token}/order`, { rawBody: '{' })).status).toBe(400);
    expect((await page(token)).stops.map((stop) => stop.id)).toEqual(idsOf(route, 0, 1, 2, 3, 4));
    const untouched = await call('GET', `/itineraries/${other.id}`, { token: alice.token });
    expect(untouched.body.stops.map((stop: { id: string }) => stop.id)).toEqual(
      other.stops.map((stop) => stop.id),
    );
  });

  it('keeps a stop locked first or last where its lock says: 400 stop-locked, nothing saved', async () => {
    const created = await call('POST', '/itineraries', {
      token: alice.token,
      body: {
        title: 'Locked round',
        stops: [
          dayStops[0],
          { ...dayStops[1], lock: 'first' },
          dayStops[2],
          dayStops[3],
          { ...dayStops[4], lock: 'last' },
        ],
        day_plan: plan,
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const route: Route = created.body;
    const token = await driverLink(alice, route);
    const { version } = await page(token);
    const moved = [
      idsOf(route, 2, 1, 3, 4), // the first one second
      idsOf(route, 1, 2, 4, 3), // the last one before the end
      idsOf(route, 4, 3, 2, 1), // both swapped
    ];
    for (const stopIds of moved) {
      const answer = await order(token, { stopIds, version });
      expect(answer, JSON.stringify(stopIds)).toMatchObject({
        status: 400,
        body: { error: expect.stringMatching(/locked first/), code: 'stop-locked' },
      });
    }
    // Dropped, repeated, added: refused as before, whatever the locks.
    for (const [stopIds, status] of [
      [idsOf(route, 1, 2, 4), 400],
      [idsOf(route, 1, 2, 3, 3, 4), 400],
      [[...idsOf(route, 1, 2, 3, 4), randomUUID()], 404],
    ] as const) {
      const answer = await order(token, { stopIds, version });
      expect(answer.status, JSON.stringify(stopIds)).toBe(status);
      expect(answer.body).toMatchObject({ error: expect.any(String) });
    }
    expect((await page(token)).stops.map((stop) => stop.id)).toEqual(idsOf(route, 0, 1, 2, 3, 4));
    expect((await page(token)).version).toBe(version);

    // The stops between the locked ones take any order.
    const saved = await order(token, { stopIds: idsOf(route, 1, 3, 2, 4), version });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.stops.map((stop: { id: string }) => stop.id)).toEqual(
      idsOf(route, 0, 1, 3, 2, 4),
    );
    // Delivered, the stop locked first is no longer in the list; the last one still is.
    expect((await report(token, route.stops[1].id)).status).toBe(201);
    const after = (await page(token)).version;
    expect((await order(token, { stopIds: idsOf(route, 4, 2, 3), version: after })).body.code).toBe(
      'stop-locked',
    );
    const last = await order(token, { stopIds: idsOf(route, 2, 3, 4), version: after });
    expect(last.status, JSON.stringify(last.body)).toBe(200);
    expect(last.body.stops.map((stop: { id: string }) => stop.id)).toEqual(
      idsOf(route, 0, 1, 2, 3, 4),
    );
  });

  it('answers 404 for an unknown or revoked link', async () => {
    const route = await createRoute(alice);
    const token = await driverLink(alice, route);
    const body = { stopIds: idsOf(route, 4, 3, 2, 1), version: (await page(token)).version };
    expect(
      (await call('DELETE', `/itineraries/${route.id}/driver-link`, { token: alice.token })).status,
    ).toBe(204);
    expect(await order(token, body)).toMatchObject({
      status: 404,
      body: { error: expect.any(String), code: 'no-link' },
    });
    expect((await order('x'.repeat(43), body)).status).toBe(404);
    expect((await order('%27', body)).status).toBe(404);
    const owned = await call('GET', `/itineraries/${route.id}`, { token: alice.token });
    expect(owned.body.stops.map((stop: { id: string }) => stop.id)).toEqual(
      idsOf(route, 0, 1, 2, 3, 4),
    );
  });

  it('answers 409 when the dispatcher changed the route since it was read', async () => {
    const route = await createRoute(alice);
    const token = await driverLink(alice, route);
    const { version } = await page(token);
    const added = await call('POST', `/itineraries/${route.id}/stops`, {
      token: alice.token,
      body: { stop: { name: 'Bakery, New York', lat: 40.73, lng: -73.99 } },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const answer = await order(token, { stopIds: idsOf(route, 4, 3, 2, 1), version });
    expect(answer).toMatchObject({
      status: 409,
      body: { error: expect.any(String), code: 'route-changed' },
    });
    expect((await page(token)).stops.map((stop) => stop.id)).toEqual(
      added.body.stops.map((stop: { id: string }) => stop.id),
    );
  });

  it('never loses a report made at the same moment', async () => {
    const route = await createRoute(alice);
    const token = await driverLink(alice, route);
    const { version } = await page(token);
    const [ordered, reported] = await Promise.all([
      order(token, { stopIds: idsOf(route, 4, 3, 2, 1), version }),
      report(token, route.stops[1].id),
    ]);
    expect(reported.status).toBe(201);
    const after = await page(token);
    const stop = after.stops.find((item) => item.id === route.stops[1].id);
    expect(stop?.report).toMatchObject({ id: reported.body.id, status: 'delivered' });
    if (ordered.status === 200) {
      expect(after.stops.map((item) => item.id)).toEqual(idsOf(route, 0, 4, 3, 2, 1));
    } else {
      // The report first: the stop is done, the order listed it, nothing changed.
      expect(ordered).toMatchObject({ status: 409, body: { code: 'stop-reported' } });
      expect(after.stops.map((item) => item.id)).toEqual(idsOf(route, 0, 1, 2, 3, 4));
    }
  });

  it('answers 429 with Retry-After past the link’s 60 requests a minute, like the reports', async () => {
    const route = await createRoute(alice);
    const token = await driverLink(alice, route);
    const statuses: number[] = [];
    let limited: Awaited<ReturnType<typeof call>> | undefined;
    while (!limited && statuses.length < 300) {
      const answers = await Promise.all(
        Array.from({ length: 30 }, () => call('POST', `/drive/${token}/order`, { rawBody: '{' })),
      );
      statuses.push(...answers.map((answer) => answer.status));
      limited = answers.find((answer) => answer.status === 429);
    }
    expect(statuses.filter((status) => status === 400).length).toBeGreaterThanOrEqual(60);
    expect(statuses.every((status) => status === 400 || status === 429)).toBe(true);
    expect(limited?.body).toEqual({ error: expect.any(String) });
    expect(Number(limited?.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    // The reports of the same link share the limit.
    let status = 0;
    for (let round = 0; round < 10 && status !== 429; round += 1) {
      await Promise.all(
        Array.from({ length: 20 }, () => call('POST', `/drive/${token}/order`, { rawBody: '{' })),
      );
      status = (await report(token, route.stops[1].id)).status;
      expect([201, 429]).toContain(status);
    }
    expect(status).toBe(429);
  });
});
