// Tracking links (migration *_stop_tracking_links.sql), attacked: a tracking link reaches the
// database only through tracking_stop, which checks the token and answers one stop's name, state
// and the facts of its window, nothing of the other stops, the driver or the owner; only the owner
// makes, changes, moves and reads their links and their routes' planned times. The delivery's
// photo is named only when the owner shows it and the stop's latest report is a delivery with one.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  asRole,
  asRoleRolledBack,
  describeOnEveryBackend,
  insertItinerary,
  outcome,
  shareToken,
  signUpUser,
  SQLSTATE,
  stopId,
  type TestUser,
} from './harness';

const stops = [
  { id: stopId(51), name: 'Depot', lat: 48.86, lng: 2.35, note: 'Gate code 1234' },
  { id: stopId(52), name: 'Pharmacy', lat: 48.87, lng: 2.34, note: 'Back door' },
  { id: stopId(53), name: 'Bakery', lat: 48.85, lng: 2.36 },
  { id: stopId(54), name: '12 Rue de la Paix', lat: 48.869, lng: 2.331, note: 'Code 9876' },
];
const anonClaims = { role: 'anon' };
const TRACKING_COLUMNS = [
  'contact',
  'last_report_at',
  'last_report_planned_arrival',
  'name',
  'photo_path',
  'planned_arrival',
  'reason',
  'reported_at',
  'started',
  'status',
  'stops_before',
  'window_opens',
];

type Tracked = Record<string, unknown>;

describeOnEveryBackend('Tracking links', (db) => {
  let alice: TestUser;
  let bob: TestUser;
  let route: string;
  let bobsRoute: string;

  const ensure = (owner: TestUser, itinerary: string, ids: string[], options: object = {}) =>
    asRole(db(), 'authenticated', owner.claims, (tx) =>
      tx.query<{ stop_id: string; token: string; show_photo: boolean; contact: string | null }>(
        `select * from public.ensure_tracking_links($1::uuid, $2::uuid[], $3::text[], $4::text::jsonb)`,
        [itinerary, ids, ids.map(() => shareToken()), JSON.stringify(options)],
      ),
    );

  const track = async (token: string): Promise<Tracked[]> =>
    JSON.parse(
      JSON.stringify(
        await asRole(db(), 'anon', anonClaims, (tx) =>
          tx.query(`select * from public.tracking_stop($1)`, [token]),
        ),
      ),
    );

  const driverLink = async (owner: TestUser, itinerary: string) => {
    const made = shareToken();
    await asRole(db(), 'authenticated', owner.claims, (tx) =>
      tx.query(`select public.replace_driver_link($1::uuid, $2)`, [itinerary, made]),
    );
    return made;
  };

  const report = async (token: string, fields: Record<string, unknown>) => {
    const [row] = await asRole(db(), 'service_role', { role: 'service_role' }, (tx) =>
      tx.query<{ outcome: string }>(
        `select outcome from public.driver_report($1, $2::text::jsonb)`,
        [
          token,
          JSON.stringify({
            id: randomUUID(),
            status: 'delivered',
            at: new Date().toISOString(),
            ...fields,
          }),
        ],
      ),
    );
    expect(row.outcome).toBe('created');
  };

  const version = async (itinerary: string) =>
    (
      await db().admin.query<{ version: string }>(
        `select to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as version
         from public.itineraries where id = $1::uuid`,
        [itinerary],
      )
    )[0].version;

  const saveSchedule = (owner: TestUser, itinerary: string, forVersion: string, times: object) =>
    asRole(db(), 'authenticated', owner.claims, (tx) =>
      tx.query(
        `select public.save_itinerary_schedule($1::uuid, $2::timestamptz, $3::text::jsonb)`,
        [itinerary, forVersion, JSON.stringify(times)],
      ),
    );

  const planned = {
    [stopId(51)]: { arrival: Date.parse('2026-03-02T08:00:00Z') },
    [stopId(52)]: { arrival: Date.parse('2026-03-02T08:20:00Z') },
    [stopId(53)]: { arrival: Date.parse('2026-03-02T08:40:00Z') },
    [stopId(54)]: {
      arrival: Date.parse('2026-03-02T08:55:00Z'),
      opens: Date.parse('2026-03-02T09:00:00Z'),
    },
  };

  beforeAll(async () => {
    alice = await signUpUser(db(), 'alice');
    bob = await signUpUser(db(), 'bob');
    route = await insertItinerary(db(), alice, 'Monday round', stops);
    bobsRoute = await insertItinerary(db(), bob, 'Bob’s round', [
      { id: stopId(61), name: 'Market', lat: 45.76, lng: 4.83 },
    ]);
  });

  describe('the owner’s side', () => {
    it('makes one active link per stop, again the same; sets what it shows', async () => {
      const [first] = await ensure(alice, route, [stopId(54)]);
      expect(first).toMatchObject({ stop_id: stopId(54), show_photo: false, contact: null });
      const [again] = await ensure(alice, route, [stopId(54)], {
        showPhoto: true,
        contact: 'Call 555-0100',
      });
      expect(again).toEqual({ ...first, show_photo: true, contact: 'Call 555-0100' });
      const [kept] = await ensure(alice, route, [stopId(54)]);
      expect(kept).toEqual(again);
      const [cleared] = await ensure(alice, route, [stopId(54)], { contact: null });
      expect(cleared.contact).toBeNull();
    });

    it('answers nothing for a stop not on the route, another owner’s route or another owner', async () => {
      expect(await ensure(alice, route, [stopId(61)])).toEqual([]);
      expect(await ensure(alice, bobsRoute, [stopId(61)])).toEqual([]);
      expect(await ensure(bob, route, [stopId(52)])).toEqual([]);
      const [{ count }] = await db().admin.query<{ count: string | number }>(
        `select count(*) from public.stop_tracking_links where user_id = $1::uuid`,
        [bob.id],
      );
      expect(Number(count)).toBe(0);
    });

    it('lets nobody but the owner read, change or move a link, nor anon call the owner’s functions', async () => {
      const [link] = await ensure(alice, route, [stopId(53)]);
      const asBob = (statement: string, params: unknown[] = []) =>
        outcome(
          asRoleRolledBack(db(), 'authenticated', bob.claims, (tx) => tx.query(statement, params)),
        );
      expect(
        (await asBob(`select * from public.stop_tracking_links where token = $1`, [link.token]))
          .rows,
      ).toEqual([]);
      expect(
        (
          await asBob(
            `update public.stop_tracking_links set revoked_at = now(), contact = 'evil' where token = $1 returning token`,
            [link.token],
          )
        ).rows,
      ).toEqual([]);
      // Bob cannot point his own link at Alice's route (the policy's check).
      const [bobs] = await ensure(bob, bobsRoute, [stopId(61)]);
      const repoint = await asBob(
        `update public.stop_tracking_links set itinerary_id = $1::uuid where token = $2 returning token`,
        [route, bobs.token],
      );
      expect(repoint.code).toBe(SQLSTATE.insufficientPrivilege);
      // Nor insert a link on her route.
      const forged = await asBob(
        `insert into public.stop_tracking_links (token, itinerary_id, stop_id, user_id) values ($1, $2::uuid, $3::uuid, $4::uuid)`,
        [shareToken(), route, stopId(52), bob.id],
      );
      expect(forged.code).toBe(SQLSTATE.insufficientPrivilege);
      for (const statement of [
        `select * from public.stop_tracking_links`,
        `select * from public.itinerary_schedules`,
        `select * from public.ensure_tracking_links('${route}'::uuid, array['${stopId(52)}']::uuid[], array['${shareToken()}'], '{}')`,
        `select public.save_itinerary_schedule('${route}'::uuid, now(), '{}')`,
      ]) {
        const result = await outcome(
          asRoleRolledBack(db(), 'anon', anonClaims, (tx) => tx.query(statement)),
        );
        expect(result.code, statement).toBe(SQLSTATE.insufficientPrivilege);
      }
      expect(
        (
          await db().admin.query(`select * from public.stop_tracking_links where token = $1`, [
            link.token,
          ])
        )[0],
      ).toMatchObject({ revoked_at: null, contact: null, itinerary_id: route });
    });

    it('lets nobody but the owner save or read a route’s planned times', async () => {
      const asBob = (statement: string, params: unknown[]) =>
        outcome(
          asRoleRolledBack(db(), 'authenticated', bob.claims, (tx) => tx.query(statement, params)),
        );
      expect(
        (await asBob(`select public.save_itinerary_schedule($1::uuid, now(), '{}')`, [route])).code,
      ).toBe(SQLSTATE.insufficientPrivilege);
      await saveSchedule(alice, route, await version(route), planned);
      expect(
        (
          await asBob(`select * from public.itinerary_schedules where itinerary_id = $1::uuid`, [
            route,
          ])
        ).rows,
      ).toEqual([]);
    });
  });

  describe('the customer’s side (tracking_stop, as anon)', () => {
    let token: string;
    let driver: string;

    beforeAll(async () => {
      [{ token }] = await ensure(alice, route, [stopId(54)], { contact: 'Call 555-0100' });
      driver = await driverLink(alice, route);
      await saveSchedule(alice, route, await version(route), planned);
    });

    it('answers only its own columns: planned, with the stop’s times and the stops to do before it', async () => {
      const rows = await track(token);
      expect(rows).toHaveLength(1);
      expect(Object.keys(rows[0]).sort()).toEqual(TRACKING_COLUMNS);
      expect(rows[0]).toEqual({
        name: '12 Rue de la Paix',
        status: null,
        reported_at: null,
        reason: null,
        contact: null,
        planned_arrival: Date.parse('2026-03-02T08:55:00Z'),
        window_opens: Date.parse('2026-03-02T09:00:00Z'),
        stops_before: 2,
        started: false,
        last_report_at: null,
        last_report_planned_arrival: null,
        photo_path: null,
      });
    });

    it('follows the reports: the stops still before it, the delay, then its own state', async () => {
      await report(driver, {
        stopId: stopId(52),
        at: '2026-03-02T08:35:00Z',
        note: 'Left with the neighbour',
      });
      let [row] = await track(token);
      expect(row).toMatchObject({
        status: null,
        stops_before: 1,
        started: true,
        last_report_at: expect.stringMatching(/^2026-03-02/),
        last_report_planned_arrival: Date.parse('2026-03-02T08:20:00Z'),
      });
      await report(driver, { stopId: stopId(54), status: 'failed', reason: 'nobody-there' });
      [row] = await track(token);
      expect(row).toMatchObject({
        status: 'failed',
        reason: 'nobody-there',
        contact: 'Call 555-0100',
      });
      const text = JSON.stringify(row);
      for (const secret of ['Left with the neighbour', 'Code 9876', 'Pharmacy', alice.id, driver])
        expect(text).not.toContain(secret);
      await report(driver, { stopId: stopId(54), status: 'delivered' });
      [row] = await track(token);
      expect(row).toMatchObject({ status: 'delivered', reason: null, contact: null });
    });

    it('uses the planned times of the route’s current version only', async () => {
      await db().admin.query(
        `update public.itineraries set title = 'Monday round, edited' where id = $1::uuid`,
        [route],
      );
      const [row] = await track(token);
      expect(row).toMatchObject({ planned_arrival: null, last_report_planned_arrival: null });
      // Times of an older version never replace a later one's.
      const current = await version(route);
      await saveSchedule(alice, route, current, planned);
      await saveSchedule(alice, route, '2026-01-01T00:00:00Z', {});
      expect((await track(token))[0].planned_arrival).toBe(Date.parse('2026-03-02T08:55:00Z'));
    });

    it('shows nothing for a guessed, malformed or revoked token, or a stop gone from the route', async () => {
      expect(await track(shareToken())).toEqual([]);
      expect(await track("' or true --")).toEqual([]);
      const [{ token: other }] = await ensure(alice, route, [stopId(53)]);
      expect(await track(other)).toHaveLength(1);
      await asRole(db(), 'authenticated', alice.claims, (tx) =>
        tx.query(
          `update public.stop_tracking_links set revoked_at = now() where token = $1 and revoked_at is null`,
          [other],
        ),
      );
      expect(await track(other)).toEqual([]);
      const [{ token: bakery }] = await ensure(alice, route, [stopId(53)]);
      expect(bakery).not.toBe(other);
      await db().admin.query(
        `update public.itineraries set stops = $2::text::jsonb where id = $1::uuid`,
        [route, JSON.stringify(stops.filter((stop) => stop.id !== stopId(53)))],
      );
      expect(await track(bakery)).toEqual([]);
      expect(await track(token)).toHaveLength(1);
    });
  });

  describe('the delivery’s photo (tracking_stop, as anon)', () => {
    const photoStops = [
      { id: stopId(71), name: 'Depot', lat: 48.86, lng: 2.35 },
      { id: stopId(72), name: 'Florist', lat: 48.87, lng: 2.34 },
      { id: stopId(73), name: 'Bakery', lat: 48.85, lng: 2.36 },
    ];
    let itinerary: string;
    let driver: string;

    /** A report on the stop, with a stored photo when `photo`; the photo's object. */
    const reportWith = async (stop: string, status: string, photo: boolean) => {
      const id = randomUUID();
      await report(driver, {
        id,
        stopId: stop,
        status,
        ...(status === 'failed' ? { reason: 'refused' } : {}),
      });
      if (!photo) return null;
      const objectPath = `${alice.id}/${id}/photo-${'a'.repeat(63)}${stop.slice(-1)}.jpg`;
      await db().admin.query(
        `insert into public.stop_report_proofs
           (report_id, kind, itinerary_id, user_id, object_path, content_type, byte_size, sha256, uploaded_at)
         values ($1::uuid, 'photo', $2::uuid, $3::uuid, $4, 'image/jpeg', 100, $5, now())`,
        [id, itinerary, alice.id, objectPath, 'b'.repeat(64)],
      );
      return objectPath;
    };

    beforeAll(async () => {
      itinerary = await insertItinerary(db(), alice, 'With photos', photoStops);
      driver = await driverLink(alice, itinerary);
    });

    it('names it only when the link shows it and the latest report is a delivery with one', async () => {
      const [shown] = await ensure(alice, itinerary, [stopId(72)], { showPhoto: true });
      const [hidden] = await ensure(alice, itinerary, [stopId(73)]);
      const florist = await reportWith(stopId(72), 'delivered', true);
      await reportWith(stopId(73), 'delivered', true);
      expect((await track(shown.token))[0].photo_path).toBe(florist);
      expect((await track(hidden.token))[0].photo_path).toBeNull();

      // A later report without a photo, or a failed one with a photo, wins: no photo.
      await reportWith(stopId(72), 'delivered', false);
      expect((await track(shown.token))[0].photo_path).toBeNull();
      await reportWith(stopId(72), 'failed', true);
      expect((await track(shown.token))[0].photo_path).toBeNull();
      const again = await reportWith(stopId(72), 'delivered', true);
      expect((await track(shown.token))[0].photo_path).toBe(again);
      // The owner takes it back.
      await ensure(alice, itinerary, [stopId(72)], { showPhoto: false });
      expect((await track(shown.token))[0].photo_path).toBeNull();
    });
  });
});
