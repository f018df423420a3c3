// Proof of delivery over HTTP: PUT /drive/{token}/reports/{id}/photo and …/signature store the
// image in the private Storage bucket (JPEG or PNG by content, at most 5 MB, once per report);
// the owner gets short-lived links in the progress and the export, nobody else reaches them; they
// go with their route and with the account. Storage here is @supabase/lite's, behind the gateway.
import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { localKeys } from '../../supabase/local/settings.mjs';
import { startFunctions } from '../../supabase/local/functions.mjs';
import { freePort } from '../../supabase/local/stack.mjs';
import { apiUrl, call, newUser, stops, type TestUser } from './client.ts';
import { SITE_URL } from './global-setup.ts';

/** A real 1×1 PNG and a real JPEG header and image (the smallest the formats allow). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
  'base64',
);

let owner: TestUser;
let bob: TestUser;
beforeAll(async () => {
  [owner, bob] = await Promise.all([newUser(), newUser()]);
});

/** A route of `user` with a driver link and a report on its first stop. */
async function reported(user: TestUser) {
  const created = await call('POST', '/itineraries', {
    token: user.token,
    body: { title: 'Proofs', stops: [stops.timesSquare, stops.unionSquare] },
  });
  const link = await call('POST', `/itineraries/${created.body.id}/driver-link`, {
    token: user.token,
  });
  const token = link.body.driverUrl.split('/drive/')[1] as string;
  const report = await call('POST', `/drive/${token}/reports`, {
    body: {
      id: randomUUID(),
      stopId: created.body.stops[0].id,
      status: 'delivered',
      at: new Date().toISOString(),
    },
  });
  expect(report.status).toBe(201);
  return { id: created.body.id as string, token, reportId: report.body.id as string };
}

async function put(token: string, reportId: string, kind: string, body: Buffer | string) {
  const response = await fetch(`${apiUrl()}/drive/${token}/reports/${reportId}/${kind}`, {
    method: 'PUT',
    headers: { 'content-type': 'image/jpeg' },
    body: typeof body === 'string' ? body : new Uint8Array(body),
  });
  return { status: response.status, body: await response.json() };
}

/** A link the api gave (on SITE_URL, which proxies /storage/v1) fetched through the gateway. */
const fetchLink = (url: string) => fetch(url.replace(SITE_URL, inject('gatewayUrl')));

const progressOf = (user: TestUser, id: string) =>
  call('GET', `/itineraries/${id}/progress`, { token: user.token });

describe('storing a proof', () => {
  it('stores a JPEG photo and a PNG signature once; the same image again stores nothing', async () => {
    const route = await reported(owner);
    const photo = await put(route.token, route.reportId, 'photo', JPEG);
    expect(photo).toEqual({
      status: 201,
      body: {
        reportId: route.reportId,
        kind: 'photo',
        contentType: 'image/jpeg',
        size: JPEG.length,
      },
    });
    expect(await put(route.token, route.reportId, 'photo', JPEG)).toEqual({
      ...photo,
      status: 200,
    });
    const other = await put(route.token, route.reportId, 'photo', Buffer.concat([JPEG, JPEG]));
    expect(other).toMatchObject({ status: 409, body: { error: expect.any(String) } });
    expect((await put(route.token, route.reportId, 'signature', PNG)).body).toMatchObject({
      kind: 'signature',
      contentType: 'image/png',
    });

    const page = await call('GET', `/drive/${route.token}`);
    expect(page.body.stops[0].report).toMatchObject({ hasPhoto: true, hasSignature: true });
    expect(JSON.stringify(page.body)).not.toContain('storage');
  });

  it('gives the owner short-lived links that serve the images, and nobody else anything', async () => {
    const route = await reported(owner);
    await put(route.token, route.reportId, 'photo', JPEG);
    await put(route.token, route.reportId, 'signature', PNG);
    const progress = await progressOf(owner, route.id);
    const { photoUrl, signatureUrl } = progress.body.stops[0].report;
    expect(photoUrl).toMatch(new RegExp(`^${SITE_URL}/storage/v1/object/sign/stop-proofs/`));
    const served = await fetchLink(photoUrl);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await served.arrayBuffer()).equals(JPEG)).toBe(true);
    // Sent as "image/jpeg", stored and served as the PNG its bytes are.
    const signature = await fetchLink(signatureUrl);
    expect(signature.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await signature.arrayBuffer()).equals(PNG)).toBe(true);

    // The object without the link's token, signed by another user, or read anonymously: nothing.
    const objectPath = new URL(photoUrl).pathname.replace(
      '/storage/v1/object/sign/stop-proofs/',
      '',
    );
    const storage = `${inject('gatewayUrl')}/storage/v1/object`;
    const asBob = await fetch(`${storage}/sign/stop-proofs/${objectPath}`, {
      method: 'POST',
      headers: {
        apikey: localKeys.publishableKey,
        authorization: `Bearer ${bob.token}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ expiresIn: 60 }),
    });
    expect(asBob.ok).toBe(false);
    for (const url of [
      `${storage}/stop-proofs/${objectPath}`,
      `${storage}/public/stop-proofs/${objectPath}`,
      `${storage}/authenticated/stop-proofs/${objectPath}`,
    ]) {
      const anonymous = await fetch(url, { headers: { apikey: localKeys.publishableKey } });
      expect(anonymous.ok, url).toBe(false);
      const bobs = await fetch(url, {
        headers: { apikey: localKeys.publishableKey, authorization: `Bearer ${bob.token}` },
      });
      expect(bobs.ok, url).toBe(false);
    }
    // Nor can anyone write over it, now that it is stored.
    const overwrite = await fetch(`${storage}/stop-proofs/${objectPath}`, {
      method: 'PUT',
      headers: {
        apikey: localKeys.publishableKey,
        'content-type': 'image/jpeg',
        'x-upsert': 'true',
      },
      body: PNG,
    });
    expect(overwrite.ok).toBe(false);
    expect(Buffer.from(await (await fetchLink(photoUrl)).arrayBuffer()).equals(JPEG)).toBe(true);
    expect((await progressOf(bob, route.id)).status).toBe(404);
  });

  it.each([
    ['text', 'not an image at all', 415],
    ['a GIF', Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'), 415],
    ['a PNG signature without its header chunk', PNG.subarray(0, 12), 415],
    ['an empty body', Buffer.alloc(0), 400],
    ['more than 5 MB', Buffer.concat([JPEG, Buffer.alloc(5 * 1024 * 1024)]), 413],
  ])('refuses %s with a 4xx {error}', async (_, body, status) => {
    const route = await reported(owner);
    const answer = await put(route.token, route.reportId, 'photo', body);
    expect(answer).toEqual({ status, body: { error: expect.any(String) } });
  });

  it('takes a proof only for a report of the link’s route, through a link that works', async () => {
    const route = await reported(owner);
    const bobs = await reported(bob);
    expect((await put(route.token, bobs.reportId, 'photo', JPEG)).status).toBe(404);
    expect((await put(route.token, randomUUID(), 'photo', JPEG)).status).toBe(404);
    expect((await put(route.token, 'not-a-report', 'photo', JPEG)).status).toBe(404);
    expect((await put(route.token, route.reportId, 'video', JPEG)).status).toBe(404);
    expect((await put('A'.repeat(43), route.reportId, 'photo', JPEG)).status).toBe(404);
    await call('DELETE', `/itineraries/${route.id}/driver-link`, { token: owner.token });
    expect((await put(route.token, route.reportId, 'photo', JPEG)).status).toBe(404);
  });
  it('takes the proof of a report that followed its stop to another route', async () => {
    const route = async (title: string) =>
      (
        await call('POST', '/itineraries', {
          token: owner.token,
          body: { title, stops: [stops.timesSquare, stops.unionSquare, stops.empireState] },
        })
      ).body;
    const [first, second] = await Promise.all([route('Driver 1'), route('Driver 2')]);
    const link = await call('POST', `/itineraries/${first.id}/driver-link`, {
      token: owner.token,
    });
    const token = link.body.driverUrl.split('/drive/')[1] as string;
    const stopId = first.stops[1].id as string;
    const moved = await call('POST', `/itineraries/${first.id}/stops/${stopId}/move`, {
      token: owner.token,
      body: { to: second.id },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    // The phone was offline during the move: its report follows the stop, and so do its proofs.
    const report = await call('POST', `/drive/${token}/reports`, {
      body: { id: randomUUID(), stopId, status: 'delivered', at: new Date().toISOString() },
    });
    expect(report.status).toBe(201);
    expect((await put(token, report.body.id, 'photo', JPEG)).status).toBe(201);
    expect((await put(token, report.body.id, 'photo', JPEG)).status).toBe(200);

    const progress = await progressOf(owner, second.id);
    const stop = progress.body.stops.find((item: { id: string }) => item.id === stopId);
    expect((await fetchLink(stop.report.photoUrl)).status).toBe(200);
    // The proof goes with the route that has the report.
    await call('DELETE', `/itineraries/${second.id}`, { token: owner.token });
    expect((await fetchLink(stop.report.photoUrl)).ok).toBe(false);
  });
});

describe('the limit per link', () => {
  it('counts proofs with the link’s reports: 429 with Retry-After, a valid image too', async () => {
    const route = await reported(owner);
    const spend = () =>
      Promise.all(
        Array.from({ length: 30 }, () => put(route.token, route.reportId, 'photo', 'not an image')),
      );
    let limited: Awaited<ReturnType<typeof put>> | undefined;
    for (let round = 0; round < 10 && !limited; round += 1)
      limited = (await spend()).find((answer) => answer.status === 429);
    expect(limited?.body).toEqual({ error: expect.any(String) });
    // The bucket refills a token a second, which a busy machine spends between two requests:
    // spent again right before each try.
    let status = 0;
    for (let round = 0; round < 10 && status !== 429; round += 1) {
      await spend();
      status = (await put(route.token, route.reportId, 'signature', PNG)).status;
      expect([201, 429]).toContain(status);
    }
    expect(status).toBe(429);
  });
});

describe('proofs go with their route and their account, and come with the export', () => {
  it('deleting the route deletes its proofs in Storage', async () => {
    const route = await reported(owner);
    await put(route.token, route.reportId, 'photo', JPEG);
    const { photoUrl } = (await progressOf(owner, route.id)).body.stops[0].report;
    expect((await fetchLink(photoUrl)).status).toBe(200);
    expect((await call('DELETE', `/itineraries/${route.id}`, { token: owner.token })).status).toBe(
      204,
    );
    expect((await fetchLink(photoUrl)).ok).toBe(false);
  });

  it('the export links every proof; deleting the account deletes them', async () => {
    const leaving = await newUser();
    const route = await reported(leaving);
    await put(route.token, route.reportId, 'signature', PNG);
    const exported = await call('GET', '/account/export', { token: leaving.token });
    const [report] = exported.body.itineraries[0].stop_reports;
    expect(report).toMatchObject({ id: route.reportId, hasSignature: true });
    expect((await fetchLink(report.signatureUrl)).status).toBe(200);
    const deleted = await call('DELETE', '/account', {
      token: leaving.token,
      body: { confirmEmail: leaving.email },
    });
    expect(deleted.status).toBe(204);
    expect((await fetchLink(report.signatureUrl)).ok).toBe(false);
  });
});

describe('no object outlives its proof', () => {
  const gateway = () => inject('gatewayUrl');
  /** A Storage or Data API call as the function (service_role). */
  const asFunction = (path: string, init: { method: string; body?: unknown }) =>
    fetch(`${gateway()}${path}`, {
      method: init.method,
      headers: {
        apikey: localKeys.secretKey,
        authorization: `Bearer ${localKeys.secretKey}`,
        'content-type': 'application/json',
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  const objectsOf = async (itineraryId: string, reportId: string) => {
    const listed = await asFunction('/storage/v1/object/list/stop-proofs', {
      method: 'POST',
      body: { prefix: `${itineraryId}/${reportId}` },
    });
    expect(listed.status).toBe(200);
    // Hosted Storage names each object inside the prefix, lite by its whole path.
    return ((await listed.json()) as { name: string }[]).map((object) =>
      object.name.split('/').pop(),
    );
  };
  /** Deletes a route as its owner through the Data API: the rows go, Storage keeps the objects. */
  const deleteThroughDataApi = async (user: TestUser, itineraryId: string) => {
    const direct = await fetch(`${gateway()}/rest/v1/itineraries?id=eq.${itineraryId}`, {
      method: 'DELETE',
      headers: { apikey: localKeys.publishableKey, authorization: `Bearer ${user.token}` },
    });
    expect(direct.ok).toBe(true);
  };

  it('a route its owner deletes through the Data API leaves its proofs until the next delete sweeps them; live proofs stay', async () => {
    const [gone, kept, other] = await Promise.all([
      reported(owner),
      reported(owner),
      reported(bob),
    ]);
    await put(gone.token, gone.reportId, 'photo', JPEG);
    await put(kept.token, kept.reportId, 'photo', JPEG);
    await put(other.token, other.reportId, 'signature', PNG);
    const photoOf = async (user: TestUser, id: string) =>
      (await progressOf(user, id)).body.stops[0].report as {
        photoUrl?: string;
        signatureUrl?: string;
      };
    const goneUrl = (await photoOf(owner, gone.id)).photoUrl!;
    const keptUrl = (await photoOf(owner, kept.id)).photoUrl!;
    const otherUrl = (await photoOf(bob, other.id)).signatureUrl!;

    await deleteThroughDataApi(owner, gone.id);
    expect((await progressOf(owner, gone.id)).status).toBe(404);
    // The rows went with the cascade; the object stayed (its link signed before still serves it).
    expect((await fetchLink(goneUrl)).status).toBe(200);

    // Bob deletes a route of his through the function: the orphan goes, every live proof stays.
    const bobs = await reported(bob);
    expect((await call('DELETE', `/itineraries/${bobs.id}`, { token: bob.token })).status).toBe(
      204,
    );
    expect((await fetchLink(goneUrl)).ok).toBe(false);
    expect((await fetchLink(keptUrl)).status).toBe(200);
    expect((await fetchLink(otherUrl)).status).toBe(200);
  });

  describe('once an interval, a request sweeps them behind its answer', () => {
    const SWEEP_SECONDS = 12;
    /**
     * Two more instances of the function on this stack's database and Storage, sweeping every
     * SWEEP_SECONDS (the stack's own instance: every hour, its turn taken when it started).
     */
    let instances: { url: string; stop: () => Promise<void> }[] = [];
    beforeAll(async () => {
      instances = await Promise.all(
        [0, 1].map(async () =>
          startFunctions({
            port: await freePort(),
            quiet: true,
            env: {
              SUPABASE_URL: gateway(),
              SUPABASE_ANON_KEY: localKeys.publishableKey,
              SUPABASE_SERVICE_ROLE_KEY: localKeys.secretKey,
              SITE_URL,
              PROOF_SWEEP_INTERVAL_SECONDS: String(SWEEP_SECONDS),
            },
          }),
        ),
      );
    }, 180_000);
    afterAll(() => Promise.all(instances.map((instance) => instance.stop())));

    /** A request to an instance: answered at once, whatever a sweep behind it does. */
    const ask = async (instance: { url: string }) => {
      const started = performance.now();
      const answer = await fetch(`${instance.url}/api/health`);
      expect(answer.status).toBe(200);
      expect(performance.now() - started).toBeLessThan(2000);
    };
    /** Asks `instance` every 250 ms until the route's objects are gone; when they went. */
    const askUntilSwept = async (
      instance: { url: string },
      route: { id: string; reportId: string },
    ) => {
      const deadline = Date.now() + 3 * SWEEP_SECONDS * 1000;
      for (;;) {
        await ask(instance);
        if ((await objectsOf(route.id, route.reportId)).length === 0) return Date.now();
        expect(Date.now()).toBeLessThan(deadline);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    };

    it('an orphan made by a Data API delete goes after a request once the interval has passed, and one sweep serves all instances within it', async () => {
      const [first, second] = instances;
      const [gone, later, kept] = await Promise.all([
        reported(owner),
        reported(owner),
        reported(bob),
      ]);
      await Promise.all(
        [gone, later, kept].map((route) => put(route.token, route.reportId, 'photo', JPEG)),
      );
      await deleteThroughDataApi(owner, gone.id);
      expect(await objectsOf(gone.id, gone.reportId)).toHaveLength(1);

      // Requests to one instance: the first one due sweeps the orphan, behind its answer.
      const swept = await askUntilSwept(first, gone);

      // Within the interval: another orphan, a request to each instance, and no sweep.
      await deleteThroughDataApi(owner, later.id);
      await ask(second);
      await ask(first);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(Date.now() - swept).toBeLessThan(SWEEP_SECONDS * 1000);
      expect(await objectsOf(later.id, later.reportId)).toHaveLength(1);

      // Once the interval has passed, a request to either instance sweeps it; live proofs stay.
      const next = await askUntilSwept(second, later);
      expect(next - swept).toBeGreaterThan(SWEEP_SECONDS * 1000 - 2000);
      expect(await objectsOf(kept.id, kept.reportId)).toHaveLength(1);
    }, 120_000);
  });

  it('an image sent again after a lost answer writes over its object instead of adding one', async () => {
    const route = await reported(owner);
    // The function announced the photo and stored its bytes, then stopped before marking it.
    const begun = await asFunction('/rest/v1/rpc/driver_proof_begin', {
      method: 'POST',
      body: {
        driver_token: route.token,
        report: route.reportId,
        proof_kind: 'photo',
        media_type: 'image/jpeg',
        size: JPEG.length,
        digest: createHash('sha256').update(JPEG).digest('hex'),
      },
    });
    const [announced] = (await begun.json()) as { outcome: string; object_path: string }[];
    expect(announced.outcome).toBe('upload');
    const stored = await fetch(
      `${gateway()}/storage/v1/object/stop-proofs/${announced.object_path}`,
      {
        method: 'POST',
        headers: {
          apikey: localKeys.secretKey,
          authorization: `Bearer ${localKeys.secretKey}`,
          'content-type': 'image/jpeg',
        },
        body: new Uint8Array(JPEG),
      },
    );
    expect(stored.ok).toBe(true);

    // The phone sends it again: stored now, and still one object.
    expect((await put(route.token, route.reportId, 'photo', JPEG)).status).toBe(201);
    expect(await objectsOf(route.id, route.reportId)).toEqual([
      announced.object_path.split('/').pop(),
    ]);
    const { photoUrl } = (await progressOf(owner, route.id)).body.stops[0].report;
    expect(Buffer.from(await (await fetchLink(photoUrl)).arrayBuffer()).equals(JPEG)).toBe(true);
  });
});
