// The api function's direct connection (supabase/functions/_shared/database.ts, used when
// API_DATABASE_URL is set) logs in as a role that bypasses nothing by itself: each query
// runs in a transaction that first takes the caller's role and JWT claims, so row-level
// security applies exactly as behind the Data API, and a pooled connection never carries
// one caller's identity into the next query. PostgreSQL 15 only (PGlite has no port).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase, queryAs, type Sql } from '../../supabase/functions/_shared/database.ts';
import { sqlItineraryStores } from '../../supabase/functions/_shared/itinerary-store-sql.ts';
import { freePort } from '../../supabase/local/stack.mjs';
import { postgres15Availability } from '../support/postgres15.mjs';
import { insertItinerary, insertShare, insertUser, openPostgres15, sampleStops, snapshotOf, type TestDatabase, type TestUser } from './harness';

const availability = postgres15Availability();
const skipReason = !availability.available && process.env.CI !== 'true' ? availability.reason : undefined;
if (skipReason) console.warn(`[db tests] direct connection tests skipped (no PostgreSQL 15): ${skipReason}`);

const fields = { title: 'Morning round', stops: sampleStops, total_distance: 1234.5, total_duration: 321 };

describe.skipIf(Boolean(skipReason))('the api function’s direct connection, as the caller (PostgreSQL 15)', () => {
  let db: TestDatabase;
  let sql: Sql;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    db = await openPostgres15();
    sql = connectDatabase(db.url!);
    [alice, bob] = [await insertUser(db, 'alice'), await insertUser(db, 'bob')];
  }, 120_000);

  afterAll(async () => {
    await sql?.end({ timeout: 5 });
    await db?.close();
  });

  it('runs each query as the API role with the caller’s claims, then drops both', async () => {
    const [inside] = await queryAs(sql, 'authenticated', alice.claims, (tx) => tx`select current_user as role, auth.uid() as uid`);
    expect(inside).toEqual({ role: 'authenticated', uid: alice.id });
    const [anonymous] = await queryAs(sql, 'anon', { role: 'anon' }, (tx) => tx`select current_user as role, auth.uid() as uid`);
    expect(anonymous).toEqual({ role: 'anon', uid: null });

    await expect(queryAs(sql, 'authenticated', bob.claims, (tx) => tx`select 1 / 0`)).rejects.toThrow();
    // Every pooled connection is back to the login role with no claims.
    const [login] = await sql`select current_user as role`;
    const after = await Promise.all(
      Array.from({ length: 12 }, () => sql`select current_user as role, current_setting('request.jwt.claims', true) as claims, auth.uid() as uid`),
    );
    for (const [row] of after) expect(row).toEqual({ role: login.role, claims: expect.toSatisfy((claims) => !claims), uid: null });
    expect(login.role).not.toBe('authenticated');
  });

  it('lets a caller read and change only their own itineraries and links', async () => {
    const stores = sqlItineraryStores(sql);
    const asAlice = stores.asCaller('unused', alice.claims);
    const asBob = stores.asCaller('unused', bob.claims);
    const created = await asAlice.create(fields);
    expect(created).toMatchObject({ ...fields, id: expect.any(String) });
    expect(new Date(created.created_at).toISOString()).toBe(created.created_at);
    const bobsOwn = await insertItinerary(db, bob, 'Bob only');
    expect((await asAlice.list()).map((itinerary) => itinerary.id)).toContain(created.id);
    expect((await asAlice.list()).map((itinerary) => itinerary.id)).not.toContain(bobsOwn);

    const before = await snapshotOf(db, alice);
    expect(await asBob.get(created.id)).toBeNull();
    expect(await asBob.owns(created.id)).toBe(false);
    expect(await asBob.update(created.id, { ...fields, title: 'Taken over' })).toBeNull();
    expect(await asBob.remove(created.id)).toBe(false);
    expect(await asBob.activeShareToken(created.id)).toBeNull();
    await expect(asBob.addShare(created.id, 'guessed-token-guessed-token')).rejects.toMatchObject({ status: 403 });
    expect(await asBob.revokeShares(created.id)).toBe(false);
    expect(await snapshotOf(db, alice)).toEqual(before);

    expect(await asAlice.addShare(created.id, 'alice-token-alice-token-1')).toBe(true);
    expect(await asAlice.addShare(created.id, 'alice-token-alice-token-2')).toBe(false); // one active link
    expect(await asAlice.activeShareToken(created.id)).toBe('alice-token-alice-token-1');
    expect(await stores.sharedRoute('alice-token-alice-token-1')).toEqual({ title: fields.title, stops: sampleStops });
    expect(await asAlice.revokeShares(created.id)).toBe(true);
    expect(await stores.sharedRoute('alice-token-alice-token-1')).toBeNull();
    expect(await asAlice.remove(created.id)).toBe(true);
  });

  it('serves the shared view of a valid link to anyone, and nothing else', async () => {
    const stores = sqlItineraryStores(sql);
    const id = await insertItinerary(db, alice, 'Shared round');
    const token = await insertShare(db, alice, id);
    expect(await stores.sharedRoute(token)).toEqual({ title: 'Shared round', stops: sampleStops });
    expect(await stores.sharedRoute(`${token}x`)).toBeNull();
  });

  it('answers 400 for data the database refuses and 503 when it cannot be reached', async () => {
    const asAlice = sqlItineraryStores(sql).asCaller('unused', alice.claims);
    await expect(asAlice.create({ ...fields, title: '' })).rejects.toMatchObject({ status: 400, message: 'Invalid itinerary data' });
    const unreachable = connectDatabase(`postgres://nobody:nothing@127.0.0.1:${await freePort()}/none`);
    try {
      await expect(sqlItineraryStores(unreachable).asCaller('unused', alice.claims).list()).rejects.toMatchObject({
        status: 503,
        message: 'Database unavailable, please try again',
      });
    } finally {
      await unreachable.end({ timeout: 1 });
    }
  });
});
