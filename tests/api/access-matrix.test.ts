// The IDOR matrix: every /api operation on itineraries and shares, tried by another
// user with the owner's ids, by anonymous callers and with bad tokens (expired but
// correctly signed, wrong key, alg none, another audience, tampered). Each answer is a
// 401 or a 404, and the owner's data stays exactly as it was.
import { createHmac, randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { localKeys } from '../../supabase/local/settings.mjs';
import { apiUrl, call, newUser, stops, type TestUser } from './client.ts';

const base64url = (value: string) => Buffer.from(value).toString('base64url');
function signToken(
  payload: object,
  { alg = 'HS256', secret = localKeys.jwtSecret }: { alg?: string; secret?: string } = {},
) {
  const unsigned = `${base64url(JSON.stringify({ alg, typ: 'JWT' }))}.${base64url(JSON.stringify(payload))}`;
  if (alg === 'none') return `${unsigned}.`;
  return `${unsigned}.${createHmac('sha256', secret).update(unsigned).digest('base64url')}`;
}

let alice: TestUser;
let bob: TestUser;
let itineraryId: string;
let shareToken: string;
let driverToken: string;
let trackingToken: string;
let stopId: string;
let bobRouteId: string;
let reportId: string;
const dayGroup = randomUUID();

beforeAll(async () => {
  [alice, bob] = await Promise.all([newUser(), newUser()]);
  const created = await call('POST', '/itineraries', {
    token: alice.token,
    body: {
      title: 'Alice only',
      stops: [stops.timesSquare, stops.unionSquare],
      day_group: dayGroup,
    },
  });
  itineraryId = created.body.id;
  const bobs = await call('POST', '/itineraries', {
    token: bob.token,
    body: { title: 'Bob only', stops: [stops.timesSquare, stops.empireState] },
  });
  bobRouteId = bobs.body.id;
  const shared = await call('POST', `/itineraries/${itineraryId}/share`, { token: alice.token });
  shareToken = shared.body.shareUrl.split('/share/')[1];
  const driver = await call('POST', `/itineraries/${itineraryId}/driver-link`, {
    token: alice.token,
  });
  driverToken = driver.body.driverUrl.split('/drive/')[1];
  stopId = created.body.stops[1].id;
  const tracking = await call('POST', `/itineraries/${itineraryId}/stops/${stopId}/tracking-link`, {
    token: alice.token,
  });
  trackingToken = tracking.body.trackingUrl.split('/track/')[1];
  reportId = randomUUID();
  await call('POST', `/drive/${driverToken}/reports`, {
    body: {
      id: reportId,
      stopId: created.body.stops[1].id,
      status: 'delivered',
      at: new Date().toISOString(),
    },
  });
});

const now = () => Math.floor(Date.now() / 1000);
/** Claims like Auth issues them for Alice, with overrides. */
const aliceClaims = (extra: object = {}) => {
  const [, payload] = alice.token.split('.');
  return { ...JSON.parse(Buffer.from(payload, 'base64url').toString()), ...extra };
};

type Caller = { label: string; token: () => string | undefined; expected: number[] };
const callers: Caller[] = [
  { label: 'anonymous', token: () => undefined, expected: [401] },
  {
    label: 'expired token (correctly signed)',
    token: () => signToken(aliceClaims({ iat: now() - 7200, exp: now() - 3600 })),
    expected: [401],
  },
  {
    label: 'forged token (wrong key)',
    token: () => signToken(aliceClaims(), { secret: 'not-the-real-secret-0123456789-abcdef' }),
    expected: [401],
  },
  {
    label: 'unsigned token (alg none)',
    token: () => signToken(aliceClaims(), { alg: 'none' }),
    expected: [401],
  },
  {
    label: 'token for another audience',
    token: () => signToken(aliceClaims({ aud: 'some-other-service' })),
    expected: [401],
  },
  {
    label: 'tampered token (sub changed, old signature)',
    token: () =>
      `${alice.token.split('.')[0]}.${base64url(JSON.stringify(aliceClaims({ sub: bob.id })))}.${alice.token.split('.')[2]}`,
    expected: [401],
  },
  { label: 'another user (Bob)', token: () => bob.token, expected: [404] },
];

type Operation = {
  label: string;
  method: string;
  path: () => string;
  body?: unknown;
  forBob?: number[];
};
const update = { title: 'Stolen', stops: [stops.empireState] };
const operations: Operation[] = [
  { label: 'list itineraries', method: 'GET', path: () => '/itineraries', forBob: [200] },
  {
    label: 'list itineraries a page at a time, as summaries, searching the owner’s title',
    method: 'GET',
    path: () => '/itineraries?summary=true&limit=5&q=alice',
    forBob: [200],
  },
  {
    label: 'list itineraries as summaries with their drivers’ progress',
    method: 'GET',
    path: () => '/itineraries?summary=true&progress=true&limit=5',
    forBob: [200],
  },
  {
    label: 'create an itinerary',
    method: 'POST',
    path: () => '/itineraries',
    body: update,
    forBob: [201],
  },
  { label: 'read the itinerary', method: 'GET', path: () => `/itineraries/${itineraryId}` },
  {
    label: 'update the itinerary',
    method: 'PUT',
    path: () => `/itineraries/${itineraryId}`,
    body: update,
  },
  { label: 'delete the itinerary', method: 'DELETE', path: () => `/itineraries/${itineraryId}` },
  { label: 'share the itinerary', method: 'POST', path: () => `/itineraries/${itineraryId}/share` },
  {
    label: 'revoke the share link',
    method: 'DELETE',
    path: () => `/itineraries/${itineraryId}/share`,
  },
  { label: 'read the share link', method: 'GET', path: () => `/itineraries/${itineraryId}/share` },
  {
    label: 'make the share link show notes',
    method: 'POST',
    path: () => `/itineraries/${itineraryId}/share`,
    body: { includeNotes: true },
  },
  {
    label: 'make a driver link (revoking the owner’s)',
    method: 'POST',
    path: () => `/itineraries/${itineraryId}/driver-link`,
  },
  {
    label: 'read the driver link',
    method: 'GET',
    path: () => `/itineraries/${itineraryId}/driver-link`,
  },
  {
    label: 'revoke the driver link',
    method: 'DELETE',
    path: () => `/itineraries/${itineraryId}/driver-link`,
  },
  {
    label: 'read the progress (the drivers’ reports)',
    method: 'GET',
    path: () => `/itineraries/${itineraryId}/progress`,
  },
  {
    label: 'make a stop’s tracking link (showing the proof photo)',
    method: 'POST',
    path: () => `/itineraries/${itineraryId}/stops/${stopId}/tracking-link`,
    body: { showPhoto: true, contact: 'Call the attacker' },
  },
  {
    label: 'revoke a stop’s tracking link',
    method: 'DELETE',
    path: () => `/itineraries/${itineraryId}/stops/${stopId}/tracking-link`,
  },
  {
    label: 'read the route’s tracking links',
    method: 'GET',
    path: () => `/itineraries/${itineraryId}/tracking-links`,
  },
  {
    label: 'make the route’s tracking links',
    method: 'POST',
    path: () => `/itineraries/${itineraryId}/tracking-links`,
  },
  {
    label: 'revoke the route’s tracking links',
    method: 'DELETE',
    path: () => `/itineraries/${itineraryId}/tracking-links`,
  },
  {
    label: 'move a stop to another route',
    method: 'POST',
    path: () => `/itineraries/${itineraryId}/stops/${stopId}/move`,
    body: {
      get to() {
        return bobRouteId;
      },
    },
  },
  {
    label: 'add a stop to the route',
    method: 'POST',
    path: () => `/itineraries/${itineraryId}/stops`,
    body: { stop: { name: 'Attacker’s drop', lat: 40.75, lng: -73.99 } },
  },
  {
    label: 'read the day group’s progress',
    method: 'GET',
    path: () => `/day-groups/${dayGroup}/progress`,
  },
  // The account endpoints act on the caller's own account: Bob exports his own data (not
  // Alice's, checked below) and cannot delete his account by typing Alice's address.
  { label: 'export the account', method: 'GET', path: () => '/account/export', forBob: [200] },
  {
    label: 'delete the account, confirming the owner’s email',
    method: 'DELETE',
    path: () => '/account',
    body: {
      get confirmEmail() {
        return alice.email;
      },
    },
    forBob: [400],
  },
];

async function aliceState() {
  const own = await call('GET', `/itineraries/${itineraryId}`, { token: alice.token });
  const list = await call('GET', '/itineraries', { token: alice.token });
  const shared = await call('GET', `/itineraries/share/${shareToken}`);
  const link = await call('GET', `/itineraries/${itineraryId}/share`, { token: alice.token });
  const me = await call('GET', '/auth/me', { token: alice.token });
  const driverLink = await call('GET', `/itineraries/${itineraryId}/driver-link`, {
    token: alice.token,
  });
  const progress = await call('GET', `/itineraries/${itineraryId}/progress`, {
    token: alice.token,
  });
  const drive = await call('GET', `/drive/${driverToken}`);
  const trackingLinks = await call('GET', `/itineraries/${itineraryId}/tracking-links`, {
    token: alice.token,
  });
  const track = await call('GET', `/track/${trackingToken}`);
  return {
    own: own.body,
    ids: list.body.map((row: { id: string }) => row.id),
    shared: { status: shared.status, body: shared.body },
    link: { status: link.status, body: link.body },
    account: { status: me.status, body: me.body },
    driverLink: { status: driverLink.status, body: driverLink.body },
    progress: { status: progress.status, body: progress.body },
    drive: { status: drive.status, body: drive.body },
    trackingLinks: { status: trackingLinks.status, body: trackingLinks.body },
    track: { status: track.status, body: track.body },
  };
}

describe('the IDOR matrix: itinerary, share and driver operations by everyone but the owner', () => {
  const cases = callers.flatMap((caller) => operations.map((operation) => ({ caller, operation })));

  it.each(cases.map((c) => [c.caller.label, c.operation.label, c] as const))(
    '%s: %s',
    async (_who, _what, { caller, operation }) => {
      const before = await aliceState();
      const expected =
        caller.label.startsWith('another user') && operation.forBob
          ? operation.forBob
          : caller.expected;
      const answer = await call(operation.method, operation.path(), {
        token: caller.token(),
        body: operation.body,
      });
      expect(expected, JSON.stringify(answer.body)).toContain(answer.status);
      if (answer.status >= 400) expect(typeof answer.body.error).toBe('string');
      if (operation.label.startsWith('list itineraries') && answer.status === 200) {
        expect(answer.body.map((row: { id: string }) => row.id)).not.toContain(itineraryId);
      }
      if (operation.label === 'export the account' && answer.status === 200) {
        expect(answer.body.account.id).toBe(bob.id);
        expect(JSON.stringify(answer.body)).not.toContain(itineraryId);
        expect(JSON.stringify(answer.body)).not.toContain(shareToken);
        expect(JSON.stringify(answer.body)).not.toContain(driverToken);
        expect(JSON.stringify(answer.body)).not.toContain(trackingToken);
      }
      expect(await aliceState()).toEqual(before);
    },
  );

  it('left the owner’s itinerary and link working', async () => {
    const state = await aliceState();
    expect(state.own).toMatchObject({
      title: 'Alice only',
      stops: [stops.timesSquare, stops.unionSquare],
    });
    expect(state.shared).toMatchObject({
      status: 200,
      body: { title: 'Alice only', stops: [stops.timesSquare, stops.unionSquare] },
    });
    expect(Object.keys(state.shared.body).sort()).toEqual(['stops', 'title']);
    expect(state.drive.status).toBe(200);
    expect(state.track).toMatchObject({ status: 200, body: { state: 'delivered' } });
    expect(state.progress.body.counts).toMatchObject({ delivered: 1, total: 1 });
  });

  it('uses share tokens of at least 128 bits (256: 43 URL-safe base64 characters)', () => {
    expect(shareToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(shareToken, 'base64url')).toHaveLength(32);
  });
});

describe('a driver link’s photos and signatures: its own route’s reports only', () => {
  const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(60, 7)]);
  let bobsDriverToken: string;
  beforeAll(async () => {
    const link = await call('POST', `/itineraries/${bobRouteId}/driver-link`, {
      token: bob.token,
    });
    bobsDriverToken = link.body.driverUrl.split('/drive/')[1];
  });

  it.each(['photo', 'signature'])(
    '%s of the owner’s report through another route’s link (with or without the owner’s session) or a guessed link: 404, nothing stored',
    async (kind) => {
      const before = await aliceState();
      for (const [token, session] of [
        [bobsDriverToken, undefined],
        [bobsDriverToken, alice.token],
        ['A'.repeat(43), alice.token],
      ] as const) {
        const answer = await fetch(`${apiUrl()}/drive/${token}/reports/${reportId}/${kind}`, {
          method: 'PUT',
          headers: {
            'content-type': 'image/jpeg',
            ...(session ? { authorization: `Bearer ${session}` } : {}),
          },
          body: new Uint8Array(JPEG),
        });
        expect(answer.status).toBe(404);
        expect(typeof ((await answer.json()) as { error: unknown }).error).toBe('string');
      }
      expect(await aliceState()).toEqual(before);
      expect(JSON.stringify(before.progress.body)).not.toMatch(/photoUrl|signatureUrl/);
    },
  );
});

describe('DELETE /api/itineraries/{id}/share (revocation)', () => {
  async function sharedRoute(owner: TestUser) {
    const created = await call('POST', '/itineraries', {
      token: owner.token,
      body: { title: 'Revocable', stops: [stops.empireState] },
    });
    const shared = await call('POST', `/itineraries/${created.body.id}/share`, {
      token: owner.token,
    });
    return {
      id: created.body.id as string,
      token: shared.body.shareUrl.split('/share/')[1] as string,
    };
  }

  it('revokes the link at once (204), and the shared view answers 404 from then on', async () => {
    const { id, token } = await sharedRoute(alice);
    expect((await call('GET', `/itineraries/share/${token}`)).status).toBe(200);
    const revoked = await call('DELETE', `/itineraries/${id}/share`, { token: alice.token });
    expect(revoked.status).toBe(204);
    expect(await call('GET', `/itineraries/share/${token}`)).toMatchObject({
      status: 404,
      body: { error: 'Route not found or no longer available' },
    });
    expect(await call('GET', `/itineraries/share/${token}`, { token: alice.token })).toMatchObject({
      status: 404,
    });
  });

  it('answers 404 when there is no active link, and for unknown or malformed ids', async () => {
    const { id } = await sharedRoute(alice);
    expect((await call('DELETE', `/itineraries/${id}/share`, { token: alice.token })).status).toBe(
      204,
    );
    expect(await call('DELETE', `/itineraries/${id}/share`, { token: alice.token })).toMatchObject({
      status: 404,
      body: { error: expect.any(String) },
    });
    const created = await call('POST', '/itineraries', {
      token: alice.token,
      body: { title: 'Never shared', stops: [stops.empireState] },
    });
    expect(
      (await call('DELETE', `/itineraries/${created.body.id}/share`, { token: alice.token }))
        .status,
    ).toBe(404);
    for (const bad of ['00000000-0000-0000-0000-000000000000', 'not-a-uuid']) {
      expect(
        (await call('DELETE', `/itineraries/${bad}/share`, { token: alice.token })).status,
      ).toBe(404);
    }
  });

  it('gives a new token when the itinerary is shared again after revoking; the old one stays dead', async () => {
    const { id, token } = await sharedRoute(alice);
    await call('DELETE', `/itineraries/${id}/share`, { token: alice.token });
    const again = await call('POST', `/itineraries/${id}/share`, { token: alice.token });
    const fresh = again.body.shareUrl.split('/share/')[1];
    expect(fresh).not.toBe(token);
    expect(fresh).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await call('GET', `/itineraries/share/${fresh}`)).status).toBe(200);
    expect((await call('GET', `/itineraries/share/${token}`)).status).toBe(404);
  });
});

describe('many callers at once', () => {
  it('each sees only their own itineraries, whichever pooled connection serves them', async () => {
    const [carol, dave] = await Promise.all([newUser(), newUser()]);
    const own = new Map<string, string>();
    for (const [user, title] of [
      [carol, 'Carol only'],
      [dave, 'Dave only'],
    ] as const) {
      const created = await call('POST', '/itineraries', {
        token: user.token,
        body: { title, stops: [stops.timesSquare, stops.empireState] },
      });
      own.set(user.token, created.body.id);
    }
    const readers = Array.from({ length: 60 }, (_, i) => [carol, dave, undefined][i % 3]);
    const answers = await Promise.all(
      readers.map((user) =>
        user
          ? call('GET', '/itineraries', { token: user.token })
          : call('GET', `/itineraries/share/${shareToken}`),
      ),
    );
    answers.forEach((answer, i) => {
      const user = readers[i];
      expect(answer.status).toBe(200);
      if (user)
        expect(answer.body.map((itinerary: { id: string }) => itinerary.id)).toEqual([
          own.get(user.token),
        ]);
      else expect(answer.body.title).toBe('Alice only');
    });
  });
});

// The link tokens, each against the endpoints of another kind: a share link, a tracking link, a
// driver link of another route and a revoked driver link never re-order a route (with or without
// the owner's session), and a stop's proof photo opens only through that stop's own tracking link
// while its owner shows it, never through another stop's, a share or a driver link.
describe('which link token opens POST /drive/{token}/order and GET /track/{token}/photo', () => {
  const firstPhoto = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(60, 1)]);
  const secondPhoto = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(60, 2)]);
  const thirdPhoto = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(60, 3)]);
  const broadway = { name: '120 Broadway, New York', lat: 40.7081, lng: -74.0105 };
  let route: { id: string; stops: { id: string }[] };
  let driver: string;
  let revokedDriver: string;
  let othersDriver: string;
  let share: string;
  /** The tracking link of each stop after the start: the first and the third show the photo. */
  let tracks: string[];

  const tokenAfter = (url: string, marker: string) => url.split(marker)[1];
  const order = (token: string, body: unknown, session?: string) =>
    call('POST', `/drive/${token}/order`, { body, token: session });
  const photo = (token: string, session?: string) =>
    fetch(`${apiUrl()}/track/${token}/photo`, {
      headers: session ? { authorization: `Bearer ${session}` } : {},
    });
  const stopOrder = async () =>
    (await call('GET', `/itineraries/${route.id}`, { token: alice.token })).body.stops.map(
      (stop: { id: string }) => stop.id,
    );
  const deliverWithPhoto = async (stop: string, image: Buffer) => {
    const id = randomUUID();
    const sent = await call('POST', `/drive/${driver}/reports`, {
      body: { id, stopId: stop, status: 'delivered', at: new Date().toISOString() },
    });
    expect(sent.status).toBe(201);
    const stored = await fetch(`${apiUrl()}/drive/${driver}/reports/${id}/photo`, {
      method: 'PUT',
      body: new Uint8Array(image),
    });
    expect(stored.status).toBe(201);
  };

  beforeAll(async () => {
    const created = await call('POST', '/itineraries', {
      token: alice.token,
      body: {
        title: 'Alice’s links',
        stops: [stops.timesSquare, stops.empireState, stops.unionSquare, broadway],
      },
    });
    route = created.body;
    const link = () => call('POST', `/itineraries/${route.id}/driver-link`, { token: alice.token });
    // A new driver link revokes the one before.
    revokedDriver = tokenAfter((await link()).body.driverUrl, '/drive/');
    driver = tokenAfter((await link()).body.driverUrl, '/drive/');
    const bobs = await call('POST', '/itineraries', {
      token: bob.token,
      body: { title: 'Bob’s links', stops: [stops.timesSquare, stops.empireState] },
    });
    othersDriver = tokenAfter(
      (await call('POST', `/itineraries/${bobs.body.id}/driver-link`, { token: bob.token })).body
        .driverUrl,
      '/drive/',
    );
    share = tokenAfter(
      (await call('POST', `/itineraries/${route.id}/share`, { token: alice.token })).body.shareUrl,
      '/share/',
    );
    const links = await call('POST', `/itineraries/${route.id}/tracking-links`, {
      token: alice.token,
    });
    tracks = links.body.links.map((item: { trackingUrl: string }) =>
      tokenAfter(item.trackingUrl, '/track/'),
    );
    for (const place of [1, 3])
      await call('POST', `/itineraries/${route.id}/stops/${route.stops[place].id}/tracking-link`, {
        token: alice.token,
        body: { showPhoto: true },
      });
  });

  it('re-orders only through the route’s own active driver link', async () => {
    const before = await stopOrder();
    const version = (await call('GET', `/drive/${driver}`)).body.version as string;
    const body = { stopIds: [...before.slice(1)].reverse(), version };
    // Another route's link, with its own route's version: the owner's stops are not on it.
    const othersVersion = (await call('GET', `/drive/${othersDriver}`)).body.version as string;
    for (const [token, session] of [
      [share, undefined],
      [share, alice.token],
      [tracks[0], undefined],
      [tracks[0], alice.token],
      [othersDriver, undefined],
      [othersDriver, alice.token],
      [revokedDriver, undefined],
      [revokedDriver, alice.token],
      ['A'.repeat(43), alice.token],
    ] as const) {
      const answer = await order(
        token,
        token === othersDriver ? { ...body, version: othersVersion } : body,
        session,
      );
      expect(answer.status, `${token} ${session ? 'with' : 'without'} the owner’s session`).toBe(
        404,
      );
      expect(answer.body).toMatchObject({ error: expect.any(String) });
    }
    // The owner's session alone opens no driver endpoint either.
    expect(
      (await call('POST', `/drive/${route.id}/order`, { body, token: alice.token })).status,
    ).toBe(404);
    expect(await stopOrder()).toEqual(before);
    // The link itself does.
    const saved = await order(driver, body);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(await stopOrder()).toEqual([before[0], ...body.stopIds]);
  });

  it('serves a stop’s photo only through its own tracking link, while its owner shows it', async () => {
    await deliverWithPhoto(route.stops[1].id, firstPhoto);
    await deliverWithPhoto(route.stops[2].id, secondPhoto);
    await deliverWithPhoto(route.stops[3].id, thirdPhoto);
    const [first, second, third] = tracks;
    const bytes = async (answer: Response) => Buffer.from(await answer.arrayBuffer());

    const shown = await photo(first);
    expect(shown.status).toBe(200);
    expect((await bytes(shown)).equals(firstPhoto)).toBe(true);
    // Another stop's link shows that stop's own photo, never this one's.
    const other = await photo(third);
    expect(other.status).toBe(200);
    const otherBytes = await bytes(other);
    expect(otherBytes.equals(thirdPhoto)).toBe(true);
    expect(otherBytes.equals(firstPhoto)).toBe(false);

    // The owner did not choose to show the second stop's photo: nobody gets it, the owner's
    // session and the route's other tokens included.
    for (const [token, session] of [
      [second, undefined],
      [second, alice.token],
      [share, undefined],
      [share, alice.token],
      [driver, undefined],
      [driver, alice.token],
      [othersDriver, undefined],
      ['A'.repeat(43), alice.token],
    ] as const) {
      const answer = await photo(token, session);
      expect(answer.status, `${token} ${session ? 'with' : 'without'} the owner’s session`).toBe(
        404,
      );
      expect(await answer.json()).toEqual({ error: expect.any(String) });
    }
    expect((await call('GET', `/track/${second}`)).body).not.toHaveProperty('photoUrl');

    // Revoked, the first stop's link opens nothing; the third's still shows its own.
    expect(
      (
        await call('DELETE', `/itineraries/${route.id}/stops/${route.stops[1].id}/tracking-link`, {
          token: alice.token,
        })
      ).status,
    ).toBe(204);
    expect((await photo(first)).status).toBe(404);
    expect((await bytes(await photo(third))).equals(thirdPhoto)).toBe(true);
  });
});
