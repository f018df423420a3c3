// A driver re-orders the stops still to do through the driver link (migration
// *_driver_reorders_the_stops_left.sql): only over the version read, only a permutation of the
// stops still to do, the start and the stops done keep their places, a report and a re-order
// happen one after the other, and only the api function (service_role) may call it.
import { randomUUID } from 'node:crypto';
import { beforeEach, expect, it } from 'vitest';
import {
  asRole,
  describeOnEveryBackend,
  insertItinerary,
  outcome,
  shareToken,
  signUpUser,
  SQLSTATE,
  stopId,
  type TestUser,
} from './harness';

type Stop = { id: string; name: string; lat: number; lng: number };
const stop = (n: number, name: string): Stop => ({
  id: stopId(n),
  name,
  lat: 48.8 + n / 100,
  lng: 2.3,
});
const service = { role: 'service_role' };

describeOnEveryBackend('A driver re-orders what is left', (db) => {
  let alice: TestUser;
  let route: string;
  let other: string;
  let driver: string;
  // Depot, then four deliveries.
  const stops = [
    stop(1, 'Depot'),
    stop(2, 'Pharmacy'),
    stop(3, 'Bakery'),
    stop(4, 'Market'),
    stop(5, 'School'),
  ];

  const version = async (itinerary: string) =>
    (
      await db().admin.query<{ version: string }>(
        `select to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as version
         from public.itineraries where id = $1::uuid`,
        [itinerary],
      )
    )[0].version;

  const orderOf = async (itinerary: string) =>
    (
      await db().admin.query<{ stops: Stop[] }>(
        `select stops from public.itineraries where id = $1::uuid`,
        [itinerary],
      )
    )[0].stops.map((item) => item.id);

  const reorder = async (
    ids: string[],
    options: { token?: string; version?: string | null; times?: unknown } = {},
  ) => {
    const read = options.version === undefined ? await version(route) : options.version;
    const [row] = await asRole(db(), 'service_role', service, (tx) =>
      tx.query<{ outcome: string; saved_version: string | null }>(
        `select outcome, saved_version
         from public.driver_reorder($1, $2::timestamptz, $3::text::jsonb, $4::text::jsonb, $5::text::jsonb)`,
        [
          options.token ?? driver,
          read,
          JSON.stringify(ids),
          JSON.stringify({ total_distance: 1234, total_duration: 567 }),
          JSON.stringify(options.times ?? null),
        ],
      ),
    );
    return row;
  };

  const report = async (stop: string, status = 'delivered') => {
    const [row] = await asRole(db(), 'service_role', service, (tx) =>
      tx.query<{ outcome: string }>(
        `select outcome from public.driver_report($1, $2::text::jsonb)`,
        [
          driver,
          JSON.stringify({ id: randomUUID(), stopId: stop, status, at: new Date().toISOString() }),
        ],
      ),
    );
    return row.outcome;
  };

  beforeEach(async () => {
    alice ??= await signUpUser(db(), 'alice');
    route = await insertItinerary(db(), alice, 'Driver 1', stops);
    other = await insertItinerary(db(), alice, 'Driver 2', [stop(11, 'Depot'), stop(12, 'Zoo')]);
    driver = shareToken();
    await asRole(db(), 'authenticated', alice.claims, (tx) =>
      tx.query(`select public.replace_driver_link($1::uuid, $2)`, [route, driver]),
    );
  });

  it('puts the stops still to do in the order given; the start and the stops done stay put', async () => {
    expect(await report(stopId(3))).toBe('created');
    // Skipped is still to do: it is re-ordered with the others.
    expect(await report(stopId(2), 'skipped')).toBe('created');
    const before = await version(route);
    const row = await reorder([stopId(5), stopId(2), stopId(4)]);
    expect(row.outcome).toBe('reordered');
    expect(await orderOf(route)).toEqual([stopId(1), stopId(5), stopId(3), stopId(2), stopId(4)]);
    expect(await version(route)).not.toBe(before);
    expect(new Date(row.saved_version!).toISOString()).toBe(await version(route));
    const [totals] = await db().admin.query<{ total_distance: number; total_duration: number }>(
      `select total_distance, total_duration from public.itineraries where id = $1::uuid`,
      [route],
    );
    expect(totals).toEqual({ total_distance: 1234, total_duration: 567 });
    // The stops themselves are the same objects, only their order changed.
    const [saved] = await db().admin.query<{ stops: Stop[] }>(
      `select stops from public.itineraries where id = $1::uuid`,
      [route],
    );
    expect([...saved.stops].sort((a, b) => a.id.localeCompare(b.id))).toEqual(stops);
  });

  const scheduleOf = async (itinerary: string) =>
    (
      await db().admin.query<{ version: string; arrivals: unknown }>(
        `select to_char(version at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as version, arrivals
         from public.itinerary_schedules where itinerary_id = $1::uuid`,
        [itinerary],
      )
    )[0];

  it('saves the planned times of the new version while the route has tracking links', async () => {
    const times = Object.fromEntries(
      stops.map((item, index) => [item.id, { arrival: Date.UTC(2026, 2, 2, 8, index * 10) }]),
    );
    // No tracking link: nobody reads the times, none are saved.
    expect((await reorder([stopId(5), stopId(4), stopId(3), stopId(2)], { times })).outcome).toBe(
      'reordered',
    );
    expect(await scheduleOf(route)).toBeUndefined();

    await asRole(db(), 'authenticated', alice.claims, (tx) =>
      tx.query(
        `select * from public.ensure_tracking_links($1::uuid, $2::uuid[], $3::text[], '{}'::jsonb)`,
        [route, [stopId(3)], [shareToken()]],
      ),
    );
    const row = await reorder([stopId(2), stopId(3), stopId(4), stopId(5)], { times });
    expect(row.outcome).toBe('reordered');
    expect(await scheduleOf(route)).toEqual({ version: await version(route), arrivals: times });

    // Revoked: the times stay those of the last version that had links.
    const kept = await scheduleOf(route);
    await asRole(db(), 'authenticated', alice.claims, (tx) =>
      tx.query(
        `update public.stop_tracking_links set revoked_at = now() where itinerary_id = $1::uuid`,
        [route],
      ),
    );
    expect((await reorder([stopId(5), stopId(4), stopId(3), stopId(2)], { times })).outcome).toBe(
      'reordered',
    );
    expect(await scheduleOf(route)).toEqual(kept);
  });

  it('keeps a stop locked first or last first or last of what is left; nothing else moves it', async () => {
    const locked = [
      stop(21, 'Depot'),
      { ...stop(22, 'Pharmacy'), lock: 'first' },
      stop(23, 'Bakery'),
      stop(24, 'Market'),
      { ...stop(25, 'School'), lock: 'last' },
    ];
    const lockedRoute = await insertItinerary(db(), alice, 'Driver 3', locked);
    const lockedDriver = shareToken();
    await asRole(db(), 'authenticated', alice.claims, (tx) =>
      tx.query(`select public.replace_driver_link($1::uuid, $2)`, [lockedRoute, lockedDriver]),
    );
    const orderOfLocked = () => orderOf(lockedRoute);
    const reorderLocked = async (ids: string[]) =>
      reorder(ids, { token: lockedDriver, version: await version(lockedRoute) });

    for (const ids of [
      [stopId(23), stopId(22), stopId(24), stopId(25)], // the first one moved
      [stopId(22), stopId(23), stopId(25), stopId(24)], // the last one moved
      [stopId(25), stopId(24), stopId(23), stopId(22)], // both
    ])
      expect((await reorderLocked(ids)).outcome, ids.join()).toBe('locked');
    // Dropped, added, repeated: refused before the locks are looked at.
    expect((await reorderLocked([stopId(22), stopId(23), stopId(25)])).outcome).toBe('invalid');
    expect(
      (await reorderLocked([stopId(22), stopId(23), stopId(24), stopId(25), stopId(24)])).outcome,
    ).toBe('invalid');
    expect(
      (await reorderLocked([stopId(22), stopId(23), stopId(24), randomUUID(), stopId(25)])).outcome,
    ).toBe('no-stop');
    expect(await orderOfLocked()).toEqual(locked.map((item) => item.id));

    expect((await reorderLocked([stopId(22), stopId(24), stopId(23), stopId(25)])).outcome).toBe(
      'reordered',
    );
    expect(await orderOfLocked()).toEqual([
      stopId(21),
      stopId(22),
      stopId(24),
      stopId(23),
      stopId(25),
    ]);

    // Skipped, the stop locked first is still to do: still first.
    await asRole(db(), 'service_role', service, (tx) =>
      tx.query(`select outcome from public.driver_report($1, $2::text::jsonb)`, [
        lockedDriver,
        JSON.stringify({
          id: randomUUID(),
          stopId: stopId(22),
          status: 'skipped',
          at: new Date().toISOString(),
        }),
      ]),
    );
    expect((await reorderLocked([stopId(23), stopId(22), stopId(24), stopId(25)])).outcome).toBe(
      'locked',
    );
    // Done, it is no longer in the list: the stops left take any order but the last one's.
    await asRole(db(), 'service_role', service, (tx) =>
      tx.query(`select outcome from public.driver_report($1, $2::text::jsonb)`, [
        lockedDriver,
        JSON.stringify({
          id: randomUUID(),
          stopId: stopId(22),
          status: 'delivered',
          at: new Date().toISOString(),
        }),
      ]),
    );
    expect((await reorderLocked([stopId(23), stopId(24), stopId(25)])).outcome).toBe('reordered');
    expect(await orderOfLocked()).toEqual([
      stopId(21),
      stopId(22),
      stopId(23),
      stopId(24),
      stopId(25),
    ]);
    expect((await reorderLocked([stopId(23), stopId(25), stopId(24)])).outcome).toBe('locked');
    expect(await orderOfLocked()).toEqual([
      stopId(21),
      stopId(22),
      stopId(23),
      stopId(24),
      stopId(25),
    ]);
  });

  it('answers changed over another version, and changes nothing', async () => {
    const old = await version(route);
    await db().admin.query(`update public.itineraries set title = 'Edited' where id = $1::uuid`, [
      route,
    ]);
    expect(
      (await reorder([stopId(5), stopId(4), stopId(3), stopId(2)], { version: old })).outcome,
    ).toBe('changed');
    expect(
      (await reorder([stopId(5), stopId(4), stopId(3), stopId(2)], { version: null })).outcome,
    ).toBe('changed');
    expect(await orderOf(route)).toEqual(stops.map((item) => item.id));
  });

  it('takes only a permutation of the stops still to do', async () => {
    expect(await report(stopId(3), 'failed')).toBe('created');
    const cases: [string[], string][] = [
      [[stopId(5), stopId(4)], 'invalid'], // one missing
      [[stopId(5), stopId(4), stopId(2), stopId(2)], 'invalid'], // twice
      [[stopId(1), stopId(5), stopId(4), stopId(2)], 'invalid'], // the start
      [[stopId(5), stopId(4), stopId(2), stopId(3)], 'reported'], // a stop done
      [[stopId(5), stopId(4), stopId(12)], 'no-stop'], // another route's stop
      [[stopId(5), stopId(4), randomUUID()], 'no-stop'],
      [[], 'invalid'],
    ];
    for (const [ids, expected] of cases)
      expect((await reorder(ids)).outcome, ids.join()).toBe(expected);
    expect(await orderOf(route)).toEqual(stops.map((item) => item.id));
    expect(await orderOf(other)).toEqual([stopId(11), stopId(12)]);
  });

  it('answers no-link for a revoked or unknown token', async () => {
    const ids = [stopId(5), stopId(4), stopId(3), stopId(2)];
    expect((await reorder(ids, { token: shareToken() })).outcome).toBe('no-link');
    await asRole(db(), 'authenticated', alice.claims, (tx) =>
      tx.query(`update public.driver_links set revoked_at = now() where itinerary_id = $1::uuid`, [
        route,
      ]),
    );
    expect((await reorder(ids)).outcome).toBe('no-link');
    expect(await orderOf(route)).toEqual(stops.map((item) => item.id));
  });

  it('a report and a re-order happen one after the other: neither is lost', async () => {
    const read = await version(route);
    const [reordered, reported] = await Promise.all([
      reorder([stopId(5), stopId(4), stopId(3), stopId(2)], { version: read }),
      report(stopId(2)),
    ]);
    expect(reported).toBe('created');
    const [kept] = await db().admin.query<{ count: number }>(
      `select count(*)::int as count from public.stop_reports
       where itinerary_id = $1::uuid and stop_id = $2::uuid and status = 'delivered'`,
      [route, stopId(2)],
    );
    expect(kept.count).toBe(1);
    if (reordered.outcome === 'reordered') {
      // The re-order first: the report waited for it, and is saved on the stop in its new place.
      expect(await orderOf(route)).toEqual([stopId(1), stopId(5), stopId(4), stopId(3), stopId(2)]);
    } else {
      // The report first: the re-order found the stop done and changed nothing.
      expect(reordered.outcome).toBe('reported');
      expect(await orderOf(route)).toEqual(stops.map((item) => item.id));
    }
    // A stop reported after the read (the version unchanged) is never re-ordered over.
    expect(await report(stopId(4))).toBe('created');
    expect((await reorder([stopId(5), stopId(4), stopId(3)])).outcome).toBe('reported');
  });

  it('is the api function’s only: anon and the owner cannot call it', async () => {
    for (const [role, claims] of [
      ['anon', { role: 'anon' }],
      ['authenticated', alice.claims],
    ] as const) {
      const attempt = await outcome(
        asRole(db(), role, claims, (tx) =>
          tx.query(
            `select * from public.driver_reorder($1, now(), '[]'::jsonb, '{}'::jsonb, 'null'::jsonb)`,
            [driver],
          ),
        ),
      );
      expect(attempt.code).toBe(SQLSTATE.insufficientPrivilege);
    }
    expect(await orderOf(route)).toEqual(stops.map((item) => item.id));
  });

  it('tells the driver’s page the version it must send back', async () => {
    const [row] = await asRole(db(), 'anon', { role: 'anon' }, (tx) =>
      tx.query<{ version: string }>(`select version from public.driver_route($1)`, [driver]),
    );
    expect(new Date(row.version).toISOString()).toBe(await version(route));
  });
});
