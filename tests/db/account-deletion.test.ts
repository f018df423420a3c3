// "Delete my account" in the database (migration *_delete_own_account.sql): the caller's
// own account and everything stored for it go at once; nobody can delete another account;
// a failure deletes nothing; the deleted account's share links stop working.
import { beforeAll, describe, expect, it } from 'vitest';
import { localKeys } from '../../supabase/local/settings.mjs';
import {
  SQLSTATE,
  asRole,
  describeOnEveryBackend,
  insertItinerary,
  insertShare,
  outcome,
  signUpUser,
  snapshotOf,
  userClaims,
  type TestDatabase,
  type TestUser,
} from './harness';

/** Everything the database keeps about a user: Auth's rows and this project's. */
async function footprint(db: TestDatabase, user: TestUser) {
  const count = async (sql: string) =>
    Number((await db.admin.query<{ n: string }>(sql, [user.id]))[0].n);
  return {
    users: await count(`select count(*)::text as n from auth.users where id = $1::uuid`),
    identities: await count(
      `select count(*)::text as n from auth.identities where user_id = $1::uuid`,
    ),
    sessions: await count(`select count(*)::text as n from auth.sessions where user_id = $1::uuid`),
    itineraries: await count(
      `select count(*)::text as n from public.itineraries where user_id = $1::uuid`,
    ),
    shares: await count(
      `select count(*)::text as n from public.itinerary_shares where user_id = $1::uuid`,
    ),
  };
}

const sharedRoute = (db: TestDatabase, token: string) =>
  asRole(db, 'anon', { role: 'anon' }, (tx) =>
    tx.query(`select title from public.get_shared_route($1)`, [token]),
  );

/** A signed-up user with two routes, one shared: returns the share token. */
async function userWithRoutes(db: TestDatabase, label: string) {
  const user = await signUpUser(db, label);
  const first = await insertItinerary(db, user, `${label}: deliveries`);
  await insertItinerary(db, user, `${label}: errands`);
  const token = await insertShare(db, user, first);
  return { user, token };
}

describeOnEveryBackend('Deleting one’s own account', (db) => {
  let bob: TestUser;
  let bobToken: string;

  beforeAll(async () => {
    ({ user: bob, token: bobToken } = await userWithRoutes(db(), 'bob'));
  });

  it('is executable by signed-in users only (not anon, not service_role)', async () => {
    const [row] = await db().admin.query<Record<string, boolean>>(
      `select has_function_privilege('anon', 'public.delete_own_account()', 'execute') as anon,
              has_function_privilege('authenticated', 'public.delete_own_account()', 'execute') as authenticated,
              has_function_privilege('service_role', 'public.delete_own_account()', 'execute') as service_role,
              (select prosecdef from pg_proc where oid = 'public.delete_own_account()'::regprocedure) as definer,
              (select proconfig @> array['search_path=""'] from pg_proc where oid = 'public.delete_own_account()'::regprocedure) as pinned`,
    );
    expect(row).toEqual({
      anon: false,
      authenticated: true,
      service_role: false,
      definer: true,
      pinned: true,
    });
  });

  describe('refused callers delete nothing', () => {
    let carol: TestUser;
    let before: unknown;
    beforeAll(async () => {
      ({ user: carol } = await userWithRoutes(db(), 'carol'));
      before = { carol: await footprint(db(), carol), bob: await snapshotOf(db(), bob) };
    });
    const unchanged = async () =>
      expect({ carol: await footprint(db(), carol), bob: await snapshotOf(db(), bob) }).toEqual(
        before,
      );

    it('anon (even with the victim as sub in its claims)', async () => {
      for (const claims of [{ role: 'anon' }, { ...carol.claims, role: 'anon' }]) {
        const result = await outcome(
          asRole(db(), 'anon', claims, (tx) => tx.query(`select public.delete_own_account()`)),
        );
        expect(result.code).toBe(SQLSTATE.insufficientPrivilege);
      }
      await unchanged();
    });

    it('service_role', async () => {
      const result = await outcome(
        asRole(db(), 'service_role', { role: 'service_role', sub: carol.id }, (tx) =>
          tx.query(`select public.delete_own_account()`),
        ),
      );
      expect(result.code).toBe(SQLSTATE.insufficientPrivilege);
      await unchanged();
    });

    it('authenticated without a user in the claims', async () => {
      const result = await outcome(
        asRole(db(), 'authenticated', { role: 'authenticated' }, (tx) =>
          tx.query(`select public.delete_own_account()`),
        ),
      );
      expect(result.code).toBe(SQLSTATE.insufficientPrivilege);
      await unchanged();
    });

    it('a token for a user that does not exist', async () => {
      const ghost = userClaims('00000000-0000-4000-8000-00000000dead', 'ghost@example.test');
      const result = await outcome(
        asRole(db(), 'authenticated', ghost, (tx) =>
          tx.query(`select public.delete_own_account()`),
        ),
      );
      expect(result.code).toBe('P0002');
      await unchanged();
    });

    it('the anon key through the Data API', async () => {
      const answer = await db().fetch(
        new Request('http://localhost/rest/v1/rpc/delete_own_account', {
          method: 'POST',
          headers: { apikey: localKeys.publishableKey, 'content-type': 'application/json' },
          body: '{}',
        }),
      );
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
      await unchanged();
    });
  });

  it('deletes exactly the caller: account, Auth rows, itineraries and share links; others intact', async () => {
    const { user: alice, token: aliceToken } = await userWithRoutes(db(), 'alice');
    expect(await footprint(db(), alice)).toMatchObject({ users: 1, itineraries: 2, shares: 1 });
    expect(await sharedRoute(db(), aliceToken)).toHaveLength(1);
    const bobBefore = await snapshotOf(db(), bob);
    const bobFootprint = await footprint(db(), bob);

    await asRole(db(), 'authenticated', alice.claims, (tx) =>
      tx.query(`select public.delete_own_account()`),
    );

    expect(await footprint(db(), alice)).toEqual({
      users: 0,
      identities: 0,
      sessions: 0,
      itineraries: 0,
      shares: 0,
    });
    expect(await sharedRoute(db(), aliceToken)).toEqual([]);
    expect(await snapshotOf(db(), bob)).toEqual(bobBefore);
    expect(await footprint(db(), bob)).toEqual(bobFootprint);
    expect(await sharedRoute(db(), bobToken)).toHaveLength(1);
  });

  it('through the Data API with the user’s own token, as the SPA’s Auth session would', async () => {
    const { user: dave, token: daveToken } = await userWithRoutes(db(), 'dave');
    const bobBefore = await snapshotOf(db(), bob);
    const answer = await db().fetch(
      new Request('http://localhost/rest/v1/rpc/delete_own_account', {
        method: 'POST',
        headers: {
          apikey: localKeys.publishableKey,
          authorization: `Bearer ${dave.token}`,
          'content-type': 'application/json',
        },
        body: '{}',
      }),
    );
    expect(answer.status, await answer.clone().text()).toBeLessThan(300);
    expect(await footprint(db(), dave)).toMatchObject({ users: 0, itineraries: 0, shares: 0 });
    expect(await sharedRoute(db(), daveToken)).toEqual([]);
    expect(await snapshotOf(db(), bob)).toEqual(bobBefore);
  });

  it('deletes nothing when any part fails (one transaction)', async () => {
    const { user: erin, token: erinToken } = await userWithRoutes(db(), 'erin');
    const before = await footprint(db(), erin);
    // Make the last step fail for Erin only, the way a lock timeout or a new foreign key would.
    await db().admin.query(`
      create function private.refuse_test_delete() returns trigger language plpgsql set search_path = '' as $$
      begin
        if old.id = '${erin.id}'::uuid then raise exception 'refused for the test'; end if;
        return old;
      end $$`);
    await db().admin.query(`
      create trigger refuse_test_delete before delete on auth.users
        for each row execute function private.refuse_test_delete()`);
    try {
      const result = await outcome(
        asRole(db(), 'authenticated', erin.claims, (tx) =>
          tx.query(`select public.delete_own_account()`),
        ),
      );
      expect(result.code).not.toBe('ok');
    } finally {
      await db().admin.query(`drop trigger refuse_test_delete on auth.users`);
      await db().admin.query(`drop function private.refuse_test_delete()`);
    }
    expect(await footprint(db(), erin)).toEqual(before);
    expect(await sharedRoute(db(), erinToken)).toHaveLength(1);
  });
});
