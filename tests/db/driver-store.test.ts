// The api function's two ways to driver links and reports (supabase/functions/_shared/
// driver-store-sql.ts with API_DATABASE_URL, driver-store-data-api.ts without) on the same
// PostgreSQL 15 database: the same answers, and row-level security and the token functions
// deciding either way. PostgreSQL 15 only (PGlite has no port; the API tests run the Data API
// path on PGlite).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { connectDatabase, type Sql } from '../../supabase/functions/_shared/database.ts';
import { sqlDriverStores } from '../../supabase/functions/_shared/driver-store-sql.ts';
import { dataApiDriverStores } from '../../supabase/functions/_shared/driver-store-data-api.ts';
import type { DriverStores } from '../../supabase/functions/_shared/driver-store.ts';
import type { ApiConfig } from '../../supabase/functions/_shared/config.ts';
import { startGateway } from '../../supabase/local/gateway.mjs';
import { localKeys } from '../../supabase/local/settings.mjs';
import { postgres15Availability } from '../support/postgres15.mjs';
import {
  insertItinerary,
  openPostgres15,
  shareToken,
  signUpUser,
  stopId,
  type TestDatabase,
  type TestUser,
} from './harness';

const availability = postgres15Availability();
const skipReason =
  !availability.available && process.env.CI !== 'true' ? availability.reason : undefined;
if (skipReason)
  console.warn(`[db tests] driver store tests skipped (no PostgreSQL 15): ${skipReason}`);

// supabase-js (inside the Data API store) wants a WebSocket class for its realtime client, which Node 20 lacks.
globalThis.WebSocket ??= WebSocket as unknown as typeof globalThis.WebSocket;

const stops = [
  { id: stopId(51), name: 'Depot', lat: 48.86, lng: 2.35, note: 'Gate code 1234' },
  { id: stopId(52), name: 'Pharmacy', lat: 48.87, lng: 2.34 },
];

describe.skipIf(Boolean(skipReason))('the api function’s driver stores (PostgreSQL 15)', () => {
  let db: TestDatabase;
  let sql: Sql;
  let gateway: { url: string; close(): Promise<void> };
  let alice: TestUser;
  let bob: TestUser;
  const paths: Record<string, () => DriverStores> = {
    'direct connection': () => sqlDriverStores(sql),
    'Data API': () =>
      dataApiDriverStores({
        supabaseUrl: gateway.url,
        supabaseAnonKey: localKeys.publishableKey,
        supabaseServiceRoleKey: localKeys.secretKey,
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

  it.each(Object.keys(paths))(
    '%s: links, reports and progress, the owner’s only; the driver through the token alone',
    async (path) => {
      const stores = paths[path]();
      const asAlice = stores.asOwner(alice.token!, alice.claims);
      const asBob = stores.asOwner(bob.token!, bob.claims);
      const group = randomUUID();
      const route = await insertItinerary(db, alice, `Round ${path}`, stops);
      await db.admin.query(
        `update public.itineraries set day_group = $1::uuid where id = $2::uuid`,
        [group, route],
      );

      const old = shareToken();
      const token = shareToken();
      expect(await asBob.replaceLink(route, shareToken())).toBe(false);
      expect(await asAlice.replaceLink(route, old)).toBe(true);
      expect(await asAlice.replaceLink(route, token)).toBe(true);
      expect(await asAlice.activeLink(route)).toBe(token);
      expect(await asBob.activeLink(route)).toBeNull();
      expect(await stores.driverRoute(old)).toBeNull();

      const shown = await stores.driverRoute(token);
      expect(shown).toEqual({
        title: `Round ${path}`,
        stops,
        reports: [],
        version: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      });

      const id = randomUUID();
      const input = {
        id,
        stopId: stopId(52),
        status: 'failed' as const,
        reason: 'refused' as const,
        note: 'Not ordered',
        at: '2026-03-02T09:05:00.000Z',
        position: { lat: 48.8701, lng: 2.34, accuracy: 9.5 },
      };
      const created = await stores.report(token, input);
      expect(created).toEqual({
        outcome: 'created',
        report: {
          id,
          stopId: stopId(52),
          status: 'failed',
          reason: 'refused',
          note: 'Not ordered',
          at: input.at,
          receivedAt: expect.any(String),
          position: input.position,
          distanceMeters: 11,
          farFromStop: false,
          hasPhoto: false,
          hasSignature: false,
        },
      });
      expect(await stores.report(token, { ...input, status: 'delivered' })).toEqual({
        ...created,
        outcome: 'replayed',
      });
      expect(await stores.report(old, { ...input, id: randomUUID() })).toEqual({
        outcome: 'no-link',
      });
      expect(
        await stores.report(token, { ...input, id: randomUUID(), stopId: randomUUID() }),
      ).toEqual({ outcome: 'no-stop' });
      const correction = await stores.report(token, {
        id: randomUUID(),
        stopId: stopId(52),
        status: 'delivered',
        at: '2026-03-02T09:15:00.000Z',
      });
      expect((await stores.driverRoute(token))!.reports).toEqual([
        correction.outcome === 'created' && correction.report,
      ]);

      const reports = await asAlice.reports([route]);
      expect(reports.map((report) => [report.status, report.rank, report.itineraryId])).toEqual([
        ['delivered', 1, route],
        ['failed', 2, route],
      ]);
      expect(await asBob.reports([route])).toEqual([]);
      expect((await asAlice.dayGroupItineraries(group)).map((itinerary) => itinerary.id)).toEqual([
        route,
      ]);
      expect(await asBob.dayGroupItineraries(group)).toEqual([]);
      expect((await asAlice.links()).filter((link) => link.itinerary_id === route)).toEqual([
        {
          token: old,
          itinerary_id: route,
          created_at: expect.any(String),
          revoked_at: expect.any(String),
        },
        { token, itinerary_id: route, created_at: expect.any(String), revoked_at: null },
      ]);
      expect(await asBob.links()).toEqual([]);

      const proof = {
        reportId: id,
        kind: 'photo' as const,
        mediaType: 'image/jpeg' as const,
        size: 100,
        sha256: 'a'.repeat(64),
      };
      const announced = await stores.announceProof(token, proof);
      expect(announced).toEqual({
        outcome: 'upload',
        objectPath: expect.stringMatching(new RegExp(`^${route}/${id}/photo-[0-9a-f]{64}\\.jpg$`)),
      });
      expect(await stores.announceProof(old, proof)).toEqual({ outcome: 'no-link' });
      expect(await stores.announceProof(token, { ...proof, reportId: randomUUID() })).toEqual({
        outcome: 'no-report',
      });
      const objectPath = announced.outcome === 'upload' ? announced.objectPath : '';
      expect(await stores.proofStored(token, proof, `${objectPath}x`)).toBe('no-proof');
      expect(await stores.proofStored(token, proof, objectPath)).toBe('done');
      expect(await stores.proofStored(token, proof, objectPath)).toBe('attached');
      expect(
        await stores.proofStored(token, { ...proof, sha256: 'b'.repeat(64) }, objectPath),
      ).toBe('no-proof');
      expect(await asAlice.proofPaths([route])).toEqual([objectPath]);
      expect(await asAlice.proofPaths()).toContain(objectPath);
      expect(await asBob.proofPaths([route])).toEqual([]);
      expect((await asAlice.reports([route]))[1]).toMatchObject({
        hasPhoto: true,
        photoPath: objectPath,
      });

      expect(await asBob.revokeLink(route)).toBe(false);
      expect(await asAlice.revokeLink(route)).toBe(true);
      expect(await asAlice.revokeLink(route)).toBe(false);
      expect(await stores.driverRoute(token)).toBeNull();
      expect(await asAlice.reports([route])).toHaveLength(2);
    },
  );
  it.each(Object.keys(paths))(
    '%s: re-orders the stops left through the link, over the version read only',
    async (path) => {
      const stores = paths[path]();
      const more = [
        ...stops,
        { id: stopId(53), name: 'Bakery', lat: 48.88, lng: 2.34 },
        { id: stopId(54), name: 'Market', lat: 48.89, lng: 2.34 },
      ];
      const route = await insertItinerary(db, alice, `Re-order ${path}`, more);
      const token = shareToken();
      expect(await stores.asOwner(alice.token!, alice.claims).replaceLink(route, token)).toBe(true);
      const read = (await stores.driverRoute(token))!;
      const order = {
        version: read.version,
        stopIds: [stopId(54), stopId(52), stopId(53)],
        totals: { total_distance: 10, total_duration: 20 },
        times: { [stopId(51)]: { arrival: 1 } },
      };
      expect(await stores.reorder(token, { ...order, stopIds: [stopId(54)] })).toEqual({
        outcome: 'invalid',
      });
      expect(await stores.reorder(shareToken(), order)).toEqual({ outcome: 'no-link' });
      const reordered = await stores.reorder(token, order);
      expect(reordered).toEqual({ outcome: 'reordered', version: expect.any(String) });
      const after = (await stores.driverRoute(token))!;
      expect(after.stops.map((stop) => stop.id)).toEqual([stopId(51), ...order.stopIds]);
      expect(after.version).toBe(reordered.outcome === 'reordered' && reordered.version);
      expect(await stores.reorder(token, order)).toEqual({ outcome: 'changed' });
    },
  );
  it.each(Object.keys(paths))(
    '%s: names every proof of a route, past the Data API’s 1000 rows an answer',
    async (path) => {
      const asAlice = paths[path]().asOwner(alice.token!, alice.claims);
      const route = await insertItinerary(db, alice, `Many proofs ${path}`, stops);
      // 1002 proofs: a photo and a signature of 501 reports.
      await db.admin.query(
        `with reports as (
           insert into public.stop_reports (id, itinerary_id, user_id, stop_id, status, reported_at)
           select gen_random_uuid(), $1::uuid, $2::uuid, $3::uuid, 'delivered', now()
           from generate_series(1, 501)
           returning id)
         insert into public.stop_report_proofs
           (report_id, kind, itinerary_id, user_id, object_path, content_type, byte_size, sha256)
         select r.id, kind, $1::uuid, $2::uuid,
           $1 || '/' || r.id || '/' || kind || '-' || repeat('a', 64) || '.jpg',
           'image/jpeg', 1, repeat('a', 64)
         from reports r cross join (values ('photo'), ('signature')) as kinds (kind)`,
        [route, alice.id, stopId(52)],
      );
      const named = await asAlice.proofPaths([route]);
      expect(named).toHaveLength(1002);
      expect(new Set(named).size).toBe(1002);
    },
  );
});
