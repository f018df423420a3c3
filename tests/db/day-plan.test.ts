// A route's working day (migration *_day_plans_and_day_groups.sql): the day plan column and the
// stops' time at stop, window and lock are checked by the database whoever writes them; the day
// group ties a split day's itineraries together; the shared view shows the plan; idempotent
// creation carries both; rows saved before read as before. Then both itinerary stores of the api
// function (direct connection and Data API) on PostgreSQL 15: the same fields, the same rules.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { connectDatabase, type Sql } from '../../supabase/functions/_shared/database.ts';
import { sqlItineraryStores } from '../../supabase/functions/_shared/itinerary-store-sql.ts';
import { dataApiItineraryStores } from '../../supabase/functions/_shared/itinerary-store-data-api.ts';
import type { ItineraryStores } from '../../supabase/functions/_shared/itinerary-store.ts';
import type { ApiConfig } from '../../supabase/functions/_shared/config.ts';
import { startGateway } from '../../supabase/local/gateway.mjs';
import { localKeys } from '../../supabase/local/settings.mjs';
import { postgres15Availability } from '../support/postgres15.mjs';
import {
  asRole,
  describeOnEveryBackend,
  insertItinerary,
  insertShare,
  openPostgres15,
  outcome,
  sampleStops,
  signUpUser,
  SQLSTATE,
  snapshotOf,
  stopId,
  type TestDatabase,
  type TestUser,
} from './harness';

const plan = {
  departure: '2026-03-02T08:00+01:00',
  timeZone: 'Europe/Paris',
  defaultServiceMinutes: 5,
  end: { name: 'Depot, Rue de Rivoli, Paris', lat: 48.86, lng: 2.35 },
};
const dayStops = [
  { id: stopId(11), name: 'Depot', lat: 48.86, lng: 2.35, lock: 'first' },
  {
    id: stopId(12),
    name: 'Pharmacy',
    lat: 48.87,
    lng: 2.34,
    serviceMinutes: 10,
    window: { start: '09:00', end: '10:00' },
  },
  {
    id: stopId(13),
    name: 'Bakery',
    lat: 48.85,
    lng: 2.36,
    serviceMinutes: 0,
    lock: 'last',
    load: 12,
  },
];

describeOnEveryBackend('Day plans, stop times and day groups', (db) => {
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    alice = await signUpUser(db(), 'alice');
    bob = await signUpUser(db(), 'bob');
  });

  const insertAsAlice = (stops: unknown, dayPlan: unknown = null, group: string | null = null) =>
    outcome(
      asRole(db(), 'authenticated', alice.claims, (tx) =>
        tx.query(
          `insert into public.itineraries (user_id, title, stops, day_plan, day_group)
           values ($1::uuid, 'Day', $2::text::jsonb, $3::text::jsonb, $4::uuid) returning id, day_plan, day_group, stops`,
          [
            alice.id,
            JSON.stringify(stops),
            dayPlan === null ? null : JSON.stringify(dayPlan),
            group,
          ],
        ),
      ),
    );

  it('stores a plan, the stops’ times, windows, locks and loads, and a group, as written', async () => {
    const group = randomUUID();
    const result = await insertAsAlice(dayStops, plan, group);
    expect(result.code).toBe('ok');
    expect(result.rows![0]).toMatchObject({ day_plan: plan, day_group: group, stops: dayStops });
  });

  it('reads a route saved before as before: no plan, no group, stops unchanged', async () => {
    const id = await insertItinerary(db(), alice, 'Saved last year');
    const [row] = await db().admin.query(
      `select stops, day_plan, day_group from public.itineraries where id = $1::uuid`,
      [id],
    );
    expect(row).toEqual({ stops: sampleStops, day_plan: null, day_group: null });
  });

  it.each([
    ['a window that ends before it starts', { window: { start: '10:00', end: '09:00' } }],
    ['a window outside the day', { window: { start: '09:00', end: '24:00' } }],
    ['a window time that is not HH:MM', { window: { start: '9:00', end: '10:00' } }],
    ['a window without an end', { window: { start: '09:00' } }],
    ['a window that is a string', { window: '09:00-10:00' }],
    ['241 minutes at a stop', { serviceMinutes: 241 }],
    ['a negative time at a stop', { serviceMinutes: -1 }],
    ['a fractional time at a stop', { serviceMinutes: 2.5 }],
    ['a time at a stop as text', { serviceMinutes: '5' }],
    ['an unknown lock', { lock: 'middle' }],
    ['a load above 9999', { load: 10_000 }],
    ['a negative load', { load: -1 }],
    ['a fractional load', { load: 1.5 }],
    ['a load as text', { load: '3' }],
  ])('refuses %s', async (_, fields) => {
    const result = await insertAsAlice([{ ...sampleStops[0], ...fields }]);
    expect(result.code).not.toBe('ok');
  });

  it('refuses two stops locked first, or two locked last', async () => {
    const twice = (lock: string) => insertAsAlice(sampleStops.map((stop) => ({ ...stop, lock })));
    expect((await twice('first')).code).toBe(SQLSTATE.checkViolation);
    expect((await twice('last')).code).toBe(SQLSTATE.checkViolation);
  });

  it.each([
    ['a departure without its offset', { departure: '2026-03-02T08:00' }],
    ['a departure that is not a date', { departure: 'tomorrow at 8' }],
    ['a time zone with spaces', { timeZone: 'Paris time' }],
    ['241 default minutes', { defaultServiceMinutes: 241 }],
    ['an unknown end rule', { end: 'home' }],
    ['an end address without coordinates', { end: { name: 'Home' } }],
    ['an end address off the globe', { end: { name: 'Home', lat: 91, lng: 0 } }],
    ['a plan that is a list', []],
  ])('refuses a plan with %s', async (_, dayPlan) => {
    const result = await insertAsAlice(sampleStops, dayPlan);
    expect(result.code).not.toBe('ok');
  });

  it('accepts each end rule and an empty plan', async () => {
    for (const end of ['last-stop', 'start', { name: 'Home', lat: -33.9, lng: 151.2 }]) {
      expect((await insertAsAlice(sampleStops, { end })).code).toBe('ok');
    }
    expect((await insertAsAlice(sampleStops, {})).code).toBe('ok');
  });

  it('shows the plan in the shared view, with the notes rule unchanged', async () => {
    const [row] = await db().admin.query<{ id: string }>(
      `insert into public.itineraries (user_id, title, stops, day_plan)
       values ($1::uuid, 'Shared day', $2::text::jsonb, $3::text::jsonb) returning id`,
      [alice.id, JSON.stringify([{ ...dayStops[1], note: 'Ring twice' }]), JSON.stringify(plan)],
    );
    const token = await insertShare(db(), alice, row.id);
    const shared = await asRole(db(), 'anon', { role: 'anon' }, (tx) =>
      tx.query(`select * from public.get_shared_route($1)`, [token]),
    );
    expect(shared).toEqual([{ title: 'Shared day', stops: [dayStops[1]], day_plan: plan }]);
    const plain = await insertShare(db(), alice, await insertItinerary(db(), alice, 'Plain'));
    const plainView = await asRole(db(), 'anon', { role: 'anon' }, (tx) =>
      tx.query(`select * from public.get_shared_route($1)`, [plain]),
    );
    expect(plainView).toEqual([{ title: 'Plain', stops: sampleStops, day_plan: null }]);
  });

  it('creates once per key with the plan and the group, and still with the six arguments of before', async () => {
    const group = randomUUID();
    const created = await asRole(db(), 'authenticated', alice.claims, (tx) =>
      tx.query(
        `select * from public.create_itinerary_once($1::uuid, $2, 'Driver 1', $3::text::jsonb, 10, 20, $4::text::jsonb, $5::uuid)`,
        [randomUUID(), 'a'.repeat(64), JSON.stringify(dayStops), JSON.stringify(plan), group],
      ),
    );
    expect(created[0]).toMatchObject({
      outcome: 'created',
      title: 'Driver 1',
      day_plan: plan,
      day_group: group,
    });
    const before = await asRole(db(), 'authenticated', alice.claims, (tx) =>
      tx.query(
        `select * from public.create_itinerary_once($1::uuid, $2, 'Old client', $3::text::jsonb, 10, 20)`,
        [randomUUID(), 'b'.repeat(64), JSON.stringify(sampleStops)],
      ),
    );
    expect(before[0]).toMatchObject({ outcome: 'created', day_plan: null, day_group: null });
    const invalid = await outcome(
      asRole(db(), 'authenticated', alice.claims, (tx) =>
        tx.query(
          `select * from public.create_itinerary_once($1::uuid, $2, 'Bad', $3::text::jsonb, 10, 20, $4::text::jsonb)`,
          [
            randomUUID(),
            'c'.repeat(64),
            JSON.stringify(sampleStops),
            '{"defaultServiceMinutes": 999}',
          ],
        ),
      ),
    );
    expect(invalid.code).toBe(SQLSTATE.checkViolation);
  });

  it('lets nobody else set or read a plan or a group (RLS)', async () => {
    const id = await insertItinerary(db(), alice, 'Alice alone');
    const aliceBefore = await snapshotOf(db(), alice);
    const updated = await asRole(db(), 'authenticated', bob.claims, (tx) =>
      tx.query(
        `update public.itineraries set day_plan = '{}'::jsonb, day_group = gen_random_uuid() where id = $1::uuid returning id`,
        [id],
      ),
    );
    expect(updated).toEqual([]);
    const read = await asRole(db(), 'authenticated', bob.claims, (tx) =>
      tx.query(`select day_plan, day_group from public.itineraries where id = $1::uuid`, [id]),
    );
    expect(read).toEqual([]);
    expect(await snapshotOf(db(), alice)).toEqual(aliceBefore);
  });
});

const availability = postgres15Availability();
const skipReason =
  !availability.available && process.env.CI !== 'true' ? availability.reason : undefined;
if (skipReason)
  console.warn(`[db tests] day plan store tests skipped (no PostgreSQL 15): ${skipReason}`);

// supabase-js (inside the Data API store) wants a WebSocket class for its realtime client, which Node 20 lacks.
globalThis.WebSocket ??= WebSocket as unknown as typeof globalThis.WebSocket;

describe.skipIf(Boolean(skipReason))('both itinerary stores carry the day (PostgreSQL 15)', () => {
  let db: TestDatabase;
  let sql: Sql;
  let gateway: { url: string; close(): Promise<void> };
  let alice: TestUser;
  const paths: Record<string, () => ItineraryStores> = {
    'direct connection': () => sqlItineraryStores(sql),
    'Data API': () =>
      dataApiItineraryStores({
        supabaseUrl: gateway.url,
        supabaseAnonKey: localKeys.publishableKey,
      } as ApiConfig),
  };

  beforeAll(async () => {
    db = await openPostgres15();
    sql = connectDatabase(db.url!);
    gateway = await startGateway({
      port: 0,
      backend: { fetch: (request: Request) => db.fetch(request) },
      functionsUrl: 'http://127.0.0.1:9',
    });
    alice = await signUpUser(db, 'alice');
  }, 120_000);

  afterAll(async () => {
    await gateway?.close();
    await sql?.end({ timeout: 5 });
    await db?.close();
  });

  const totals = { total_distance: 1000, total_duration: 600 };

  it.each(Object.keys(paths))(
    '%s: creates, reads, keeps, replaces and clears the plan and the group',
    async (path) => {
      const store = paths[path]().asCaller(alice.token!, alice.claims);
      const group = randomUUID();
      const created = await store.create({
        title: `${path} day`,
        stops: dayStops as never,
        ...totals,
        day_plan: plan,
        day_group: group,
      });
      expect(created).toMatchObject({ stops: dayStops, day_plan: plan, day_group: group });
      expect(await store.get(created.id)).toEqual(created);
      expect((await store.list()).find((row) => row.id === created.id)).toEqual(created);

      // An update that does not name them leaves them as they are.
      const kept = await store.update(created.id, {
        title: 'Renamed',
        stops: dayStops as never,
        ...totals,
      });
      expect(kept).toMatchObject({ title: 'Renamed', day_plan: plan, day_group: group });
      const replaced = await store.update(created.id, {
        title: 'Renamed',
        stops: dayStops as never,
        ...totals,
        day_plan: { end: 'start' },
      });
      expect(replaced?.day_plan).toEqual({ end: 'start' });
      const cleared = await store.update(created.id, {
        title: 'Renamed',
        stops: sampleStops,
        ...totals,
        day_plan: null,
        day_group: null,
      });
      expect(cleared).not.toHaveProperty('day_plan');
      expect(cleared).not.toHaveProperty('day_group');
      expect(Object.keys(cleared!).sort()).toEqual([
        'created_at',
        'id',
        'stops',
        'title',
        'total_distance',
        'total_duration',
        'updated_at',
      ]);
    },
  );

  it.each(Object.keys(paths))(
    '%s: idempotent creation and the shared view carry the plan',
    async (path) => {
      const stores = paths[path]();
      const store = stores.asCaller(alice.token!, alice.claims);
      const group = randomUUID();
      const key = randomUUID();
      const fields = {
        title: `${path} driver 1`,
        stops: dayStops as never,
        ...totals,
        day_plan: plan,
        day_group: group,
      };
      const first = await store.createOnce(key, 'd'.repeat(64), fields);
      expect(first).toMatchObject({
        outcome: 'created',
        itinerary: { day_plan: plan, day_group: group },
      });
      const again = await store.createOnce(key, 'd'.repeat(64), fields);
      expect(again).toMatchObject({
        outcome: 'replayed',
        itinerary: { day_plan: plan, day_group: group },
      });
      const plain = await store.createOnce(randomUUID(), 'e'.repeat(64), {
        title: `${path} plain`,
        stops: sampleStops,
        ...totals,
      });
      expect(plain.outcome).toBe('created');
      if (plain.outcome === 'created') expect(plain.itinerary).not.toHaveProperty('day_plan');

      if (first.outcome !== 'created') throw new Error('not created');
      const token = `day-token-${path.replaceAll(' ', '-')}-0123456789`;
      expect(await store.addShare(first.itinerary.id, token)).toBe(true);
      expect(await stores.sharedRoute(token)).toEqual({
        title: `${path} driver 1`,
        stops: dayStops,
        day_plan: plan,
      });
    },
  );
});
