// Idempotent creation (migration *_itinerary_idempotency_keys.sql): create_itinerary_once
// creates an itinerary once per user and Idempotency-Key for 24 hours, as the caller (RLS
// applies), and the keys table is as private as the itineraries.
import { createHash, randomUUID } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import {
  SQLSTATE,
  asRole,
  asRoleRolledBack,
  describeOnEveryBackend,
  insertItinerary,
  insertUser,
  outcome,
  sampleStops,
  type Session,
  type TestUser,
} from './harness';

const hashOf = (title: string, stops: unknown) =>
  createHash('sha256').update(JSON.stringify({ title, stops })).digest('hex');

interface Created {
  outcome: string;
  id: string | null;
  title: string | null;
}

const createOnce = (tx: Session, key: string, title: string, stops: unknown = sampleStops) =>
  tx.query<Created & { [column: string]: unknown }>(
    `select * from public.create_itinerary_once($1::uuid, $2, $3, $4::text::jsonb, 1200, 300)`,
    [key, hashOf(title, stops), title, JSON.stringify(stops)],
  );

describeOnEveryBackend('Idempotent itinerary creation', (db) => {
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    alice = await insertUser(db(), 'alice');
    bob = await insertUser(db(), 'bob');
  });

  const itinerariesOf = async (user: TestUser) =>
    db().admin.query<{ id: string; title: string }>(
      `select id, title from public.itineraries where user_id = $1::uuid order by created_at`,
      [user.id],
    );
  const create = (user: TestUser, key: string, title: string, stops?: unknown) =>
    asRole(db(), 'authenticated', user.claims, (tx) => createOnce(tx, key, title, stops)).then(
      (rows) => rows[0],
    );

  it('creates once: a retry with the same key answers the same itinerary', async () => {
    const key = randomUUID();
    const before = (await itinerariesOf(alice)).length;
    const first = await create(alice, key, 'Retried route');
    const retry = await create(alice, key, 'Retried route');
    expect(first).toMatchObject({ outcome: 'created', title: 'Retried route' });
    expect(retry).toMatchObject({ outcome: 'replayed', id: first.id, title: 'Retried route' });
    expect(retry.total_distance).toBe(1200);
    expect((await itinerariesOf(alice)).length).toBe(before + 1);
  });

  it('answers the itinerary as it is now (a retry after an edit)', async () => {
    const key = randomUUID();
    const first = await create(alice, key, 'Edited later');
    await db().admin.query(`update public.itineraries set title = 'Renamed' where id = $1::uuid`, [
      first.id,
    ]);
    expect(await create(alice, key, 'Edited later')).toMatchObject({
      outcome: 'replayed',
      id: first.id,
      title: 'Renamed',
    });
  });

  it('two requests racing with one key make one itinerary', async () => {
    const key = randomUUID();
    const before = (await itinerariesOf(bob)).length;
    const results = await Promise.all([create(bob, key, 'Raced'), create(bob, key, 'Raced')]);
    expect(results.map((r) => r.outcome).sort()).toEqual(['created', 'replayed']);
    expect(results[0].id).toBe(results[1].id);
    expect((await itinerariesOf(bob)).length).toBe(before + 1);
  });

  it('keeps keys per user: the same key from another user is independent', async () => {
    const key = randomUUID();
    const mine = await create(alice, key, 'Alice: same key');
    const theirs = await create(bob, key, 'Bob: same key');
    expect(mine.outcome).toBe('created');
    expect(theirs.outcome).toBe('created');
    expect(theirs.id).not.toBe(mine.id);
    expect((await itinerariesOf(bob)).map((i) => i.title)).toContain('Bob: same key');
    expect((await itinerariesOf(alice)).map((i) => i.title)).not.toContain('Bob: same key');
  });

  it('refuses the same key with another body (mismatch), creating nothing', async () => {
    const key = randomUUID();
    await create(alice, key, 'Original body');
    const before = (await itinerariesOf(alice)).length;
    const reused = await create(alice, key, 'Another body');
    expect(reused).toMatchObject({ outcome: 'mismatch', id: null });
    const otherStops = await create(alice, key, 'Original body', [sampleStops[0]]);
    expect(otherStops.outcome).toBe('mismatch');
    expect((await itinerariesOf(alice)).length).toBe(before);
  });

  it("says 'deleted' when the key's itinerary was deleted since (no resurrection)", async () => {
    const key = randomUUID();
    const first = await create(alice, key, 'Deleted since');
    await asRole(db(), 'authenticated', alice.claims, (tx) =>
      tx.query(`delete from public.itineraries where id = $1::uuid`, [first.id]),
    );
    expect(await create(alice, key, 'Deleted since')).toMatchObject({
      outcome: 'deleted',
      id: null,
    });
    expect((await itinerariesOf(alice)).map((i) => i.id)).not.toContain(first.id);
  });

  it('remembers a key for 24 hours: after that the same key creates anew', async () => {
    const key = randomUUID();
    const first = await create(alice, key, 'Yesterday');
    await db().admin.query(
      `update public.itinerary_idempotency_keys set created_at = now() - interval '23 hours 59 minutes'
       where user_id = $1::uuid and idempotency_key = $2::uuid`,
      [alice.id, key],
    );
    expect((await create(alice, key, 'Yesterday')).outcome).toBe('replayed');
    await db().admin.query(
      `update public.itinerary_idempotency_keys set created_at = now() - interval '24 hours 1 minute'
       where user_id = $1::uuid and idempotency_key = $2::uuid`,
      [alice.id, key],
    );
    const again = await create(alice, key, 'Yesterday');
    expect(again.outcome).toBe('created');
    expect(again.id).not.toBe(first.id);
  });

  it("keeps one user's keys from another: no read, no link to a foreign itinerary, no change", async () => {
    const key = randomUUID();
    const aliceRoute = await create(alice, key, 'Alice: private key');
    const seen = await asRole(db(), 'authenticated', bob.claims, (tx) =>
      tx.query(`select * from public.itinerary_idempotency_keys where user_id = $1::uuid`, [
        alice.id,
      ]),
    );
    expect(seen).toEqual([]);

    // Bob records a key that points at Alice's itinerary, hoping a "retry" would answer it.
    const foreignLink = await outcome(
      asRoleRolledBack(db(), 'authenticated', bob.claims, (tx) =>
        tx.query(
          `insert into public.itinerary_idempotency_keys (idempotency_key, request_hash, itinerary_id)
           values ($1::uuid, $2, $3::uuid) returning *`,
          [randomUUID(), hashOf('x', []), aliceRoute.id],
        ),
      ),
    );
    expect(foreignLink.code).toBe(SQLSTATE.insufficientPrivilege);

    // …or repoints his own key at it.
    const bobKey = randomUUID();
    await create(bob, bobKey, 'Bob: own key');
    const repointed = await outcome(
      asRoleRolledBack(db(), 'authenticated', bob.claims, (tx) =>
        tx.query(
          `update public.itinerary_idempotency_keys set itinerary_id = $1::uuid
           where idempotency_key = $2::uuid returning *`,
          [aliceRoute.id, bobKey],
        ),
      ),
    );
    expect(repointed.code).toBe(SQLSTATE.insufficientPrivilege);

    // Bob cannot change, forget or hijack Alice's key either: nothing is visible to him.
    const changed = await asRoleRolledBack(db(), 'authenticated', bob.claims, (tx) =>
      tx.query(
        `update public.itinerary_idempotency_keys set itinerary_id = null where idempotency_key = $1::uuid returning *`,
        [key],
      ),
    );
    expect(changed).toEqual([]);
    const forgotten = await asRoleRolledBack(db(), 'authenticated', bob.claims, (tx) =>
      tx.query(
        `delete from public.itinerary_idempotency_keys where idempotency_key = $1::uuid returning *`,
        [key],
      ),
    );
    expect(forgotten).toEqual([]);
    const keyColumns = await outcome(
      asRoleRolledBack(db(), 'authenticated', bob.claims, (tx) =>
        tx.query(
          `update public.itinerary_idempotency_keys set request_hash = $1 where idempotency_key = $2::uuid returning *`,
          [hashOf('y', []), bobKey],
        ),
      ),
    );
    expect(keyColumns.code).toBe(SQLSTATE.insufficientPrivilege);

    const [row] = await db().admin.query<{ itinerary_id: string }>(
      `select itinerary_id from public.itinerary_idempotency_keys where user_id = $1::uuid and idempotency_key = $2::uuid`,
      [alice.id, key],
    );
    expect(row.itinerary_id).toBe(aliceRoute.id);
  });

  it('is not for anonymous callers, nor for a caller without claims', async () => {
    const anonymous = await outcome(
      asRoleRolledBack(db(), 'anon', { role: 'anon' }, (tx) =>
        createOnce(tx, randomUUID(), 'Anonymous'),
      ),
    );
    expect(anonymous.code).toBe(SQLSTATE.insufficientPrivilege);
    const anonymousRead = await outcome(
      asRoleRolledBack(db(), 'anon', { role: 'anon' }, (tx) =>
        tx.query(`select * from public.itinerary_idempotency_keys`),
      ),
    );
    expect(anonymousRead.code).toBe(SQLSTATE.insufficientPrivilege);
    const noClaims = await outcome(
      asRoleRolledBack(db(), 'authenticated', null, (tx) =>
        createOnce(tx, randomUUID(), 'No claims'),
      ),
    );
    expect(noClaims.code).toBe(SQLSTATE.insufficientPrivilege);
  });

  it('checks the request hash and the itinerary as the table constraints do', async () => {
    const badHash = await outcome(
      asRoleRolledBack(db(), 'authenticated', alice.claims, (tx) =>
        tx.query(
          `select * from public.create_itinerary_once($1::uuid, 'not-a-hash', 'x', $2::text::jsonb, 0, 0)`,
          [randomUUID(), JSON.stringify(sampleStops)],
        ),
      ),
    );
    expect(badHash.code).toBe(SQLSTATE.checkViolation);
    const badStops = await outcome(
      asRoleRolledBack(db(), 'authenticated', alice.claims, (tx) =>
        createOnce(tx, randomUUID(), 'Bad stops', [{ name: '', lat: 100, lng: 0 }]),
      ),
    );
    expect(badStops.code).toBe(SQLSTATE.checkViolation);
  });

  it('cleans up with the user: deleting an account deletes its keys', async () => {
    const carol = await insertUser(db(), 'carol');
    await create(carol, randomUUID(), 'Carol: soon gone');
    await insertItinerary(db(), carol, 'Carol: another');
    await db().admin.query(`delete from auth.users where id = $1::uuid`, [carol.id]);
    const [{ count }] = await db().admin.query<{ count: number }>(
      `select count(*)::int as count from public.itinerary_idempotency_keys where user_id = $1::uuid`,
      [carol.id],
    );
    expect(count).toBe(0);
  });
});
