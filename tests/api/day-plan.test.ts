// The working day over HTTP: the itinerary's day_plan and day_group, and each
// stop's serviceMinutes, window, lock and load, validated with clear 4xx {error} messages; routes
// without them read exactly as before; an update that does not name them keeps them; the
// shared view shows the plan; idempotent creation tells bodies with another plan apart.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, newUser, stops, withoutStopIds, type TestUser } from './client.ts';

const plan = {
  departure: '2026-03-02T08:00-05:00',
  timeZone: 'America/New_York',
  defaultServiceMinutes: 5,
  end: 'start',
};
const dayStops = [
  { ...stops.timesSquare, lock: 'first' },
  {
    ...stops.empireState,
    serviceMinutes: 10,
    window: { start: '09:00', end: '10:00' },
    load: 3,
  },
  // A load of 0 is a load (a visit that takes nothing from the van), not an absent one.
  { ...stops.unionSquare, serviceMinutes: 0, lock: 'last', load: 0 },
];
const dayRoute = { title: 'Tuesday round', stops: dayStops, day_plan: plan };

let alice: TestUser;
let bob: TestUser;
beforeAll(async () => {
  [alice, bob] = await Promise.all([newUser(), newUser()]);
});

const create = (body: unknown, headers?: Record<string, string>) =>
  call('POST', '/itineraries', { token: alice.token, body, headers });

describe('the working day of an itinerary', () => {
  it('saves and reads back the plan, the group and each stop’s time, window, lock and load', async () => {
    const group = randomUUID();
    const created = await create({ ...dayRoute, day_group: group });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ stops: dayStops, day_plan: plan, day_group: group });
    const read = await call('GET', `/itineraries/${created.body.id}`, { token: alice.token });
    expect(read.body).toEqual(created.body);
    const list = await call('GET', '/itineraries', { token: alice.token });
    expect(list.body.find((row: { id: string }) => row.id === created.body.id)).toEqual(
      created.body,
    );
  });

  it('answers a route without them exactly as before: no day_plan, no day_group, bare stops', async () => {
    const created = await create({ title: 'Plain', stops: [stops.timesSquare, stops.unionSquare] });
    expect(created.status).toBe(201);
    expect(Object.keys(created.body).sort()).toEqual([
      'created_at',
      'id',
      'stops',
      'title',
      'total_distance',
      'total_duration',
      'updated_at',
    ]);
    expect(withoutStopIds(created.body.stops)).toEqual([stops.timesSquare, stops.unionSquare]);
  });

  it('keeps the plan and group through an update that does not name them; null clears them', async () => {
    const group = randomUUID();
    const created = await create({ ...dayRoute, day_group: group });
    // What an older client, or the offline outbox, sends: title and stops only.
    const kept = await call('PUT', `/itineraries/${created.body.id}`, {
      token: alice.token,
      body: { title: 'Renamed', stops: dayStops },
    });
    expect(kept.status).toBe(200);
    expect(kept.body).toMatchObject({ title: 'Renamed', day_plan: plan, day_group: group });
    const changed = await call('PUT', `/itineraries/${created.body.id}`, {
      token: alice.token,
      body: { title: 'Renamed', stops: dayStops, day_plan: { ...plan, end: 'last-stop' } },
    });
    expect(changed.body.day_plan.end).toBe('last-stop');
    const cleared = await call('PUT', `/itineraries/${created.body.id}`, {
      token: alice.token,
      body: { title: 'Renamed', stops: [stops.timesSquare], day_plan: null, day_group: null },
    });
    expect(cleared.status).toBe(200);
    expect(cleared.body).not.toHaveProperty('day_plan');
    expect(cleared.body).not.toHaveProperty('day_group');
  });

  it('accepts an end address, and drops unknown fields of the plan', async () => {
    const end = { name: 'Home, Brooklyn', lat: 40.68, lng: -73.97 };
    const created = await create({
      ...dayRoute,
      day_plan: { departure: plan.departure, end, colour: 'red' },
    });
    expect(created.status).toBe(201);
    expect(created.body.day_plan).toEqual({ departure: plan.departure, end });
  });

  it.each([
    [
      'a window that ends before it starts',
      { window: { start: '10:00', end: '09:00' } },
      'stops.1: window ends before it starts',
    ],
    [
      'a window outside the day',
      { window: { start: '09:00', end: '25:00' } },
      'stops.1: window times must be HH:MM within the day, from 00:00 to 23:59',
    ],
    [
      'a window that is text',
      { window: '09:00-10:00' },
      'stops.1: window must be {start, end} with times HH:MM',
    ],
    [
      '241 minutes at a stop',
      { serviceMinutes: 241 },
      'stops.1: serviceMinutes must be a whole number of minutes from 0 to 240',
    ],
    [
      'half a minute at a stop',
      { serviceMinutes: 0.5 },
      'stops.1: serviceMinutes must be a whole number of minutes from 0 to 240',
    ],
    ['an unknown lock', { lock: 'middle' }, 'stops.1: lock must be one of: first, last'],
    ['a load above 9999', { load: 10_000 }, 'stops.1: load must be a whole number from 0 to 9999'],
    ['a negative load', { load: -2 }, 'stops.1: load must be a whole number from 0 to 9999'],
    ['half a parcel', { load: 2.5 }, 'stops.1: load must be a whole number from 0 to 9999'],
    ['a load as text', { load: '3' }, 'stops.1: load must be a whole number from 0 to 9999'],
    ['a load of null', { load: null }, 'stops.1: load must be a whole number from 0 to 9999'],
  ])('refuses %s with 400 and says why', async (_, fields, error) => {
    const answer = await create({
      ...dayRoute,
      stops: [dayStops[0], { ...dayStops[1], ...fields }, dayStops[2]],
    });
    expect(answer).toMatchObject({ status: 400, body: { error } });
  });

  it('refuses two stops locked first (or last)', async () => {
    const twice = await create({
      ...dayRoute,
      stops: [dayStops[0], { ...dayStops[1], lock: 'first' }],
    });
    expect(twice).toMatchObject({
      status: 400,
      body: { error: 'Only one stop can be locked first' },
    });
    const last = await create({
      ...dayRoute,
      stops: [dayStops[2], { ...dayStops[1], lock: 'last' }],
    });
    expect(last.body.error).toBe('Only one stop can be locked last');
  });

  it.each([
    [
      'a departure without its offset',
      { departure: '2026-03-02T08:00' },
      'day_plan: departure must be a date and time with its UTC offset, e.g. 2026-03-02T08:00+01:00',
    ],
    [
      'a departure on 30 February',
      { departure: '2026-02-30T08:00+01:00' },
      'day_plan: departure must be a date and time with its UTC offset, e.g. 2026-03-02T08:00+01:00',
    ],
    [
      'an unknown time zone',
      { timeZone: 'Mars/Olympus_Mons' },
      'day_plan: timeZone must be an IANA time zone such as Europe/Paris',
    ],
    [
      'a default time at stop of 300 minutes',
      { defaultServiceMinutes: 300 },
      'day_plan: defaultServiceMinutes must be a whole number of minutes from 0 to 240',
    ],
    [
      'an unknown end rule',
      { end: 'home' },
      'day_plan: end must be "last-stop", "start" or an address {name, lat, lng}',
    ],
    [
      'an end address off the globe',
      { end: { name: 'Home', lat: 95, lng: 0 } },
      'day_plan.end: lat must be between -90 and 90',
    ],
  ])('refuses a plan with %s', async (_, fields, error) => {
    const answer = await create({ ...dayRoute, day_plan: { ...plan, ...fields } });
    expect(answer).toMatchObject({ status: 400, body: { error } });
  });

  it('refuses a plan that is not an object and a group that is not a UUID', async () => {
    expect(await create({ ...dayRoute, day_plan: 'tomorrow' })).toMatchObject({
      status: 400,
      body: {
        error: 'day_plan must be an object {departure?, timeZone?, defaultServiceMinutes?, end?}',
      },
    });
    expect(await create({ ...dayRoute, day_group: 'group-1' })).toMatchObject({
      status: 400,
      body: { error: 'day_group must be a UUID' },
    });
  });

  it('refuses the same on update, leaving the saved route as it was', async () => {
    const created = await create(dayRoute);
    const refused = await call('PUT', `/itineraries/${created.body.id}`, {
      token: alice.token,
      body: { ...dayRoute, day_plan: { ...plan, defaultServiceMinutes: -5 } },
    });
    expect(refused.status).toBe(400);
    const read = await call('GET', `/itineraries/${created.body.id}`, { token: alice.token });
    expect(read.body).toEqual(created.body);
  });

  it('shows the plan and the stops’ times on the shared page, not the group', async () => {
    const created = await create({ ...dayRoute, day_group: randomUUID() });
    const share = await call('POST', `/itineraries/${created.body.id}/share`, {
      token: alice.token,
    });
    const token = String(share.body.shareUrl).split('/share/')[1];
    const shared = await call('GET', `/itineraries/share/${token}`);
    expect(shared).toMatchObject({
      status: 200,
      body: { title: dayRoute.title, stops: dayStops, day_plan: plan },
    });
    expect(shared.body).not.toHaveProperty('day_group');
    const plain = await create({ title: 'Plain share', stops: [stops.timesSquare] });
    const plainShare = await call('POST', `/itineraries/${plain.body.id}/share`, {
      token: alice.token,
    });
    const plainView = await call(
      'GET',
      `/itineraries/share/${String(plainShare.body.shareUrl).split('/share/')[1]}`,
    );
    expect(Object.keys(plainView.body).sort()).toEqual(['stops', 'title']);
  });

  it('replays an idempotent creation with its plan, and refuses the key with another plan', async () => {
    const key = randomUUID();
    const group = randomUUID();
    const first = await create({ ...dayRoute, day_group: group }, { 'idempotency-key': key });
    expect(first.status).toBe(201);
    const again = await create({ ...dayRoute, day_group: group }, { 'idempotency-key': key });
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    const other = await create(
      { ...dayRoute, day_group: group, day_plan: { ...plan, defaultServiceMinutes: 6 } },
      { 'idempotency-key': key },
    );
    expect(other.status).toBe(422);
  });

  it('keeps another user away from a plan: 404 on read and write, nothing changed', async () => {
    const created = await create(dayRoute);
    expect(
      (await call('GET', `/itineraries/${created.body.id}`, { token: bob.token })).status,
    ).toBe(404);
    const write = await call('PUT', `/itineraries/${created.body.id}`, {
      token: bob.token,
      body: { ...dayRoute, day_plan: null },
    });
    expect(write.status).toBe(404);
    const read = await call('GET', `/itineraries/${created.body.id}`, { token: alice.token });
    expect(read.body).toEqual(created.body);
  });
});
