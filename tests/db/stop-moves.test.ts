// Moving a stop between two routes (migration *_stop_moves.sql): both saved or neither, only over
// the versions read, only the owner's, never a stop with a report; a report and a move of one stop
// happen one after the other; a report that reaches the old route's link after its stop moved is
// kept on the route that has it now.
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

const anonClaims = { role: 'anon' };
type Stop = { id: string; name: string; lat: number; lng: number };
const stop = (n: number, name: string): Stop => ({
  id: stopId(n),
  name,
  lat: 48.8 + n / 100,
  lng: 2.3,
});

describeOnEveryBackend('Moving a stop between routes', (db) => {
  let alice: TestUser;
  let bob: TestUser;
  let first: string;
  let second: string;
  let driver: string;
  const firstStops = [stop(71, 'Depot'), stop(72, 'Pharmacy'), stop(73, 'Bakery')];
  const secondStops = [stop(81, 'Depot'), stop(82, 'Market')];

  const version = async (itinerary: string) =>
    (
      await db().admin.query<{ version: string }>(
        `select to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as version
         from public.itineraries where id = $1::uuid`,
        [itinerary],
      )
    )[0].version;

  const stopsOf = async (itinerary: string) =>
    (
      await db().admin.query<{ stops: Stop[] }>(
        `select stops from public.itineraries where id = $1::uuid`,
        [itinerary],
      )
    )[0].stops.map((item) => item.id);

  /** The move as the api asks it: stop 73 from the first route to the end of the second. */
  const move = async (
    caller: TestUser,
    options: { stopToMove?: string; versions?: [string | null, string | null] } = {},
  ) => {
    const moving = options.stopToMove ?? stopId(73);
    const [fromVersion, toVersion] = options.versions ?? [
      await version(first),
      await version(second),
    ];
    const routes = [
      {
        id: first,
        version: fromVersion,
        stops: firstStops.filter((item) => item.id !== moving),
        total_distance: 1000,
        total_duration: 100,
      },
      {
        id: second,
        version: toVersion,
        stops: [...secondStops, firstStops.find((item) => item.id === moving)],
        total_distance: 2000,
        total_duration: 200,
      },
    ];
    const [row] = await asRole(db(), 'authenticated', caller.claims, (tx) =>
      tx.query<{ outcome: string; itineraries: Record<string, unknown>[] | null }>(
        `select * from public.move_stop($1::uuid, $2::text::jsonb)`,
        [moving, JSON.stringify(routes)],
      ),
    );
    return row;
  };

  const report = async (token: string, stop: string, id = randomUUID()) => {
    const [row] = await asRole(db(), 'service_role', { role: 'service_role' }, (tx) =>
      tx.query<{ outcome: string; saved: Record<string, unknown> | null }>(
        `select outcome, saved from public.driver_report($1, $2::text::jsonb)`,
        [
          token,
          JSON.stringify({ id, stopId: stop, status: 'delivered', at: new Date().toISOString() }),
        ],
      ),
    );
    return row;
  };

  beforeEach(async () => {
    alice ??= await signUpUser(db(), 'alice');
    bob ??= await signUpUser(db(), 'bob');
    first = await insertItinerary(db(), alice, 'Driver 1', firstStops);
    second = await insertItinerary(db(), alice, 'Driver 2', secondStops);
    driver = shareToken();
    await asRole(db(), 'authenticated', alice.claims, (tx) =>
      tx.query(`select public.replace_driver_link($1::uuid, $2)`, [first, driver]),
    );
  });

  it('saves both routes at once and takes the stop’s tracking link along', async () => {
    const token = shareToken();
    await asRole(db(), 'authenticated', alice.claims, (tx) =>
      tx.query(
        `select * from public.ensure_tracking_links($1::uuid, $2::uuid[], $3::text[], '{}')`,
        [first, [stopId(73)], [token]],
      ),
    );
    const moved = await move(alice);
    expect(moved.outcome).toBe('moved');
    expect(moved.itineraries!.map((row) => row.id)).toEqual([first, second]);
    expect(JSON.stringify(moved.itineraries)).not.toContain(alice.id);
    expect(await stopsOf(first)).toEqual([stopId(71), stopId(72)]);
    expect(await stopsOf(second)).toEqual([stopId(81), stopId(82), stopId(73)]);
    const [link] = await db().admin.query(
      `select itinerary_id from public.stop_tracking_links where token = $1`,
      [token],
    );
    expect(link.itinerary_id).toBe(second);
  });

  it('saves neither when a route changed since it was read, or the stop has a report', async () => {
    const stale = await version(second);
    await db().admin.query(
      `update public.itineraries set title = 'Driver 2, edited' where id = $1::uuid`,
      [second],
    );
    expect((await move(alice, { versions: [await version(first), stale] })).outcome).toBe(
      'changed',
    );
    // A route without a version read is a route not read: saved over nothing.
    for (const versions of [
      [null, await version(second)],
      [await version(first), null],
    ] as [string | null, string | null][])
      expect((await move(alice, { versions })).outcome).toBe('changed');
    expect((await report(driver, stopId(73))).outcome).toBe('created');
    expect((await move(alice)).outcome).toBe('reported');
    expect(await stopsOf(first)).toEqual(firstStops.map((item) => item.id));
    expect(await stopsOf(second)).toEqual(secondStops.map((item) => item.id));
  });

  it('moves nothing of another owner’s, nor for anon', async () => {
    expect((await move(bob)).outcome).toBe('missing');
    const anon = await outcome(
      asRole(db(), 'anon', anonClaims, (tx) =>
        tx.query(`select * from public.move_stop($1::uuid, '[]')`, [stopId(73)]),
      ),
    );
    expect(anon.code).toBe(SQLSTATE.insufficientPrivilege);
    const bobs = await insertItinerary(db(), bob, 'Bob', [stop(91, 'Bob’s depot')]);
    const [row] = await asRole(db(), 'authenticated', alice.claims, (tx) =>
      tx.query<{ outcome: string }>(`select * from public.move_stop($1::uuid, $2::text::jsonb)`, [
        stopId(73),
        JSON.stringify([
          {
            id: first,
            version: '2000-01-01T00:00:00Z',
            stops: [],
            total_distance: 0,
            total_duration: 0,
          },
          {
            id: bobs,
            version: '2000-01-01T00:00:00Z',
            stops: [],
            total_distance: 0,
            total_duration: 0,
          },
        ]),
      ]),
    );
    expect(row.outcome).toBe('missing');
    expect(await stopsOf(first)).toEqual(firstStops.map((item) => item.id));
  });

  it('keeps a report that reaches the old route’s link after its stop moved, on the stop’s new route', async () => {
    expect((await move(alice)).outcome).toBe('moved');
    const id = randomUUID();
    const late = await report(driver, stopId(73), id);
    expect(late.outcome).toBe('created');
    const [saved] = await db().admin.query(
      `select itinerary_id from public.stop_reports where id = $1::uuid`,
      [id],
    );
    expect(saved.itinerary_id).toBe(second);
    expect(await report(driver, stopId(73), id)).toEqual({ ...late, outcome: 'replayed' });
    // A stop that was never on the link's route stays refused.
    expect((await report(driver, stopId(82))).outcome).toBe('no-stop');
  });

  it('a late report and a move between the same two routes never wait for each other', async () => {
    // Two transactions at once: a real Postgres only (PGlite runs one at a time).
    if (!db().url) return;
    expect((await move(alice)).outcome).toBe('moved');
    // A move locks both its routes in id order: here the second route is held (the first of the
    // two when its id is the lower), while the late report (through the first route's link,
    // following stop 73 to the second) is on its way; then the move takes the first route.
    const reported = await db().transaction(async (tx) => {
      await tx.query(`select 1 from public.itineraries where id = $1::uuid for update`, [second]);
      const late = report(driver, stopId(73)).catch((error: { code?: string }) => ({
        outcome: error.code ?? String(error),
      }));
      for (let tries = 0; tries < 100; tries++) {
        const [{ waiting }] = await tx.query<{ waiting: number }>(
          `select count(*)::int as waiting from pg_locks where not granted`,
        );
        if (waiting > 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await tx.query(`select 1 from public.itineraries where id = $1::uuid for update`, [first]);
      // Not awaited here: the report waits for this transaction to end.
      return { late };
    });
    expect((await reported.late).outcome).toBe('created');
  });

  it('orders a report and a move of the same stop: one of them wins, nothing is lost', async () => {
    const results = await Promise.all([move(alice), report(driver, stopId(73))]);
    const [moved, reported] = results;
    expect(reported.outcome).toBe('created');
    const [saved] = await db().admin.query<{ itinerary_id: string }>(
      `select itinerary_id from public.stop_reports
       where stop_id = $1::uuid and itinerary_id in ($2::uuid, $3::uuid)`,
      [stopId(73), first, second],
    );
    if (moved.outcome === 'moved') expect(saved.itinerary_id).toBe(second);
    else {
      expect(moved.outcome).toBe('reported');
      expect(saved.itinerary_id).toBe(first);
    }
  });
});
