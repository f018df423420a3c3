// Drivers' photos and signatures (migration *_stop_report_proofs.sql), attacked through Storage
// (@supabase/lite's, on PGlite and PostgreSQL 15, where the storage.objects policies decide):
// only the `api` function (service_role) announces a proof through a working link and writes it;
// anon can neither call the token functions nor write to the bucket; once stored, only the
// route's owner reads or deletes it. Nobody else, with or without an account, reads another
// owner's proofs.
import { createHash, randomUUID } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import { localKeys } from '../../supabase/local/settings.mjs';
import {
  asRole,
  describeOnEveryBackend,
  insertItinerary,
  outcome,
  shareToken,
  signUpUser,
  stopId,
  type TestUser,
} from './harness';

const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(60, 7)]);
const digestOf = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const anonClaims = { role: 'anon' };
const serviceClaims = { role: 'service_role' };
/** The `api` function's own key: service_role in Storage. */
const FUNCTION = 'function';

describeOnEveryBackend('Proofs of delivery in Storage', (db) => {
  let alice: TestUser;
  let bob: TestUser;
  let token: string;
  let route: string;

  /** A Storage API call, anonymous or as a user (their token). */
  const storage = (
    method: string,
    path: string,
    as?: TestUser | typeof FUNCTION,
    body?: BodyInit,
    type?: string,
  ) =>
    db().fetch(
      new Request(`http://localhost/storage/v1/object/${path}`, {
        method,
        headers: {
          apikey: as === FUNCTION ? localKeys.secretKey : localKeys.publishableKey,
          ...(as === FUNCTION
            ? { authorization: `Bearer ${localKeys.secretKey}` }
            : as
              ? { authorization: `Bearer ${as.token}` }
              : {}),
          ...(type ? { 'content-type': type } : {}),
          ...(method === 'POST' && type?.startsWith('image/') ? { 'x-upsert': 'true' } : {}),
        },
        body,
      }),
    );
  const upload = (objectPath: string, bytes: Buffer, as?: TestUser | typeof FUNCTION) =>
    storage('POST', `stop-proofs/${objectPath}`, as, new Uint8Array(bytes), 'image/jpeg');
  const sign = (objectPath: string, as: TestUser) =>
    storage(
      'POST',
      `sign/stop-proofs/${objectPath}`,
      as,
      JSON.stringify({ expiresIn: 60 }),
      'application/json',
    );

  const newReport = async () => {
    const id = randomUUID();
    const [row] = await asRole(db(), 'service_role', serviceClaims, (tx) =>
      tx.query<{ outcome: string }>(
        `select outcome from public.driver_report($1, $2::text::jsonb)`,
        [
          token,
          JSON.stringify({
            id,
            stopId: stopId(61),
            status: 'delivered',
            at: new Date().toISOString(),
          }),
        ],
      ),
    );
    expect(row.outcome).toBe('created');
    return id;
  };

  const announce = (
    linkToken: string,
    report: string,
    bytes = JPEG,
    kind = 'photo',
    role: 'anon' | 'service_role' = 'service_role',
  ) =>
    asRole(db(), role, role === 'anon' ? anonClaims : serviceClaims, (tx) =>
      tx.query<{ outcome: string; object_path: string | null }>(
        `select * from public.driver_proof_begin($1, $2::uuid, $3, 'image/jpeg', $4, $5)`,
        [linkToken, report, kind, bytes.length, digestOf(bytes)],
      ),
    );
  const stored = (
    report: string,
    objectPath: string,
    bytes = JPEG,
    role: 'anon' | 'service_role' = 'service_role',
  ) =>
    asRole(db(), role, role === 'anon' ? anonClaims : serviceClaims, (tx) =>
      tx.query<{ outcome: string }>(
        `select public.driver_proof_done($1, $2::uuid, 'photo', $3, $4) as outcome`,
        [token, report, digestOf(bytes), objectPath],
      ),
    );

  beforeAll(async () => {
    alice = await signUpUser(db(), 'alice');
    bob = await signUpUser(db(), 'bob');
    route = await insertItinerary(db(), alice, 'With proofs', [
      { id: stopId(61), name: 'Depot', lat: 48.86, lng: 2.35 },
    ]);
    token = shareToken();
    await asRole(db(), 'authenticated', alice.claims, (tx) =>
      tx.query(`select public.replace_driver_link($1::uuid, $2)`, [route, token]),
    );
  });

  it('anon can neither announce a proof nor write one, even with a working link', async () => {
    const report = await newReport();
    expect((await outcome(announce(token, report, JPEG, 'photo', 'anon'))).code).toBe('42501');
    const somewhere = `${route}/${report}/photo-${'1'.repeat(64)}.jpg`;
    expect((await outcome(stored(report, somewhere, JPEG, 'anon'))).code).toBe('42501');
    const guessed = `${route}/${report}/photo-${'0'.repeat(64)}.jpg`;
    expect((await upload(guessed, JPEG)).ok).toBe(false);
    const [announced] = await announce(token, report);
    for (const as of [undefined, alice, bob])
      expect((await upload(announced.object_path!, JPEG, as)).ok).toBe(false);
  });

  it('a link announces a proof of its report; the owner alone reads it once stored', async () => {
    const report = await newReport();
    const [announced] = await announce(token, report);
    expect(announced.outcome).toBe('upload');
    expect(announced.object_path).toMatch(
      new RegExp(`^${route}/${report}/photo-[0-9a-f]{64}\\.jpg$`),
    );
    const objectPath = announced.object_path!;
    expect((await upload(objectPath, JPEG, FUNCTION)).ok).toBe(true);
    expect(await stored(report, objectPath)).toEqual([{ outcome: 'done' }]);
    expect(await stored(report, objectPath)).toEqual([{ outcome: 'attached' }]);

    // Stored: anon and another owner read nothing.
    expect((await storage('GET', `stop-proofs/${objectPath}`)).ok).toBe(false);
    expect((await storage('GET', `authenticated/stop-proofs/${objectPath}`, bob)).ok).toBe(false);
    expect((await sign(objectPath, bob)).ok).toBe(false);

    // The owner reads it through a signed link.
    const signed = await sign(objectPath, alice);
    expect(signed.ok).toBe(true);
    const { signedUrl, signedURL } = (await signed.json()) as {
      signedUrl?: string;
      signedURL?: string;
    };
    const served = await db().fetch(
      new Request(`http://localhost${signedUrl ?? `/storage/v1${signedURL}`}`),
    );
    expect(Buffer.from(await served.arrayBuffer()).equals(JPEG)).toBe(true);

    // Another owner cannot delete it; the owner can.
    const bobDeletes = await storage(
      'DELETE',
      'stop-proofs',
      bob,
      JSON.stringify({ prefixes: [objectPath] }),
      'application/json',
    );
    expect(await bobDeletes.json()).toEqual([]);
    expect((await sign(objectPath, alice)).ok).toBe(true);
    const aliceDeletes = await storage(
      'DELETE',
      'stop-proofs',
      alice,
      JSON.stringify({ prefixes: [objectPath] }),
      'application/json',
    );
    expect(await aliceDeletes.json()).toHaveLength(1);
    expect((await sign(objectPath, alice)).ok).toBe(false);
  });

  it('two uploads at the same moment write two objects; only the one announced last is stored', async () => {
    const report = await newReport();
    const other = Buffer.concat([JPEG, JPEG]);
    const [first] = await announce(token, report);
    const [second] = await announce(token, report, other);
    expect(second.object_path).not.toBe(first.object_path);
    expect((await upload(second.object_path!, other, FUNCTION)).ok).toBe(true);
    expect((await upload(first.object_path!, JPEG, FUNCTION)).ok).toBe(true);
    // The first upload lost: its bytes are not what the row describes.
    expect(await stored(report, first.object_path!)).toEqual([{ outcome: 'no-proof' }]);
    expect(await stored(report, second.object_path!, other)).toEqual([{ outcome: 'done' }]);
  });

  it('the same image announced again names the same object: a retry writes over it', async () => {
    const report = await newReport();
    const [first] = await announce(token, report);
    // Stored, but the answer was lost before the proof was marked: the phone sends it again.
    expect((await upload(first.object_path!, JPEG, FUNCTION)).ok).toBe(true);
    const [again] = await announce(token, report);
    expect(again).toEqual({ outcome: 'upload', object_path: first.object_path });
    expect(again.object_path).toBe(`${route}/${report}/photo-${digestOf(JPEG)}.jpg`);
    expect((await upload(again.object_path!, JPEG, FUNCTION)).ok).toBe(true);
    expect(await stored(report, again.object_path!)).toEqual([{ outcome: 'done' }]);
    const listed = await storage(
      'POST',
      'list/stop-proofs',
      FUNCTION,
      JSON.stringify({ prefix: `${route}/${report}` }),
      'application/json',
    );
    expect(((await listed.json()) as unknown[]).length).toBe(1);
  });

  it('lists the objects no proof names to the function alone; never a stored proof nor an upload on its way', async () => {
    const orphans = () =>
      asRole(db(), 'service_role', serviceClaims, (tx) =>
        tx.query<{ name: string }>(`select name from public.orphan_proofs(1000) as name`),
      ).then((rows) => rows.map((row) => row.name));
    const storeProof = async (linkToken: string, report: string, bytes = JPEG) => {
      const [announced] = await announce(linkToken, report, bytes);
      expect((await upload(announced.object_path!, bytes, FUNCTION)).ok).toBe(true);
      return announced.object_path!;
    };

    // A stored proof.
    const kept = await newReport();
    const live = await storeProof(token, kept);
    expect(await stored(kept, live)).toEqual([{ outcome: 'done' }]);
    // An upload on its way whose row another image's announcement names now.
    const racing = await newReport();
    const overtaken = await storeProof(token, racing);
    const other = Buffer.concat([JPEG, JPEG]);
    const [latest] = await announce(token, racing, other);
    // A stored proof of a route its owner deletes through the Data API: its rows go, not its object.
    const doomed = await insertItinerary(db(), alice, 'Deleted by SQL', [
      { id: stopId(81), name: 'Depot', lat: 48.86, lng: 2.35 },
    ]);
    const doomedToken = shareToken();
    await asRole(db(), 'authenticated', alice.claims, (tx) =>
      tx.query(`select public.replace_driver_link($1::uuid, $2)`, [doomed, doomedToken]),
    );
    const doomedReport = randomUUID();
    await asRole(db(), 'service_role', serviceClaims, (tx) =>
      tx.query(`select outcome from public.driver_report($1, $2::text::jsonb)`, [
        doomedToken,
        JSON.stringify({
          id: doomedReport,
          stopId: stopId(81),
          status: 'delivered',
          at: new Date().toISOString(),
        }),
      ]),
    );
    const left = await storeProof(doomedToken, doomedReport);
    await asRole(db(), 'authenticated', alice.claims, (tx) =>
      tx.query(`delete from public.itineraries where id = $1::uuid`, [doomed]),
    );

    let found = await orphans();
    expect(found).toContain(left);
    expect(found).not.toContain(live);
    expect(found).not.toContain(overtaken);
    // Once the other image is stored, the overtaken upload is nobody's.
    expect((await upload(latest.object_path!, other, FUNCTION)).ok).toBe(true);
    expect(await stored(racing, latest.object_path!, other)).toEqual([{ outcome: 'done' }]);
    found = await orphans();
    expect(found).toEqual(expect.arrayContaining([left, overtaken]));
    expect(found).not.toContain(latest.object_path);

    for (const [role, claims] of [
      ['anon', anonClaims],
      ['authenticated', alice.claims],
    ] as const)
      expect(
        (
          await outcome(
            asRole(db(), role, claims, (tx) => tx.query(`select * from public.orphan_proofs(10)`)),
          )
        ).code,
      ).toBe('42501');

    // The function deletes them through Storage; the stored proofs stay.
    const removed = await storage(
      'DELETE',
      'stop-proofs',
      FUNCTION,
      JSON.stringify({ prefixes: found }),
      'application/json',
    );
    expect(removed.ok).toBe(true);
    expect(await orphans()).toEqual([]);
    expect((await sign(live, alice)).ok).toBe(true);
    expect((await sign(latest.object_path!, alice)).ok).toBe(true);
  });

  it('the same proof again is attached, another one is refused; a signature is its own', async () => {
    const report = await newReport();
    const [{ object_path: objectPath }] = await announce(token, report);
    await upload(objectPath!, JPEG, FUNCTION);
    await stored(report, objectPath!);
    expect(await announce(token, report)).toEqual([{ outcome: 'attached', object_path: null }]);
    expect(await announce(token, report, Buffer.concat([JPEG, JPEG]))).toEqual([
      { outcome: 'taken', object_path: null },
    ]);
    expect((await announce(token, report, JPEG, 'signature'))[0].outcome).toBe('upload');
  });

  it('nothing is announced through a revoked, guessed or other route’s link, nor for another route’s report', async () => {
    const report = await newReport();
    const bobsRoute = await insertItinerary(db(), bob, 'Bob’s', [
      { id: stopId(71), name: 'Market', lat: 45.76, lng: 4.83 },
    ]);
    const bobsToken = shareToken();
    await asRole(db(), 'authenticated', bob.claims, (tx) =>
      tx.query(`select public.replace_driver_link($1::uuid, $2)`, [bobsRoute, bobsToken]),
    );
    expect(await announce(bobsToken, report)).toEqual([
      { outcome: 'no-report', object_path: null },
    ]);
    expect(await announce(shareToken(), report)).toEqual([
      { outcome: 'no-link', object_path: null },
    ]);
    expect(await announce(token, randomUUID())).toEqual([
      { outcome: 'no-report', object_path: null },
    ]);
    await asRole(db(), 'authenticated', bob.claims, (tx) =>
      tx.query(`update public.driver_links set revoked_at = now() where token = $1`, [bobsToken]),
    );
    expect(await announce(bobsToken, report)).toEqual([{ outcome: 'no-link', object_path: null }]);
  });

  it('the owner reads the proofs’ rows of their routes; nobody writes them directly', async () => {
    const [mine, bobs] = await Promise.all(
      [alice, bob].map((user) =>
        asRole(db(), 'authenticated', user.claims, (tx) =>
          tx.query(
            `select object_path from public.stop_report_proofs where itinerary_id = $1::uuid`,
            [route],
          ),
        ),
      ),
    );
    expect(mine.length).toBeGreaterThan(0);
    expect(bobs).toEqual([]);
    const forged = await outcome(
      asRole(db(), 'anon', anonClaims, (tx) =>
        tx.query(`update public.stop_report_proofs set uploaded_at = null returning report_id`),
      ),
    );
    expect(forged.code === '42501' || forged.rows?.length === 0).toBe(true);
    const announcedBy = await outcome(
      asRole(db(), 'authenticated', alice.claims, (tx) =>
        tx.query(
          `insert into public.stop_report_proofs (report_id, kind, itinerary_id, user_id, object_path, content_type, byte_size, sha256)
           select id, 'signature', itinerary_id, user_id, $1, 'image/jpeg', 1, $2 from public.stop_reports limit 1`,
          [`${route}/${randomUUID()}/signature-${'a'.repeat(64)}.jpg`, 'b'.repeat(64)],
        ),
      ),
    );
    expect(announcedBy.code).toBe('42501');
  });
});
