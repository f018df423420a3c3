// Share links show the stops' notes for the driver only when the owner included them
// (migration *_share_links_include_notes_by_choice.sql). The public shared view drops the
// notes itself, so it holds for every caller of the function: the api, the Data API with
// the anon key, SQL as anon. Links made before the column existed (the default) show none.
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { localKeys } from '../../supabase/local/settings.mjs';
import {
  asRole,
  asRoleRolledBack,
  describeOnEveryBackend,
  insertItinerary,
  insertShare,
  outcome,
  signUpUser,
  SQLSTATE,
  snapshotOf,
  stopId,
  type TestUser,
} from './harness';

const stopsWithNotes = [
  {
    id: stopId(1),
    name: 'Times Square, Manhattan, New York',
    lat: 40.758,
    lng: -73.9855,
    note: 'Door code 4711',
  },
  {
    id: stopId(2),
    name: 'Empire State Building, 350 5th Ave, New York',
    lat: 40.7484,
    lng: -73.9857,
    status: 'done',
  },
  {
    id: stopId(3),
    name: 'Union Square, Manhattan, New York',
    lat: 40.7359,
    lng: -73.9911,
    note: 'Call Ann: +1 212 555 0100',
    status: 'skipped',
  },
];
const withoutNotes = stopsWithNotes.map(({ note: _note, ...stop }) => stop);

describeOnEveryBackend('Share links and notes for the driver', (db) => {
  let alice: TestUser;
  let bob: TestUser;
  let trip: string;
  let plainToken: string;
  let notesToken: string;

  beforeAll(async () => {
    alice = await signUpUser(db(), 'alice');
    bob = await signUpUser(db(), 'bob');
    trip = await insertItinerary(db(), alice, 'Deliveries with door codes', stopsWithNotes);
    // A link as every link was made before the choice existed: no include_notes given.
    plainToken = await insertShare(db(), alice, trip);
    await db().admin.query(
      `update public.itinerary_shares set revoked_at = now() where token = $1`,
      [plainToken],
    );
    plainToken = await insertShare(db(), alice, trip);
    const otherTrip = await insertItinerary(db(), alice, 'Shared with notes', stopsWithNotes);
    notesToken = await insertShare(db(), alice, otherTrip);
    await db().admin.query(
      `update public.itinerary_shares set include_notes = true where token = $1`,
      [notesToken],
    );
  });

  const sharedAsAnon = (token: string) =>
    asRole(db(), 'anon', { role: 'anon' }, (tx) =>
      tx.query<{ title: string; stops: unknown }>(
        `select title, stops from public.get_shared_route($1)`,
        [token],
      ),
    );

  it('a new link leaves notes out (include_notes defaults to false)', async () => {
    const [row] = await db().admin.query<{ include_notes: boolean }>(
      `select include_notes from public.itinerary_shares where token = $1`,
      [plainToken],
    );
    expect(row.include_notes).toBe(false);
  });

  it('the shared view of a link without notes has every stop, status and order, and no note', async () => {
    const rows = await sharedAsAnon(plainToken);
    expect(rows).toEqual([{ title: 'Deliveries with door codes', stops: withoutNotes }]);
    expect(JSON.stringify(rows)).not.toContain('4711');
    expect(JSON.stringify(rows)).not.toContain('555');
  });

  it('the shared view of a link that includes notes shows them', async () => {
    expect(await sharedAsAnon(notesToken)).toEqual([
      { title: 'Shared with notes', stops: stopsWithNotes },
    ]);
  });

  it('holds through the Data API with the anon key (the function itself drops the notes)', async () => {
    const viaDataApi = async (token: string) => {
      const answer = await db().fetch(
        new Request('http://localhost/rest/v1/rpc/get_shared_route', {
          method: 'POST',
          headers: { apikey: localKeys.publishableKey, 'content-type': 'application/json' },
          body: JSON.stringify({ share_token: token }),
        }),
      );
      expect(answer.status).toBe(200);
      return answer.json();
    };
    expect(await viaDataApi(plainToken)).toEqual([
      { title: 'Deliveries with door codes', stops: withoutNotes, day_plan: null },
    ]);
    expect(await viaDataApi(notesToken)).toEqual([
      { title: 'Shared with notes', stops: stopsWithNotes, day_plan: null },
    ]);
  });

  it('a route without any stop still shares as an empty list', async () => {
    const empty = await insertItinerary(db(), alice, 'Nothing yet', []);
    const token = await insertShare(db(), alice, empty);
    expect(await sharedAsAnon(token)).toEqual([{ title: 'Nothing yet', stops: [] }]);
  });

  it('the owner may switch notes on and off for an active link (RLS update)', async () => {
    const switched = await asRoleRolledBack(db(), 'authenticated', alice.claims, async (tx) => {
      const updated = await tx.query(
        `update public.itinerary_shares set include_notes = true where token = $1 returning token`,
        [plainToken],
      );
      const view = await tx.query<{ stops: unknown }>(
        `select stops from public.get_shared_route($1)`,
        [plainToken],
      );
      return { updated, view };
    });
    expect(switched.updated).toEqual([{ token: plainToken }]);
    expect(switched.view).toEqual([{ stops: stopsWithNotes }]);
  });

  describe('nobody else can make a link show notes', () => {
    let aliceBefore: unknown;
    beforeEach(async () => {
      aliceBefore = await snapshotOf(db(), alice);
    });
    afterEach(async () => {
      expect(await snapshotOf(db(), alice)).toEqual(aliceBefore);
      expect(await sharedAsAnon(plainToken)).toEqual([
        { title: 'Deliveries with door codes', stops: withoutNotes },
      ]);
    });

    it('another signed-in user updates nothing', async () => {
      const rows = await asRole(db(), 'authenticated', bob.claims, (tx) =>
        tx.query(
          `update public.itinerary_shares set include_notes = true where token = $1 returning token`,
          [plainToken],
        ),
      );
      expect(rows).toEqual([]);
    });

    it('anon changes nothing', async () => {
      const result = await outcome(
        asRole(db(), 'anon', { role: 'anon' }, (tx) =>
          tx.query(
            `update public.itinerary_shares set include_notes = true where token = $1 returning token`,
            [plainToken],
          ),
        ),
      );
      // Refused by the grants (hosted Supabase, and here before the first Data API request)
      // or by RLS, which has no policy for anon: @supabase/lite grants every API role all
      // table privileges in schemas with RLS the first time it serves a request.
      if (result.code === 'ok') expect(result.rows).toEqual([]);
      else expect(result.code).toBe(SQLSTATE.insufficientPrivilege);
    });
  });
});
