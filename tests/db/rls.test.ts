// The attacks row-level security must stop: another user's rows, the anonymous role,
// forged JWT claims. Every attack is followed by a check, as the superuser, that the
// victim's data is exactly as it was.
import { randomUUID } from 'node:crypto';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  SQLSTATE,
  asRole,
  asRoleRolledBack,
  describeOnEveryBackend,
  insertItinerary,
  insertShare,
  outcome,
  sampleStops,
  shareToken,
  signUpUser,
  snapshotOf,
  userClaims,
  type TestUser,
} from './harness';

describeOnEveryBackend('Row-level security', (db) => {
  let alice: TestUser;
  let bob: TestUser;
  let aliceTrip: string;
  let aliceUnsharedTrip: string;
  let aliceToken: string;
  let revokedToken: string;
  let deletedItineraryToken: string;
  let bobTrip: string;
  let bobToken: string;

  beforeAll(async () => {
    // Users come from the real Auth API, so the claims are those of an issued access token.
    alice = await signUpUser(db(), 'alice');
    bob = await signUpUser(db(), 'bob');
    aliceTrip = await insertItinerary(db(), alice, 'Alice: Manhattan deliveries');
    aliceUnsharedTrip = await insertItinerary(db(), alice, 'Alice: private trip');
    aliceToken = await insertShare(db(), alice, aliceTrip);
    const revokedTrip = await insertItinerary(db(), alice, 'Alice: no longer shared');
    revokedToken = await insertShare(db(), alice, revokedTrip);
    await db().admin.query(
      `update public.itinerary_shares set revoked_at = now() where token = $1`,
      [revokedToken],
    );
    const deletedTrip = await insertItinerary(db(), alice, 'Alice: deleted');
    deletedItineraryToken = await insertShare(db(), alice, deletedTrip);
    await db().admin.query(`delete from public.itineraries where id = $1::uuid`, [deletedTrip]);
    bobTrip = await insertItinerary(db(), bob, 'Bob: errands');
    bobToken = await insertShare(db(), bob, bobTrip);
  });

  it('issues access tokens whose claims name the user and the authenticated role', () => {
    expect(alice.claims).toMatchObject({ sub: alice.id, role: 'authenticated' });
  });

  describe('owners (controls: the attacks below fail for the right reason)', () => {
    it('an owner reads, updates and shares their own itineraries', async () => {
      const mine = await asRole(db(), 'authenticated', alice.claims, (tx) =>
        tx.query<{ user_id: string }>(`select user_id from public.itineraries`),
      );
      expect(mine.length).toBe(3);
      expect(mine.every((row) => row.user_id === alice.id)).toBe(true);
      const shares = await asRole(db(), 'authenticated', alice.claims, (tx) =>
        tx.query<{ token: string }>(`select token from public.itinerary_shares order by token`),
      );
      expect(shares.map((s) => s.token).sort()).toEqual([aliceToken, revokedToken].sort());

      const updated = await asRoleRolledBack(db(), 'authenticated', alice.claims, (tx) =>
        tx.query(
          `update public.itineraries set title = 'Renamed' where id = $1::uuid returning id`,
          [aliceTrip],
        ),
      );
      expect(updated).toHaveLength(1);
      const shared = await asRoleRolledBack(db(), 'authenticated', alice.claims, (tx) =>
        tx.query(
          `insert into public.itinerary_shares (token, itinerary_id) values ($1, $2::uuid) returning user_id`,
          [shareToken(), aliceUnsharedTrip],
        ),
      );
      expect(shared).toEqual([{ user_id: alice.id }]);
    });

    it('an owner creates an itinerary whose user_id defaults to themselves', async () => {
      const created = await asRoleRolledBack(db(), 'authenticated', alice.claims, (tx) =>
        tx.query(
          `insert into public.itineraries (title, stops) values ('New Route', '[]') returning user_id`,
        ),
      );
      expect(created).toEqual([{ user_id: alice.id }]);
    });
  });

  describe('another signed-in user', () => {
    let aliceBefore: unknown;
    let bobBefore: unknown;
    beforeEach(async () => {
      aliceBefore = await snapshotOf(db(), alice);
      bobBefore = await snapshotOf(db(), bob);
    });
    afterEach(async () => {
      expect(await snapshotOf(db(), alice)).toEqual(aliceBefore);
      expect(await snapshotOf(db(), bob)).toEqual(bobBefore);
    });

    it("cannot see the other user's itineraries, by id or in a full listing", async () => {
      const byId = await asRole(db(), 'authenticated', bob.claims, (tx) =>
        tx.query(`select * from public.itineraries where id = $1::uuid`, [aliceTrip]),
      );
      expect(byId).toEqual([]);
      const all = await asRole(db(), 'authenticated', bob.claims, (tx) =>
        tx.query<{ id: string }>(`select id from public.itineraries`),
      );
      expect(all.map((row) => row.id)).toEqual([bobTrip]);
    });

    it("cannot update the other user's itinerary", async () => {
      const rows = await asRole(db(), 'authenticated', bob.claims, (tx) =>
        tx.query(
          `update public.itineraries set title = 'pwned', stops = '[]' where id = $1::uuid returning id`,
          [aliceTrip],
        ),
      );
      expect(rows).toEqual([]);
    });

    it("cannot delete the other user's itinerary", async () => {
      const rows = await asRole(db(), 'authenticated', bob.claims, (tx) =>
        tx.query(
          `delete from public.itineraries where id = $1::uuid or user_id = $2::uuid returning id`,
          [aliceTrip, alice.id],
        ),
      );
      expect(rows).toEqual([]);
    });

    it('cannot insert an itinerary owned by the other user', async () => {
      const result = await outcome(
        asRole(db(), 'authenticated', bob.claims, (tx) =>
          tx.query(
            `insert into public.itineraries (user_id, title) values ($1::uuid, 'planted') returning id`,
            [alice.id],
          ),
        ),
      );
      expect(result.code).toBe(SQLSTATE.insufficientPrivilege);
    });

    it('cannot hand their own itinerary over to the other user', async () => {
      const result = await outcome(
        asRole(db(), 'authenticated', bob.claims, (tx) =>
          tx.query(
            `update public.itineraries set user_id = $1::uuid where id = $2::uuid returning id`,
            [alice.id, bobTrip],
          ),
        ),
      );
      expect(result.code).toBe(SQLSTATE.insufficientPrivilege);
    });

    it("cannot create a share for the other user's itinerary, under either owner", async () => {
      for (const owner of [bob, alice]) {
        const result = await outcome(
          asRole(db(), 'authenticated', bob.claims, (tx) =>
            tx.query(
              `insert into public.itinerary_shares (token, itinerary_id, user_id) values ($1, $2::uuid, $3::uuid) returning token`,
              [shareToken(), aliceUnsharedTrip, owner.id],
            ),
          ),
        );
        expect(result.code).toBe(SQLSTATE.insufficientPrivilege);
      }
    });

    it("cannot read the other user's shares", async () => {
      const rows = await asRole(db(), 'authenticated', bob.claims, (tx) =>
        tx.query<{ token: string }>(`select token from public.itinerary_shares`),
      );
      expect(rows.map((row) => row.token)).toEqual([bobToken]);
      const byToken = await asRole(db(), 'authenticated', bob.claims, (tx) =>
        tx.query(
          `select * from public.itinerary_shares where token = $1 or itinerary_id = $2::uuid`,
          [aliceToken, aliceTrip],
        ),
      );
      expect(byToken).toEqual([]);
    });

    it("cannot revoke, un-revoke or delete the other user's shares", async () => {
      const revoked = await asRole(db(), 'authenticated', bob.claims, (tx) =>
        tx.query(
          `update public.itinerary_shares set revoked_at = now() where token = $1 returning token`,
          [aliceToken],
        ),
      );
      expect(revoked).toEqual([]);
      const restored = await asRole(db(), 'authenticated', bob.claims, (tx) =>
        tx.query(
          `update public.itinerary_shares set revoked_at = null where token = $1 returning token`,
          [revokedToken],
        ),
      );
      expect(restored).toEqual([]);
      const deleted = await asRole(db(), 'authenticated', bob.claims, (tx) =>
        tx.query(`delete from public.itinerary_shares where user_id = $1::uuid returning token`, [
          alice.id,
        ]),
      );
      expect(deleted).toEqual([]);
    });

    // KNOWN HOLE in 20261122000000_itineraries_and_shares.sql: the policy "Owners can revoke
    // their shares" checks only share.user_id, so a user may point their own share at any
    // itinerary id they learn and then read it through get_shared_route. Remove `.fails`
    // once the update policy (or a column grant) stops itinerary_id from changing.
    it("cannot repoint their own share at the other user's itinerary to read it", async () => {
      const leaked = await asRoleRolledBack(db(), 'authenticated', bob.claims, async (tx) => {
        const moved = await tx.query(
          `update public.itinerary_shares set itinerary_id = $1::uuid where token = $2 returning token`,
          [aliceUnsharedTrip, bobToken],
        );
        const view = await tx.query<{ title: string }>(
          `select title from public.get_shared_route($1)`,
          [bobToken],
        );
        return { moved: moved.length, titles: view.map((row) => row.title) };
      }).catch((error: { code?: string }) => ({ moved: 0, titles: [], code: error.code }));
      expect(leaked.titles).not.toContain('Alice: private trip');
      expect(leaked.moved).toBe(0);
    });
  });

  describe('the anonymous role', () => {
    let aliceBefore: unknown;
    beforeEach(async () => {
      aliceBefore = await snapshotOf(db(), alice);
    });
    afterEach(async () => {
      expect(await snapshotOf(db(), alice)).toEqual(aliceBefore);
    });

    const anonClaims = { role: 'anon' };

    it.each([
      ['select itineraries', `select * from public.itineraries`],
      ['select shares', `select * from public.itinerary_shares`],
      [
        'insert an itinerary',
        `insert into public.itineraries (user_id, title) values ('${randomUUID()}', 'x') returning id`,
      ],
      [
        'insert a share',
        `insert into public.itinerary_shares (token, itinerary_id, user_id) values ('${'a'.repeat(22)}', '${randomUUID()}', '${randomUUID()}') returning token`,
      ],
      ['update itineraries', `update public.itineraries set title = 'pwned' returning id`],
      ['update shares', `update public.itinerary_shares set revoked_at = null returning token`],
      ['delete itineraries', `delete from public.itineraries returning id`],
      ['delete shares', `delete from public.itinerary_shares returning token`],
    ])('is refused: %s', async (_, statement) => {
      const result = await outcome(asRole(db(), 'anon', anonClaims, (tx) => tx.query(statement)));
      expect(result.code).toBe(SQLSTATE.insufficientPrivilege);
    });

    it('is refused even when the claims carry the victim as sub', async () => {
      const result = await outcome(
        asRole(db(), 'anon', { ...alice.claims, role: 'anon' }, (tx) =>
          tx.query(`select * from public.itineraries`),
        ),
      );
      expect(result.code).toBe(SQLSTATE.insufficientPrivilege);
    });

    it('reads a shared route by its token: title, stops and day plan, nothing else', async () => {
      const rows = await asRole(db(), 'anon', anonClaims, (tx) =>
        tx.query(`select * from public.get_shared_route($1)`, [aliceToken]),
      );
      expect(rows).toEqual([
        { title: 'Alice: Manhattan deliveries', stops: sampleStops, day_plan: null },
      ]);
      expect(Object.keys(rows[0]).sort()).toEqual(['day_plan', 'stops', 'title']);
    });

    it.each([
      ['a wrong token', () => shareToken()],
      [
        'a token differing by case',
        () =>
          aliceToken.toUpperCase() === aliceToken
            ? aliceToken.toLowerCase()
            : aliceToken.toUpperCase(),
      ],
      ['a prefix of a valid token', () => aliceToken.slice(0, -1)],
      ['a pattern instead of a token', () => '%'],
      ['an empty token', () => ''],
      ['a revoked token', () => revokedToken],
      ['the token of a deleted itinerary', () => deletedItineraryToken],
    ])('gets nothing for %s', async (_, token) => {
      const rows = await asRole(db(), 'anon', anonClaims, (tx) =>
        tx.query(`select * from public.get_shared_route($1)`, [token()]),
      );
      expect(rows).toEqual([]);
    });

    it('gets nothing for a null token', async () => {
      const rows = await asRole(db(), 'anon', anonClaims, (tx) =>
        tx.query(`select * from public.get_shared_route(null)`),
      );
      expect(rows).toEqual([]);
    });

    it('a share deleted with its itinerary is gone from the table too', async () => {
      const rows = await db().admin.query(
        `select 1 from public.itinerary_shares where token = $1`,
        [deletedItineraryToken],
      );
      expect(rows).toEqual([]);
    });

    it('signed-in users can open shared links too', async () => {
      const rows = await asRole(db(), 'authenticated', bob.claims, (tx) =>
        tx.query(`select title from public.get_shared_route($1)`, [aliceToken]),
      );
      expect(rows).toEqual([{ title: 'Alice: Manhattan deliveries' }]);
    });
  });

  describe('forged claims', () => {
    let aliceBefore: unknown;
    beforeEach(async () => {
      aliceBefore = await snapshotOf(db(), alice);
    });
    afterEach(async () => {
      expect(await snapshotOf(db(), alice)).toEqual(aliceBefore);
    });

    const stranger = randomUUID();
    const forgeries: [string, () => Record<string, unknown> | null][] = [
      ['a sub that is no user', () => userClaims(stranger, 'ghost@example.test')],
      [
        'role service_role in the claims (db role authenticated)',
        () => ({ ...userClaims(stranger, 'x@example.test'), role: 'service_role' }),
      ],
      ['role service_role and no sub', () => ({ role: 'service_role' })],
      ['no claims at all', () => null],
      ['empty claims', () => ({})],
    ];

    it.each(forgeries)('%s: sees no rows of the victim', async (_, claims) => {
      const rows = await asRole(db(), 'authenticated', claims(), (tx) =>
        tx.query(
          `select id::text from public.itineraries union all select token from public.itinerary_shares`,
        ),
      );
      expect(rows).toEqual([]);
    });

    it.each(forgeries)('%s: changes and deletes nothing of the victim', async (_, claims) => {
      const updated = await asRole(db(), 'authenticated', claims(), (tx) =>
        tx.query(
          `update public.itineraries set title = 'pwned' where user_id = $1::uuid returning id`,
          [alice.id],
        ),
      );
      expect(updated).toEqual([]);
      const deleted = await asRole(db(), 'authenticated', claims(), (tx) =>
        tx.query(`delete from public.itinerary_shares where user_id = $1::uuid returning token`, [
          alice.id,
        ]),
      );
      expect(deleted).toEqual([]);
    });

    it.each(forgeries)('%s: cannot plant an itinerary on the victim', async (_, claims) => {
      const result = await outcome(
        asRole(db(), 'authenticated', claims(), (tx) =>
          tx.query(
            `insert into public.itineraries (user_id, title) values ($1::uuid, 'planted') returning id`,
            [alice.id],
          ),
        ),
      );
      expect(result.code).toBe(SQLSTATE.insufficientPrivilege);
    });

    it('a sub that is no user cannot create an itinerary for that ghost either', async () => {
      const result = await outcome(
        asRole(db(), 'authenticated', userClaims(stranger, 'ghost@example.test'), (tx) =>
          tx.query(`insert into public.itineraries (title) values ('ghost route') returning id`),
        ),
      );
      expect(result.code).toBe(SQLSTATE.foreignKeyViolation);
    });

    it('a sub that is not a uuid is rejected outright', async () => {
      const result = await outcome(
        asRole(db(), 'authenticated', { sub: "' or true --", role: 'authenticated' }, (tx) =>
          tx.query(`select id from public.itineraries`),
        ),
      );
      expect(result.code).toBe('22P02');
    });

    // KNOWN GAP in the local stack, not in the migration: @supabase/lite defines
    // auth.uid() as current_setting('request.jwt.claim.sub') only, while hosted Supabase
    // (and PostgREST >= 9, which sets only request.jwt.claims) falls back to
    // request.jwt.claims ->> 'sub'. A direct connection that sets only request.jwt.claims
    // (as ARCHITECTURE.md allows for the api function) sees no rows locally. Remove `.fails`
    // when the local stack defines auth.uid() like hosted Supabase.
    it('auth.uid() reads the sub from request.jwt.claims alone, as on hosted Supabase', async () => {
      const rows = await asRole(
        db(),
        'authenticated',
        alice.claims,
        (tx) => tx.query(`select auth.uid() as uid`),
        { legacyClaimSettings: false },
      );
      expect(rows).toEqual([{ uid: alice.id }]);
    });
  });
});
