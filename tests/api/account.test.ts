// The user's own data over HTTP, against the real local stack:
// - share links that show the stops' notes only when the owner includes them;
// - GET /api/account/export, compared with what the database holds (read back through the
//   Data API with the user's own token, not through the function under test);
// - DELETE /api/account: exactly the caller's account, everything of it, nobody else's.
import { createHmac, randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { localKeys } from '../../supabase/local/settings.mjs';
import { call, newUser, stops, withoutStopIds, type TestUser } from './client.ts';
import { SITE_URL } from './global-setup.ts';

type Stop = { name: string; lat: number; lng: number; note?: string; status?: string };
const withNotes: Stop[] = [
  { ...stops.timesSquare, note: 'Door code 4711' },
  { ...stops.empireState, status: 'done' },
  { ...stops.unionSquare, note: 'Call Ann: +1 212 555 0100', status: 'skipped' },
];
const withoutNotes = withNotes.map(({ note: _note, ...stop }) => stop);

const tokenOf = (shareUrl: string) => shareUrl.split('/share/')[1];

async function createRoute(owner: TestUser, title = 'Deliveries with door codes') {
  const created = await call('POST', '/itineraries', {
    token: owner.token,
    body: { title, stops: withNotes },
  });
  expect(created.status).toBe(201);
  return created.body as { id: string; title: string };
}

/** Rows as the database holds them, read through the Data API with the user's own token. */
async function databaseRows(owner: TestUser, table: 'itineraries' | 'itinerary_shares') {
  const answer = await fetch(`${inject('gatewayUrl')}/rest/v1/${table}?select=*`, {
    headers: { apikey: localKeys.publishableKey, authorization: `Bearer ${owner.token}` },
  });
  expect(answer.status).toBe(200);
  return (await answer.json()) as Record<string, unknown>[];
}

let alice: TestUser;
let bob: TestUser;
beforeAll(async () => {
  [alice, bob] = await Promise.all([newUser(), newUser()]);
});

describe('share links and the notes for the driver', () => {
  it('a new link leaves the notes out: the shared view has stops, statuses and order, no note', async () => {
    const { id } = await createRoute(alice);
    const shared = await call('POST', `/itineraries/${id}/share`, { token: alice.token });
    expect(shared.status).toBe(200);
    expect(shared.body).toEqual({ shareUrl: expect.any(String), includeNotes: false });
    const view = await call('GET', `/itineraries/share/${tokenOf(shared.body.shareUrl)}`);
    expect({ ...view.body, stops: withoutStopIds(view.body.stops) }).toEqual({
      title: 'Deliveries with door codes',
      stops: withoutNotes,
    });
    // The notes' own texts: a bare number such as 555 can occur in a stop's random id.
    expect(JSON.stringify(view.body)).not.toMatch(/Door code 4711|212 555 0100/);
  });

  it('includeNotes: true shows them; switching keeps the same link; false hides them again', async () => {
    const { id } = await createRoute(alice);
    const first = await call('POST', `/itineraries/${id}/share`, {
      token: alice.token,
      body: { includeNotes: true },
    });
    expect(first.body).toEqual({ shareUrl: expect.any(String), includeNotes: true });
    const token = tokenOf(first.body.shareUrl);
    expect(withoutStopIds((await call('GET', `/itineraries/share/${token}`)).body.stops)).toEqual(
      withNotes,
    );

    const off = await call('POST', `/itineraries/${id}/share`, {
      token: alice.token,
      body: { includeNotes: false },
    });
    expect(off.body).toEqual({ shareUrl: first.body.shareUrl, includeNotes: false });
    expect(withoutStopIds((await call('GET', `/itineraries/share/${token}`)).body.stops)).toEqual(
      withoutNotes,
    );

    // Sharing again without a body keeps the link's choice.
    await call('POST', `/itineraries/${id}/share`, {
      token: alice.token,
      body: { includeNotes: true },
    });
    const again = await call('POST', `/itineraries/${id}/share`, { token: alice.token });
    expect(again.body).toEqual({ shareUrl: first.body.shareUrl, includeNotes: true });
    expect(await call('GET', `/itineraries/${id}/share`, { token: alice.token })).toMatchObject({
      status: 200,
      body: { shareUrl: first.body.shareUrl, includeNotes: true },
    });
  });

  it('revoking and sharing again stay as before: a new link, notes only if asked', async () => {
    const { id } = await createRoute(alice);
    const old = await call('POST', `/itineraries/${id}/share`, {
      token: alice.token,
      body: { includeNotes: true },
    });
    expect((await call('DELETE', `/itineraries/${id}/share`, { token: alice.token })).status).toBe(
      204,
    );
    expect((await call('GET', `/itineraries/${id}/share`, { token: alice.token })).status).toBe(
      404,
    );
    expect((await call('GET', `/itineraries/share/${tokenOf(old.body.shareUrl)}`)).status).toBe(
      404,
    );
    const fresh = await call('POST', `/itineraries/${id}/share`, { token: alice.token });
    expect(fresh.body.shareUrl).not.toBe(old.body.shareUrl);
    expect(fresh.body.includeNotes).toBe(false);
    expect(
      withoutStopIds(
        (await call('GET', `/itineraries/share/${tokenOf(fresh.body.shareUrl)}`)).body.stops,
      ),
    ).toEqual(withoutNotes);
  });

  it('refuses an includeNotes that is not a boolean (400 {error}) and changes nothing', async () => {
    const { id } = await createRoute(alice);
    await call('POST', `/itineraries/${id}/share`, { token: alice.token });
    for (const body of [
      { includeNotes: 'true' },
      { includeNotes: 1 },
      { includeNotes: null },
      [],
      'x',
    ]) {
      const answer = await call('POST', `/itineraries/${id}/share`, { token: alice.token, body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body).toEqual({ error: expect.any(String) });
    }
    const raw = await call('POST', `/itineraries/${id}/share`, {
      token: alice.token,
      rawBody: '{"includeNotes":',
      headers: { 'content-type': 'application/json' },
    });
    expect(raw.status).toBe(400);
    expect(
      (await call('GET', `/itineraries/${id}/share`, { token: alice.token })).body.includeNotes,
    ).toBe(false);
  });
});

describe('GET /api/account/export', () => {
  let owner: TestUser;
  let kept: { id: string };
  let sharedUrl: string;
  let revokedUrl: string;

  beforeAll(async () => {
    owner = await newUser();
    kept = await createRoute(owner, 'Monday');
    const second = await createRoute(owner, 'Tuesday');
    revokedUrl = (await call('POST', `/itineraries/${second.id}/share`, { token: owner.token }))
      .body.shareUrl;
    await call('DELETE', `/itineraries/${second.id}/share`, { token: owner.token });
    sharedUrl = (
      await call('POST', `/itineraries/${second.id}/share`, {
        token: owner.token,
        body: { includeNotes: true },
      })
    ).body.shareUrl;
    await createRoute(bob, 'Bob’s own');
  });

  it('is a JSON attachment with the account, every itinerary (stops, notes, statuses) and every share link', async () => {
    const answer = await call('GET', '/account/export', { token: owner.token });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    expect(answer.headers.get('content-disposition')).toMatch(
      /^attachment; filename="route-planner-data-\d{4}-\d\d-\d\d\.json"$/,
    );
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const data = answer.body;
    expect(data).toMatchObject({
      format: 'route-planner-account-export',
      version: 1,
      exported_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      account: { id: owner.id, email: owner.email, created_at: expect.any(String) },
    });
    expect(data.itineraries.map((i: { title: string }) => i.title)).toEqual(['Monday', 'Tuesday']);
    expect(withoutStopIds(data.itineraries[0].stops)).toEqual(withNotes);
    expect(data.itineraries[0].share_links).toEqual([]);
    expect(data.itineraries[1].share_links).toEqual([
      {
        url: revokedUrl,
        include_notes: false,
        created_at: expect.any(String),
        revoked_at: expect.any(String),
      },
      { url: sharedUrl, include_notes: true, created_at: expect.any(String), revoked_at: null },
    ]);
    expect(revokedUrl.startsWith(`${SITE_URL}/share/`)).toBe(true);
  });

  it('matches the database row for row (read through the Data API with the owner’s token)', async () => {
    const data = (await call('GET', '/account/export', { token: owner.token })).body;
    const rows = await databaseRows(owner, 'itineraries');
    const shares = await databaseRows(owner, 'itinerary_shares');
    expect(data.itineraries).toHaveLength(rows.length);
    for (const row of rows) {
      const exported = data.itineraries.find((i: { id: string }) => i.id === row.id);
      expect(exported).toMatchObject({
        id: row.id,
        title: row.title,
        stops: row.stops,
        total_distance: row.total_distance,
        total_duration: row.total_duration,
      });
      expect(Date.parse(exported.created_at)).toBe(Date.parse(String(row.created_at)));
      expect(Date.parse(exported.updated_at)).toBe(Date.parse(String(row.updated_at)));
      const links = shares.filter((share) => share.itinerary_id === row.id);
      expect(exported.share_links.map((l: { url: string }) => l.url).sort()).toEqual(
        links.map((share) => `${SITE_URL}/share/${String(share.token)}`).sort(),
      );
      for (const link of links) {
        const listed = exported.share_links.find((l: { url: string }) =>
          l.url.endsWith(`/${String(link.token)}`),
        );
        expect(listed.include_notes).toBe(link.include_notes);
        expect(listed.revoked_at === null).toBe(link.revoked_at === null);
      }
    }
    expect(data.itineraries.some((i: { id: string }) => i.id === kept.id)).toBe(true);
  });

  it('has only the caller’s data', async () => {
    const text = JSON.stringify(
      (await call('GET', '/account/export', { token: owner.token })).body,
    );
    expect(text).not.toContain('Bob’s own');
    expect(text).not.toContain(bob.email);
  });

  it('needs a valid session (401 {error})', async () => {
    for (const token of [undefined, 'not-a-token-at-all', `${owner.token.slice(0, -4)}AAAA`]) {
      const answer = await call('GET', '/account/export', { token });
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({ error: expect.any(String) });
    }
  });
});

const base64url = (value: string) => Buffer.from(value).toString('base64url');
/** A token signed with the local JWT secret: correctly signed, for the claims given. */
function signed(payload: object) {
  const unsigned = `${base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${base64url(JSON.stringify(payload))}`;
  return `${unsigned}.${createHmac('sha256', localKeys.jwtSecret).update(unsigned).digest('base64url')}`;
}
const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as Record<string, unknown>;

describe('DELETE /api/account', () => {
  it('needs the account’s own email address typed again (400 {error}), and deletes nothing otherwise', async () => {
    const carol = await newUser();
    const { id } = await createRoute(carol);
    for (const body of [
      undefined,
      {},
      { confirmEmail: '' },
      { confirmEmail: bob.email },
      { confirmEmail: 42 },
    ]) {
      const answer = await call('DELETE', '/account', { token: carol.token, body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body).toEqual({ error: expect.any(String) });
    }
    expect((await call('GET', `/itineraries/${id}`, { token: carol.token })).status).toBe(200);
  });

  it('refuses anonymous, tampered, expired and other-audience tokens (401), deleting nothing', async () => {
    const carol = await newUser();
    const { id } = await createRoute(carol);
    const now = Math.floor(Date.now() / 1000);
    const tokens = [
      undefined,
      `${carol.token.split('.')[0]}.${base64url(JSON.stringify({ ...claimsOf(carol.token), sub: bob.id }))}.${carol.token.split('.')[2]}`,
      signed({ ...claimsOf(carol.token), iat: now - 7200, exp: now - 3600 }),
      signed({ ...claimsOf(carol.token), aud: 'some-other-service' }),
    ];
    for (const token of tokens) {
      const answer = await call('DELETE', '/account', {
        token,
        body: { confirmEmail: carol.email },
      });
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({ error: expect.any(String) });
    }
    expect((await call('GET', `/itineraries/${id}`, { token: carol.token })).status).toBe(200);
    expect((await call('GET', '/itineraries', { token: bob.token })).status).toBe(200);
  });

  it('deletes exactly the caller: account, itineraries, share links (404 at once); another user intact', async () => {
    const dave = await newUser();
    const { id } = await createRoute(dave);
    const link = (await call('POST', `/itineraries/${id}/share`, { token: dave.token })).body
      .shareUrl;
    const bobRoute = await createRoute(bob, 'Bob keeps this');
    const bobLink = (await call('POST', `/itineraries/${bobRoute.id}/share`, { token: bob.token }))
      .body.shareUrl;
    const bobBefore = (await call('GET', '/itineraries', { token: bob.token })).body;

    const deleted = await call('DELETE', '/account', {
      token: dave.token,
      body: { confirmEmail: `  ${dave.email.toUpperCase()} ` },
    });
    expect(deleted.status).toBe(204);

    expect(await call('GET', `/itineraries/share/${tokenOf(link)}`)).toMatchObject({
      status: 404,
      body: { error: 'Route not found or no longer available' },
    });
    expect((await call('GET', '/itineraries', { token: dave.token })).status).toBe(401);
    expect((await call('GET', '/account/export', { token: dave.token })).status).toBe(401);
    expect(
      (await call('POST', '/auth/login', { body: { email: dave.email, password: dave.password } }))
        .status,
    ).toBe(401);
    expect(
      (await call('POST', '/auth/refresh', { body: { refreshToken: dave.refreshToken } })).status,
    ).toBe(401);
    // Deleting again with the old token: the account is gone.
    expect(
      (await call('DELETE', '/account', { token: dave.token, body: { confirmEmail: dave.email } }))
        .status,
    ).toBe(401);

    expect((await call('GET', '/itineraries', { token: bob.token })).body).toEqual(bobBefore);
    expect((await call('GET', `/itineraries/share/${tokenOf(bobLink)}`)).status).toBe(200);

    // The address is free again: a new, empty account.
    const again = await call('POST', '/auth/register', {
      body: { email: dave.email, password: 'another-password-1' },
    });
    expect(again.status).toBe(201);
    expect(again.body.user.id).not.toBe(dave.id);
    expect((await call('GET', '/itineraries', { token: again.body.token })).body).toEqual([]);
  });
});

describe('an unknown route under /api/account', () => {
  it('is a 404 {error}', async () => {
    const answer = await call('GET', `/account/${randomUUID()}`, { token: alice.token });
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ error: expect.any(String) });
  });
});
