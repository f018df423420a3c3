// The day changes over HTTP: POST /itineraries/{id}/stops/{stopId}/move moves a stop still to do
// to another of the owner's routes, both saved or neither; a driver's report sent at the same
// moment, or late through the old route's link, is never lost. The database side is attacked in
// tests/db/stop-moves.test.ts.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, newUser, stops, type TestUser } from './client.ts';

type Route = {
  id: string;
  updated_at: string;
  total_distance: number;
  stops: { id: string; name: string }[];
};

let alice: TestUser;
let bob: TestUser;
beforeAll(async () => {
  [alice, bob] = await Promise.all([newUser(), newUser()]);
});

const broadway = { name: '120 Broadway, New York', lat: 40.7081, lng: -74.0105 };
const battery = { name: 'Battery Park, New York', lat: 40.7033, lng: -74.017 };

async function createRoute(owner: TestUser, title: string, list: object[]): Promise<Route> {
  const created = await call('POST', '/itineraries', {
    token: owner.token,
    body: { title, stops: list },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body;
}

/** Two drivers' routes of Alice's: the first has three stops to do, the second two. */
async function twoRoutes() {
  const first = await createRoute(alice, 'Driver 1', [
    stops.timesSquare,
    stops.empireState,
    stops.unionSquare,
    broadway,
  ]);
  const second = await createRoute(alice, 'Driver 2', [stops.timesSquare, battery]);
  return { first, second };
}

const move = (
  owner: TestUser | undefined,
  from: Route,
  stopId: string,
  body: Record<string, unknown>,
) =>
  call('POST', `/itineraries/${from.id}/stops/${stopId}/move`, {
    ...(owner ? { token: owner.token } : {}),
    body,
  });

const read = async (route: Route): Promise<Route> =>
  (await call('GET', `/itineraries/${route.id}`, { token: alice.token })).body;
const names = (route: Route) => route.stops.map((stop) => stop.name);

async function driverLink(route: Route) {
  const made = await call('POST', `/itineraries/${route.id}/driver-link`, { token: alice.token });
  return made.body.driverUrl.split('/drive/')[1] as string;
}

const report = (token: string, stopId: string, id = randomUUID()) =>
  call('POST', `/drive/${token}/reports`, {
    body: { id, stopId, status: 'delivered', at: new Date().toISOString() },
  });

describe('moving a stop between two routes', () => {
  it('saves both: gone from the first, in the second where asked or where it costs least', async () => {
    const { first, second } = await twoRoutes();
    const moved = await move(alice, first, first.stops[2].id, { to: second.id });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(names(moved.body.from)).toEqual([
      stops.timesSquare.name,
      stops.empireState.name,
      broadway.name,
    ]);
    // Union Square lies on the way from Times Square to Battery Park.
    expect(names(moved.body.to)).toEqual([
      stops.timesSquare.name,
      stops.unionSquare.name,
      battery.name,
    ]);
    expect(moved.body.to.stops[1].id).toBe(first.stops[2].id);
    expect(await read(first)).toEqual(moved.body.from);
    expect(await read(second)).toEqual(moved.body.to);
    expect(moved.body.from.total_distance).toBeLessThan(first.total_distance);
    expect(moved.body.from.updated_at).not.toBe(first.updated_at);

    const back = await move(alice, moved.body.to, first.stops[2].id, { to: first.id, place: 99 });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(names(back.body.to).at(-1)).toBe(stops.unionSquare.name);
  });

  it('a stop with a driver’s report stays, and so does the start: 409, nothing saved', async () => {
    const { first, second } = await twoRoutes();
    const token = await driverLink(first);
    expect((await report(token, first.stops[1].id)).status).toBe(201);
    const refused = await move(alice, first, first.stops[1].id, { to: second.id });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatch(/report/);
    expect((await move(alice, first, first.stops[0].id, { to: second.id })).status).toBe(409);
    expect(await read(first)).toEqual(first);
    expect(await read(second)).toEqual(second);
  });

  it('a report sent at the same moment as the move is kept, on the route that has the stop', async () => {
    const { first, second } = await twoRoutes();
    const token = await driverLink(first);
    const stopId = first.stops[3].id;
    const [moved, reported] = await Promise.all([
      move(alice, first, stopId, { to: second.id }),
      report(token, stopId),
    ]);
    expect(reported.status, JSON.stringify(reported.body)).toBe(201);
    expect([200, 409]).toContain(moved.status);
    const holder = moved.status === 200 ? second : first;
    const progress = await call('GET', `/itineraries/${holder.id}/progress`, {
      token: alice.token,
    });
    const stop = progress.body.stops.find((item: { id: string }) => item.id === stopId);
    expect(stop.report).toMatchObject({ id: reported.body.id, status: 'delivered' });
    const other = moved.status === 200 ? first : second;
    expect((await read(other)).stops.map((item) => item.id)).not.toContain(stopId);
  });

  it('a report sent late through the old route’s link follows the stop', async () => {
    const { first, second } = await twoRoutes();
    const token = await driverLink(first);
    const stopId = first.stops[1].id;
    expect((await move(alice, first, stopId, { to: second.id })).status).toBe(200);
    const id = randomUUID();
    expect((await report(token, stopId, id)).status).toBe(201);
    const progress = await call('GET', `/itineraries/${second.id}/progress`, {
      token: alice.token,
    });
    expect(progress.body.counts).toMatchObject({ delivered: 1 });
    // The first driver's page no longer lists it.
    const drive = await call('GET', `/drive/${token}`);
    expect(drive.body.stops.map((item: { id: string }) => item.id)).not.toContain(stopId);
  });

  it('takes the stop’s tracking link along', async () => {
    const { first, second } = await twoRoutes();
    const stopId = first.stops[2].id;
    const link = await call('POST', `/itineraries/${first.id}/stops/${stopId}/tracking-link`, {
      token: alice.token,
    });
    expect((await move(alice, first, stopId, { to: second.id })).status).toBe(200);
    const links = await call('GET', `/itineraries/${second.id}/tracking-links`, {
      token: alice.token,
    });
    expect(links.body.links).toEqual([link.body]);
    expect(
      (await call('GET', `/track/${link.body.trackingUrl.split('/track/')[1]}`)).body.name,
    ).toBe(stops.unionSquare.name);
  });

  it('a stop locked first or last leaves its lock on its old route', async () => {
    const first = await createRoute(alice, 'Driver 1', [
      stops.timesSquare,
      stops.empireState,
      { ...broadway, lock: 'last' },
    ]);
    const second = await createRoute(alice, 'Driver 2', [
      stops.timesSquare,
      { ...stops.unionSquare, lock: 'first' },
      { ...battery, lock: 'last' },
    ]);
    const moved = await move(alice, first, first.stops[2].id, { to: second.id, place: 1 });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const arrived = (moved.body.to as Route).stops[1];
    expect(arrived).toMatchObject({ id: first.stops[2].id, name: broadway.name });
    expect(arrived).not.toHaveProperty('lock');
    expect(moved.body.to.stops.map((stop: { lock?: string }) => stop.lock ?? null)).toEqual([
      null,
      null,
      'first',
      'last',
    ]);
  });

  it('only between the owner’s own routes: another user 404, anonymous 401', async () => {
    const { first, second } = await twoRoutes();
    const bobs = await createRoute(bob, 'Bob', [stops.timesSquare, battery]);
    const stopId = first.stops[1].id;
    expect((await move(bob, first, stopId, { to: bobs.id })).status).toBe(404);
    expect((await move(alice, first, stopId, { to: bobs.id })).status).toBe(404);
    expect((await move(bob, bobs, bobs.stops[1].id, { to: first.id })).status).toBe(404);
    expect((await move(undefined, first, stopId, { to: second.id })).status).toBe(401);
    expect(await read(first)).toEqual(first);
    expect(await read(second)).toEqual(second);
  });

  it('bad input is a 400 {error}; an unknown stop a 404', async () => {
    const { first, second } = await twoRoutes();
    const stopId = first.stops[1].id;
    for (const body of [
      {},
      { to: 'x' },
      { to: second.id, place: 0 },
      { to: second.id, place: 1.5 },
      { to: first.id },
    ]) {
      const answer = await move(alice, first, stopId, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(typeof answer.body.error).toBe('string');
    }
    expect((await move(alice, first, randomUUID(), { to: second.id })).status).toBe(404);
    expect((await move(alice, first, 'not-a-stop', { to: second.id })).status).toBe(404);
    expect(await read(first)).toEqual(first);
  });
});

describe('adding a stop to a route during the day', () => {
  const add = (owner: TestUser | undefined, route: Route, body: Record<string, unknown>) =>
    call('POST', `/itineraries/${route.id}/stops`, {
      ...(owner ? { token: owner.token } : {}),
      body,
    });

  it('saves it where it costs least after what was reported, or where asked, with a new id', async () => {
    const { first } = await twoRoutes();
    const token = await driverLink(first);
    // The driver is past the Empire State Building: nothing goes before it any more.
    expect((await report(token, first.stops[1].id)).status).toBe(201);
    const added = await add(alice, first, {
      stop: { ...stops.empireState, id: first.stops[0].id, name: 'Flower shop, 5th Ave' },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const placed = added.body as Route;
    expect(names(placed)).toEqual([
      stops.timesSquare.name,
      stops.empireState.name,
      'Flower shop, 5th Ave',
      stops.unionSquare.name,
      broadway.name,
    ]);
    expect(new Set(placed.stops.map((stop) => stop.id)).size).toBe(5);
    expect(await read(first)).toEqual(placed);

    const last = await add(alice, placed, { stop: battery, place: 99 });
    expect(names(last.body).at(-1)).toBe(battery.name);
    // The report stays with its stop.
    const progress = await call('GET', `/itineraries/${first.id}/progress`, {
      token: alice.token,
    });
    // The start is no delivery: five stops to deliver, one delivered.
    expect(progress.body.counts).toMatchObject({ delivered: 1, total: 5 });
  });

  it('only to the owner’s route; bad input is a 400 {error}', async () => {
    const { first } = await twoRoutes();
    expect((await add(bob, first, { stop: battery })).status).toBe(404);
    expect((await add(undefined, first, { stop: battery })).status).toBe(401);
    for (const body of [{}, { stop: { name: 'x' } }, { stop: battery, place: 0 }]) {
      const answer = await add(alice, first, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(typeof answer.body.error).toBe('string');
    }
    expect(await read(first)).toEqual(first);
  });
});
