// Driver links and stop reports (migration *_driver_links_and_stop_reports.sql), attacked: a
// driver link reaches the database only through driver_route (anon) and driver_report (the `api`
// function only, as service_role, after its own checks), which check the token and take reports
// for that route's stops only; the owner reads the reports of their routes
// and nobody reads another owner's; nobody writes a report but through a link.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { localKeys } from '../../supabase/local/settings.mjs';
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
  { id: stopId(31), name: 'Depot', lat: 48.86, lng: 2.35, note: 'Gate code 1234' },
  { id: stopId(32), name: 'Pharmacy', lat: 48.87, lng: 2.34 },
  { id: stopId(33), name: 'Bakery', lat: 48.85, lng: 2.36 },
];
const anonClaims = { role: 'anon' };
const serviceClaims = { role: 'service_role' };
const now = () => new Date().toISOString();

type Outcome = {
  outcome: string;
  saved: Record<string, unknown> | null;
};

describeOnEveryBackend('Driver links and stop reports', (db) => {
  let alice: TestUser;
  let bob: TestUser;
  let route: string;
  let token: string;
  let bobsRoute: string;
  let bobsToken: string;

  /** Makes a new driver link as the owner, the way the api does (replace_driver_link). */
  const newLink = async (owner: TestUser, itinerary: string) => {
    const made = shareToken();
    const [row] = await asRole(db(), 'authenticated', owner.claims, (tx) =>
      tx.query<{ replaced: boolean }>(
        `select public.replace_driver_link($1::uuid, $2) as replaced`,
        [itinerary, made],
      ),
    );
    expect(row.replaced).toBe(true);
    return made;
  };

  const report = (linkToken: string, fields: Record<string, unknown>) =>
    asRole(db(), 'service_role', serviceClaims, (tx) =>
      tx.query<Outcome>(`select outcome, saved from public.driver_report($1, $2::text::jsonb)`, [
        linkToken,
        JSON.stringify({
          id: randomUUID(),
          stopId: stopId(32),
          status: 'delivered',
          at: now(),
          ...fields,
        }),
      ]),
    );

  const driverRoute = (linkToken: string) =>
    asRole(db(), 'anon', anonClaims, (tx) =>
      tx.query(`select * from public.driver_route($1)`, [linkToken]),
    );

  /** Every report, as the admin sees it: compare before and after an attack. */
  const everyReport = () =>
    db()
      .admin.query(`select * from public.stop_reports order by id`)
      .then((rows) => JSON.parse(JSON.stringify(rows)));

  /** An error for lack of privilege, or nothing read or changed (no row, or a false answer). */
  const refused = (result: { code: string; rows?: Record<string, unknown>[] }) =>
    result.code === SQLSTATE.insufficientPrivilege ||
    (result.code === 'ok' &&
      (result.rows!.length === 0 ||
        (result.rows!.length === 1 && result.rows![0].replaced === false)));

  const reportCount = async (id: string) =>
    (
      await db().admin.query<{ count: string | number }>(
        `select count(*) from public.stop_reports where id = $1::uuid`,
        [id],
      )
    )[0].count;

  beforeAll(async () => {
    alice = await signUpUser(db(), 'alice');
    bob = await signUpUser(db(), 'bob');
    route = await insertItinerary(db(), alice, 'Monday round', stops);
    token = await newLink(alice, route);
    bobsRoute = await insertItinerary(db(), bob, 'Bob’s round', [
      { id: stopId(41), name: 'Market', lat: 45.76, lng: 4.83 },
    ]);
    bobsToken = await newLink(bob, bobsRoute);
  });

  describe('the driver’s side (the token functions)', () => {
    it('shows the route behind a link: title, stops with their notes, plan, reports; nothing else', async () => {
      const rows = await driverRoute(token);
      expect(rows).toHaveLength(1);
      expect(Object.keys(rows[0]).sort()).toEqual([
        'day_plan',
        'reports',
        'stops',
        'title',
        'version',
      ]);
      expect(rows[0]).toMatchObject({ title: 'Monday round', stops });
      expect(JSON.stringify(rows)).not.toContain(alice.id);
    });

    it('shows nothing for a guessed token, a malformed one or a revoked one', async () => {
      expect(await driverRoute(shareToken())).toEqual([]);
      expect(await driverRoute("' or true --")).toEqual([]);
      const old = await newLink(alice, route);
      token = await newLink(alice, route);
      expect(await driverRoute(old)).toEqual([]);
      expect(await driverRoute(token)).toHaveLength(1);
    });

    it('saves a report once per id: the same id again answers the first report', async () => {
      const id = randomUUID();
      const [first] = await report(token, { id, status: 'failed', reason: 'nobody-there' });
      expect(first.outcome).toBe('created');
      expect(first.saved).toMatchObject({ id, stop_id: stopId(32), status: 'failed' });
      expect(Object.keys(first.saved!)).not.toContain('user_id');
      const [again] = await report(token, { id, status: 'delivered' });
      expect(again).toEqual({ ...first, outcome: 'replayed' });
      expect(Number(await reportCount(id))).toBe(1);
    });

    it('refuses a stop of another route, and says nothing about another route’s report id', async () => {
      expect((await report(token, { stopId: stopId(41) }))[0]).toEqual({
        outcome: 'no-stop',
        saved: null,
      });
      const [bobs] = await report(bobsToken, { stopId: stopId(41), note: 'Bob’s secret' });
      expect(bobs.outcome).toBe('created');
      const [reused] = await report(token, { id: bobs.saved!.id, stopId: stopId(32) });
      expect(reused).toEqual({ outcome: 'conflict', saved: null });
    });

    it('takes nothing through a revoked, guessed or malformed token', async () => {
      const old = token;
      token = await newLink(alice, route);
      for (const wrong of [old, shareToken(), '', "x' or '1'='1"]) {
        const id = randomUUID();
        expect((await report(wrong, { id }))[0]).toEqual({ outcome: 'no-link', saved: null });
        expect(Number(await reportCount(id))).toBe(0);
      }
    });

    it('measures the distance from the stop and marks a report over 200 m away', async () => {
      const near = await report(token, { position: { lat: 48.8701, lng: 2.34, accuracy: 12 } });
      expect(near[0].saved).toMatchObject({ far_from_stop: false, accuracy: 12 });
      expect(Number(near[0].saved!.distance)).toBeCloseTo(11.1, 0);
      const far = await report(token, { position: { lat: 48.872, lng: 2.34, accuracy: 5 } });
      expect(far[0].saved).toMatchObject({ far_from_stop: true });
      expect(Number(far[0].saved!.distance)).toBeCloseTo(222.4, 0);
      const none = await report(token, {});
      expect(none[0].saved).toMatchObject({ distance: null, far_from_stop: false });
    });

    it('refuses what the table does not hold: a time over a day ahead, a reason for a delivery, a status or reason off the list', async () => {
      const tomorrow = new Date(Date.now() + 25 * 3600 * 1000).toISOString();
      for (const fields of [
        { at: tomorrow },
        { status: 'delivered', reason: 'refused' },
        { status: 'lost' },
        { status: 'failed', reason: 'dog' },
        { note: 'n'.repeat(1001) },
        { position: { lat: 91, lng: 2, accuracy: 1 } },
      ]) {
        const result = await outcome(report(token, fields));
        expect(result.code, JSON.stringify(fields)).toBe(SQLSTATE.checkViolation);
      }
    });

    it('cannot call the owner’s function nor read or write the tables', async () => {
      const before = await everyReport();
      for (const statement of [
        `select public.replace_driver_link('${route}'::uuid, '${shareToken()}') as replaced`,
        `select * from public.stop_reports`,
        `select * from public.driver_links`,
        `select * from public.stop_reports_ranked`,
        `select * from public.itinerary_report_counts`,
        `insert into public.stop_reports (id, itinerary_id, user_id, stop_id, status, reported_at)
           values (gen_random_uuid(), '${route}', '${alice.id}', '${stopId(32)}', 'delivered', now())`,
        `update public.driver_links set revoked_at = now() returning token`,
        // Not even with a working link: reports come only through the api (its checks, its
        // rate limit per link).
        `select * from public.driver_report('${token}', '${JSON.stringify({
          id: randomUUID(),
          stopId: stopId(32),
          status: 'delivered',
          at: now(),
        })}'::jsonb)`,
      ]) {
        const result = await outcome(asRole(db(), 'anon', anonClaims, (tx) => tx.query(statement)));
        expect(refused(result), `${statement}: ${JSON.stringify(result)}`).toBe(true);
      }
      expect(await everyReport()).toEqual(before);
      expect(await driverRoute(token)).toHaveLength(1);
    });

    it('holds through the Data API with the anon key', async () => {
      const rpc = (name: string, body: unknown) =>
        db().fetch(
          new Request(`http://localhost/rest/v1/rpc/${name}`, {
            method: 'POST',
            headers: { apikey: localKeys.publishableKey, 'content-type': 'application/json' },
            body: JSON.stringify(body),
          }),
        );
      const shown = await rpc('driver_route', { driver_token: token });
      expect(shown.status).toBe(200);
      expect(await shown.json()).toMatchObject([{ title: 'Monday round' }]);
      const id = randomUUID();
      const saved = await rpc('driver_report', {
        driver_token: token,
        report: { id, stopId: stopId(33), status: 'skipped', at: now() },
      });
      expect(saved.ok).toBe(false);
      expect(Number(await reportCount(id))).toBe(0);
      expect(await (await rpc('driver_route', { driver_token: shareToken() })).json()).toEqual([]);
      const table = await db().fetch(
        new Request('http://localhost/rest/v1/stop_reports?select=*', {
          headers: { apikey: localKeys.publishableKey },
        }),
      );
      // Refused, or nothing: anon has no policy on the table.
      expect(table.status === 200 ? await table.json() : []).toEqual([]);
    });
  });

  describe('the owner’s side (row-level security)', () => {
    it('the owner reads the reports of their routes, and nobody else’s', async () => {
      const mine = await asRole(db(), 'authenticated', alice.claims, (tx) =>
        tx.query<{ itinerary_id: string; note: string | null }>(
          `select itinerary_id, note from public.stop_reports`,
        ),
      );
      expect(mine.length).toBeGreaterThan(0);
      expect(new Set(mine.map((row) => row.itinerary_id))).toEqual(new Set([route]));
      expect(JSON.stringify(mine)).not.toContain('Bob’s secret');
      const ranked = await asRole(db(), 'authenticated', alice.claims, (tx) =>
        tx.query(`select * from public.stop_reports_ranked where itinerary_id = $1::uuid`, [
          bobsRoute,
        ]),
      );
      expect(ranked).toEqual([]);
    });

    it('nobody writes, changes or deletes a report but through a link: not even the owner', async () => {
      const before = await everyReport();
      for (const statement of [
        `insert into public.stop_reports (id, itinerary_id, user_id, stop_id, status, reported_at)
           values (gen_random_uuid(), '${route}', '${alice.id}', '${stopId(32)}', 'delivered', now())`,
        `update public.stop_reports set status = 'delivered', note = 'forged'`,
        `delete from public.stop_reports`,
        `select * from public.driver_report('${token}', '${JSON.stringify({
          id: randomUUID(),
          stopId: stopId(32),
          status: 'delivered',
          at: now(),
        })}'::jsonb)`,
      ]) {
        const result = await outcome(
          asRole(db(), 'authenticated', alice.claims, (tx) => tx.query(statement)),
        );
        // Refused by a missing privilege (the migration's grants), or by row-level security (no
        // policy for it) where the local Data API has granted every table to the API roles.
        expect(refused(result), statement).toBe(true);
      }
      expect(await everyReport()).toEqual(before);
    });

    it('another user cannot make, read or revoke a link of the owner’s route', async () => {
      const made = await asRoleRolledBack(db(), 'authenticated', bob.claims, (tx) =>
        tx.query<{ replaced: boolean }>(
          `select public.replace_driver_link($1::uuid, $2) as replaced`,
          [route, shareToken()],
        ),
      );
      expect(made).toEqual([{ replaced: false }]);
      const attempts = await asRoleRolledBack(db(), 'authenticated', bob.claims, async (tx) => ({
        read: await tx.query(
          `select token from public.driver_links where itinerary_id = $1::uuid`,
          [route],
        ),
        revoked: await tx.query(
          `update public.driver_links set revoked_at = now() where itinerary_id = $1::uuid returning token`,
          [route],
        ),
      }));
      expect(attempts).toEqual({ read: [], revoked: [] });
      const forged = await outcome(
        asRoleRolledBack(db(), 'authenticated', bob.claims, (tx) =>
          tx.query(
            `insert into public.driver_links (token, itinerary_id, user_id) values ($1, $2::uuid, $3::uuid)`,
            [shareToken(), route, bob.id],
          ),
        ),
      );
      expect(forged.code).toBe(SQLSTATE.insufficientPrivilege);
      expect(await driverRoute(token)).toHaveLength(1);
    });

    it('a link cannot be repointed at another route', async () => {
      const result = await outcome(
        asRoleRolledBack(db(), 'authenticated', alice.claims, (tx) =>
          tx.query(`update public.driver_links set itinerary_id = $1::uuid where token = $2`, [
            bobsRoute,
            token,
          ]),
        ),
      );
      expect(result.code).toBe(SQLSTATE.insufficientPrivilege);
    });
  });

  describe('the latest report wins; the counts', () => {
    it('a correction wins by the device’s time, the earlier report stays; a removed stop stops counting', async () => {
      const owner = await signUpUser(db(), 'counts');
      const round = await insertItinerary(db(), owner, 'Counted', stops);
      const link = await newLink(owner, round);
      const at = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
      await report(link, { stopId: stopId(31), status: 'delivered', at: at(30) });
      await report(link, { stopId: stopId(32), status: 'failed', at: at(20) });
      // A correction made later on the device, and one made earlier that arrives last.
      await report(link, { stopId: stopId(32), status: 'delivered', at: at(10) });
      await report(link, { stopId: stopId(33), status: 'skipped', at: at(5) });
      await report(link, { stopId: stopId(33), status: 'failed', at: at(15) });

      const counts = () =>
        asRole(db(), 'authenticated', owner.claims, (tx) =>
          tx.query(
            `select stops, delivered, failed, skipped from public.itinerary_report_counts where itinerary_id = $1::uuid`,
            [round],
          ),
        );
      const numbers = (rows: Record<string, unknown>[]) =>
        rows.map((row) => [row.stops, row.delivered, row.failed, row.skipped].map(Number));
      // Stop 1 (31) is the start: its report is ranked, not counted.
      expect(numbers(await counts())).toEqual([[2, 1, 0, 1]]);
      const ranked = await asRole(db(), 'authenticated', owner.claims, (tx) =>
        tx.query<{ stop_id: string; status: string; rank: string | number }>(
          `select stop_id, status, rank from public.stop_reports_ranked where itinerary_id = $1::uuid order by stop_id, rank`,
          [round],
        ),
      );
      expect(ranked.map((row) => [row.stop_id, row.status, Number(row.rank)])).toEqual([
        [stopId(31), 'delivered', 1],
        [stopId(32), 'delivered', 1],
        [stopId(32), 'failed', 2],
        [stopId(33), 'skipped', 1],
        [stopId(33), 'failed', 2],
      ]);

      await db().admin.query(
        `update public.itineraries set stops = $1::text::jsonb where id = $2::uuid`,
        [JSON.stringify(stops.slice(1)), round],
      );
      // 32 is the start now.
      expect(numbers(await counts())).toEqual([[1, 0, 0, 1]]);
      expect(
        await asRole(db(), 'authenticated', alice.claims, (tx) =>
          tx.query(`select * from public.itinerary_report_counts where itinerary_id = $1::uuid`, [
            round,
          ]),
        ),
      ).toEqual([]);
    });
  });

  describe('deletion', () => {
    it('a route’s links and reports go with it; an account’s with it', async () => {
      const owner = await signUpUser(db(), 'leaving');
      const round = await insertItinerary(db(), owner, 'Going away', stops);
      const link = await newLink(owner, round);
      await report(link, { stopId: stopId(31) });
      await asRole(db(), 'authenticated', owner.claims, (tx) =>
        tx.query(`delete from public.itineraries where id = $1::uuid`, [round]),
      );
      const left = async () =>
        db().admin.query<{ links: string | number; reports: string | number }>(
          `select (select count(*) from public.driver_links where user_id = $1::uuid) as links,
                  (select count(*) from public.stop_reports where user_id = $1::uuid) as reports`,
          [owner.id],
        );
      expect((await left()).map((row) => [Number(row.links), Number(row.reports)])).toEqual([
        [0, 0],
      ]);

      const other = await insertItinerary(db(), owner, 'Another', stops);
      await report(await newLink(owner, other), { stopId: stopId(33) });
      await asRole(db(), 'authenticated', owner.claims, (tx) =>
        tx.query(`select public.delete_own_account()`),
      );
      expect((await left()).map((row) => [Number(row.links), Number(row.reports)])).toEqual([
        [0, 0],
      ]);
    });
  });
});
