// The api function's direct connection (supabase/functions/_shared/database.ts, used when
// API_DATABASE_URL is set) logs in as a role that bypasses nothing by itself: each query
// runs in a transaction that first takes the caller's role and JWT claims, so row-level
// security applies exactly as behind the Data API, and a pooled connection never carries
// one caller's identity into the next query. Both itinerary stores (direct and Data API)
// then go through the same checks on the same database, so they cannot drift apart.
// PostgreSQL 15 only (PGlite has no port).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { connectDatabase, queryAs, type Sql } from '../../supabase/functions/_shared/database.ts';
import { sqlItineraryStores } from '../../supabase/functions/_shared/itinerary-store-sql.ts';
import { dataApiItineraryStores } from '../../supabase/functions/_shared/itinerary-store-data-api.ts';
import type { ItineraryStores } from '../../supabase/functions/_shared/itinerary-store.ts';
import type { ApiConfig } from '../../supabase/functions/_shared/config.ts';
import { freePort } from '../../supabase/local/stack.mjs';
import { startGateway } from '../../supabase/local/gateway.mjs';
import { localKeys } from '../../supabase/local/settings.mjs';
import { postgres15Availability } from '../support/postgres15.mjs';
import {
  insertItinerary,
  insertShare,
  openPostgres15,
  sampleStops,
  signUpUser,
  snapshotOf,
  type TestDatabase,
  type TestUser,
} from './harness';

const availability = postgres15Availability();
const skipReason =
  !availability.available && process.env.CI !== 'true' ? availability.reason : undefined;
if (skipReason)
  console.warn(`[db tests] direct connection tests skipped (no PostgreSQL 15): ${skipReason}`);

// supabase-js (inside the Data API store) wants a WebSocket class for its realtime client, which Node 20 lacks.
globalThis.WebSocket ??= WebSocket as unknown as typeof globalThis.WebSocket;

const fields = {
  title: 'Morning round',
  stops: sampleStops,
  total_distance: 1234.5,
  total_duration: 321,
};
/** Share tokens of each path's run (22+ URL-safe characters, distinct per path). */
const tokenBase = (path: string) => `alice-token-${path.replaceAll(' ', '-')}`;

describe.skipIf(Boolean(skipReason))(
  'the api function’s direct connection, as the caller (PostgreSQL 15)',
  () => {
    let db: TestDatabase;
    let sql: Sql;
    let gateway: { url: string; close(): Promise<void> };
    let alice: TestUser;
    let bob: TestUser;
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
      [alice, bob] = [await signUpUser(db, 'alice'), await signUpUser(db, 'bob')];
    }, 120_000);

    afterAll(async () => {
      await gateway?.close();
      await sql?.end({ timeout: 5 });
      await db?.close();
    });

    it('runs each query as the API role with the caller’s claims, then drops both', async () => {
      const [inside] = await queryAs(
        sql,
        'authenticated',
        alice.claims,
        (tx) => tx`select current_user as role, auth.uid() as uid`,
      );
      expect(inside).toEqual({ role: 'authenticated', uid: alice.id });
      const [anonymous] = await queryAs(
        sql,
        'anon',
        { role: 'anon' },
        (tx) => tx`select current_user as role, auth.uid() as uid`,
      );
      expect(anonymous).toEqual({ role: 'anon', uid: null });

      await expect(
        queryAs(sql, 'authenticated', bob.claims, (tx) => tx`select 1 / 0`),
      ).rejects.toThrow();
      // Every pooled connection is back to the login role with no claims.
      const [login] = await sql`select current_user as role`;
      const after = await Promise.all(
        Array.from(
          { length: 12 },
          () =>
            sql`select current_user as role, current_setting('request.jwt.claims', true) as claims, auth.uid() as uid`,
        ),
      );
      for (const [row] of after)
        expect(row).toEqual({
          role: login.role,
          claims: expect.toSatisfy((claims) => !claims),
          uid: null,
        });
      expect(login.role).not.toBe('authenticated');
    });

    it.each(Object.keys(paths))(
      '%s: lets a caller read and change only their own itineraries and links',
      async (path) => {
        const stores = paths[path]();
        const asAlice = stores.asCaller(alice.token!, alice.claims);
        const asBob = stores.asCaller(bob.token!, bob.claims);
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
        await expect(
          asBob.addShare(created.id, `guessed-token-${path.length}-guessed-token`),
        ).rejects.toMatchObject({ status: 403 });
        expect(await asBob.revokeShares(created.id)).toBe(false);
        expect(await snapshotOf(db, alice)).toEqual(before);

        expect(await asAlice.addShare(created.id, `${tokenBase(path)}-1`)).toBe(true);
        expect(await asAlice.addShare(created.id, `${tokenBase(path)}-2`)).toBe(false); // one active link
        expect(await asAlice.activeShareToken(created.id)).toBe(`${tokenBase(path)}-1`);
        expect(await stores.sharedRoute(`${tokenBase(path)}-1`)).toEqual({
          title: fields.title,
          stops: sampleStops,
        });
        expect(await asAlice.revokeShares(created.id)).toBe(true);
        expect(await stores.sharedRoute(`${tokenBase(path)}-1`)).toBeNull();
        expect(await asAlice.remove(created.id)).toBe(true);
      },
    );

    it.each(Object.keys(paths))(
      '%s: saves over the version it names and refuses an older one',
      async (path) => {
        const asAlice = paths[path]().asCaller(alice.token!, alice.claims);
        const created = await asAlice.create(fields);
        // Postgres keeps microseconds (now() in the update trigger), the API names the millisecond:
        // the version read back must still name it.
        const read = (await asAlice.get(created.id))!;
        const saved = await asAlice.update(
          created.id,
          { ...fields, title: 'Second version' },
          read.updated_at,
        );
        expect(saved).toMatchObject({ title: 'Second version' });
        expect(saved!.updated_at).not.toBe(read.updated_at);
        expect(
          await asAlice.update(
            created.id,
            { ...fields, title: 'From an old copy' },
            read.updated_at,
          ),
        ).toBeNull();
        expect((await asAlice.get(created.id))!.title).toBe('Second version');
        expect(
          await asAlice.update(created.id, { ...fields, title: 'Last save wins' }),
        ).toMatchObject({ title: 'Last save wins' });
      },
    );

    it.each(Object.keys(paths))(
      '%s: creates once per Idempotency-Key and user (retry, reuse, another user, deleted)',
      async (path) => {
        const stores = paths[path]();
        const asAlice = stores.asCaller(alice.token!, alice.claims);
        const asBob = stores.asCaller(bob.token!, bob.claims);
        const key = randomUUID();
        const hash = 'a'.repeat(64);
        const first = await asAlice.createOnce(key, hash, fields);
        expect(first).toMatchObject({ outcome: 'created', itinerary: { ...fields } });
        if (first.outcome !== 'created') throw new Error('not created');
        expect(new Date(first.itinerary.created_at).toISOString()).toBe(first.itinerary.created_at);
        const retry = await asAlice.createOnce(key, hash, fields);
        expect(retry).toEqual({ outcome: 'replayed', itinerary: first.itinerary });
        expect(await asAlice.createOnce(key, 'b'.repeat(64), fields)).toEqual({
          outcome: 'mismatch',
        });
        const bobs = await asBob.createOnce(key, hash, { ...fields, title: 'Bob, same key' });
        expect(bobs).toMatchObject({ outcome: 'created', itinerary: { title: 'Bob, same key' } });
        expect(await asAlice.remove(first.itinerary.id)).toBe(true);
        expect(await asAlice.createOnce(key, hash, fields)).toEqual({ outcome: 'deleted' });
        // Data the database refuses is a 400 on the direct path. (The API validates the same
        // bounds before either path is used; @supabase/lite's rpc reports an error raised
        // inside a function without its SQLSTATE, so that path cannot tell it from an outage.)
        if (path === 'direct connection')
          await expect(
            asAlice.createOnce(randomUUID(), hash, { ...fields, title: '' }),
          ).rejects.toMatchObject({ status: 400, message: 'Invalid itinerary data' });
      },
    );

    it.each(Object.keys(paths))(
      '%s: share links show notes only when included; the export lists them; deletion is the caller’s',
      async (path) => {
        const stores = paths[path]();
        const noted = [{ ...sampleStops[0], note: 'Door code 4711' }, sampleStops[1]];
        const carol = await signUpUser(db, `carol-${path.length}`);
        const asCarol = stores.asCaller(carol.token!, carol.claims);
        const asBob = stores.asCaller(bob.token!, bob.claims);
        const created = await asCarol.create({ ...fields, stops: noted });
        const token = `${tokenBase(path)}-carol-notes`;
        expect(await asCarol.addShare(created.id, token)).toBe(true);
        expect(await asCarol.activeShare(created.id)).toEqual({ token, includeNotes: false });
        expect((await stores.sharedRoute(token))!.stops).toEqual(sampleStops);
        expect(await asBob.setShareNotes(created.id, true)).toBe(false);
        expect((await stores.sharedRoute(token))!.stops).toEqual(sampleStops);
        expect(await asCarol.setShareNotes(created.id, true)).toBe(true);
        expect((await stores.sharedRoute(token))!.stops).toEqual(noted);

        const links = await asCarol.listShares();
        expect(links).toEqual([
          {
            token,
            itinerary_id: created.id,
            include_notes: true,
            created_at: expect.any(String),
            revoked_at: null,
          },
        ]);
        expect(new Date(links[0].created_at).toISOString()).toBe(links[0].created_at);
        expect((await asBob.listShares()).map((link) => link.token)).not.toContain(token);

        const bobBefore = await snapshotOf(db, bob);
        expect(await asCarol.deleteAccount()).toBe(true);
        expect(await stores.sharedRoute(token)).toBeNull();
        const [left] = await db.admin.query<{ users: string; itineraries: string }>(
          `select (select count(*) from auth.users where id = $1::uuid)::text as users,
                  (select count(*) from public.itineraries where user_id = $1::uuid)::text as itineraries`,
          [carol.id],
        );
        expect(left).toEqual({ users: '0', itineraries: '0' });
        expect(await snapshotOf(db, bob)).toEqual(bobBefore);
        // The same token again: the account is gone (the API answers 401).
        if (path === 'direct connection') expect(await asCarol.deleteAccount()).toBe(false);
      },
    );

    it.each(Object.keys(paths))(
      '%s: lists the caller’s itineraries a page at a time, as summaries or whole',
      async (path) => {
        const stores = paths[path]();
        const dave = await signUpUser(db, `dave-${path.length}`);
        const asDave = stores.asCaller(dave.token!, dave.claims);
        for (const title of ['First', 'Second', 'Third']) await asDave.create({ ...fields, title });
        await insertItinerary(db, bob, 'Not Dave’s');
        const request = {
          summary: true,
          progress: false,
          limit: 2,
          cursor: null,
          words: null,
          sort: 'newest' as const,
        };
        const first = await asDave.listPage(request, 2);
        expect(first.total).toBe(3);
        expect(first.rows.map((row) => row.itinerary)).toEqual([
          expect.objectContaining({ title: 'Third', stop_count: sampleStops.length }),
          expect.objectContaining({ title: 'Second', stop_count: sampleStops.length }),
        ]);
        expect(first.rows[0].itinerary).not.toHaveProperty('stops');
        const rest = await asDave.listPage({ ...request, cursor: first.rows[1].cursor }, 2);
        expect(rest.rows.map((row) => row.itinerary.title)).toEqual(['First']);
        const whole = await asDave.listPage(
          { ...request, summary: false, words: ['second'] },
          null,
        );
        expect(whole.rows.map((row) => row.itinerary)).toEqual([
          expect.objectContaining({ title: 'Second', stops: sampleStops }),
        ]);
        expect(whole.rows[0].itinerary).not.toHaveProperty('stop_count');
      },
    );

    it('serves the shared view of a valid link to anyone, and nothing else', async () => {
      const stores = sqlItineraryStores(sql);
      const id = await insertItinerary(db, alice, 'Shared round');
      const token = await insertShare(db, alice, id);
      expect(await stores.sharedRoute(token)).toEqual({
        title: 'Shared round',
        stops: sampleStops,
      });
      expect(await stores.sharedRoute(`${token}x`)).toBeNull();
    });

    it('answers 400 for data the database refuses and 503 when it cannot be reached', async () => {
      const asAlice = sqlItineraryStores(sql).asCaller(alice.token!, alice.claims);
      await expect(asAlice.create({ ...fields, title: '' })).rejects.toMatchObject({
        status: 400,
        message: 'Invalid itinerary data',
      });
      const unreachable = connectDatabase(
        `postgres://nobody:nothing@127.0.0.1:${await freePort()}/none`,
      );
      try {
        await expect(
          sqlItineraryStores(unreachable).asCaller(alice.token!, alice.claims).list(),
        ).rejects.toMatchObject({
          status: 503,
          message: 'Database unavailable, please try again',
        });
      } finally {
        await unreachable.end({ timeout: 1 });
      }
    });
  },
);
