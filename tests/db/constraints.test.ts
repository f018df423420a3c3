// The table checks hold whoever writes (the api function validates too, but the
// database is the last line): stops, titles, share tokens, one live link per route,
// cascades and updated_at. Writes go through the owner's role, as the api function does.
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  SQLSTATE,
  asRole,
  describeOnEveryBackend,
  insertItinerary,
  insertShare,
  insertUser,
  outcome,
  sampleStops,
  shareToken,
  snapshotOf,
  withoutStopIds,
  type Row,
  type TestUser,
} from './harness';

/** SQLSTATEs that mean "the database refused the value". */
const REJECTED = [
  SQLSTATE.checkViolation,
  SQLSTATE.notNullViolation,
  '22003' /* out of range */,
  '22P02' /* bad input */,
];

const stop = (overrides: Record<string, unknown> = {}) => ({
  name: 'Lyon, France',
  lat: 45.764,
  lng: 4.8357,
  ...overrides,
});
const withoutKey = (key: string) => {
  const copy: Record<string, unknown> = stop();
  delete copy[key];
  return copy;
};

describeOnEveryBackend('Table checks', (db) => {
  let owner: TestUser;
  let itinerary: string;

  beforeAll(async () => {
    owner = await insertUser(db(), 'owner');
    itinerary = await insertItinerary(db(), owner, 'Existing route');
  });

  const createAsOwner = (title: unknown, stopsJson: string) =>
    asRole(db(), 'authenticated', owner.claims, (tx) =>
      tx.query(
        `insert into public.itineraries (title, stops) values ($1, $2::text::jsonb) returning id, stops`,
        [title, stopsJson],
      ),
    );

  describe('stops', () => {
    let before: unknown;
    beforeEach(async () => {
      before = await snapshotOf(db(), owner);
    });

    describe('rejected (nothing is written)', () => {
      afterEach(async () => {
        expect(await snapshotOf(db(), owner)).toEqual(before);
      });

      it.each<[string, unknown]>([
        ['an object instead of an array', { name: 'Paris', lat: 48.8566, lng: 2.3522 }],
        ['a string instead of an array', 'Paris'],
        ['a number instead of an array', 42],
        ['JSON null instead of an array', null],
        ['a stop that is a string', ['Paris']],
        ['a stop that is null', [null]],
        ['a stop that is an array', [[48.8566, 2.3522]]],
        ['a stop without name', [withoutKey('name')]],
        ['a stop with an empty name', [stop({ name: '' })]],
        ['a stop with a name of 501 characters', [stop({ name: 'x'.repeat(501) })]],
        ['a stop whose name is a number', [stop({ name: 12 })]],
        ['a stop whose name is null', [stop({ name: null })]],
        ['a stop without lat', [withoutKey('lat')]],
        ['a stop without lng', [withoutKey('lng')]],
        ['lat 91', [stop({ lat: 91 })]],
        ['lat -90.000001', [stop({ lat: -90.000001 })]],
        ['lng -181', [stop({ lng: -181 })]],
        ['lng 180.5', [stop({ lng: 180.5 })]],
        ['lat as a numeric string', [stop({ lat: '45.764' })]],
        ['lng as a numeric string', [stop({ lng: '4.8357' })]],
        ['lat "NaN"', [stop({ lat: 'NaN' })]],
        ['lng "Infinity"', [stop({ lng: 'Infinity' })]],
        ['lat "-Infinity"', [stop({ lat: '-Infinity' })]],
        ['lat null', [stop({ lat: null })]],
        ['lat true', [stop({ lat: true })]],
        ['lat as an object', [stop({ lat: { value: 45 } })]],
        ['one bad stop among good ones', [stop(), stop(), stop({ lat: 91 }), stop()]],
        ['a note that is a number', [stop({ note: 1234 })]],
        ['a note that is null', [stop({ note: null })]],
        ['a note of 1001 characters', [stop({ note: 'n'.repeat(1001) })]],
        ['a status that is not done or skipped', [stop({ status: 'finished' })]],
        ['a status that is null', [stop({ status: null })]],
        ['a status that is a boolean', [stop({ status: true })]],
      ])('%s', async (_, stops) => {
        const result = await outcome(createAsOwner('Bad stops', JSON.stringify(stops)));
        expect(result.code).toBe(SQLSTATE.checkViolation);
      });

      it.each([
        ['a number beyond double precision (1e400)', `[{"name": "far", "lat": 1e400, "lng": 0}]`],
        ['a JSON NaN literal (not JSON at all)', `[{"name": "nan", "lat": NaN, "lng": 0}]`],
        ['a JSON Infinity literal', `[{"name": "inf", "lat": 0, "lng": Infinity}]`],
      ])('%s', async (_, stopsJson) => {
        const result = await outcome(createAsOwner('Bad stops', stopsJson));
        expect(REJECTED).toContain(result.code);
      });

      it('an update to invalid stops is refused and the old stops stay', async () => {
        const result = await outcome(
          asRole(db(), 'authenticated', owner.claims, (tx) =>
            tx.query(
              `update public.itineraries set stops = $1::text::jsonb where id = $2::uuid returning id`,
              [JSON.stringify([stop({ lng: -181 })]), itinerary],
            ),
          ),
        );
        expect(result.code).toBe(SQLSTATE.checkViolation);
      });

      it('a null stops value is refused', async () => {
        const result = await outcome(
          asRole(db(), 'authenticated', owner.claims, (tx) =>
            tx.query(
              `insert into public.itineraries (title, stops) values ('x', null) returning id`,
            ),
          ),
        );
        expect(result.code).toBe(SQLSTATE.notNullViolation);
      });
    });

    describe('accepted', () => {
      it.each<[string, unknown[]]>([
        ['an empty array', []],
        [
          'the boundaries lat ±90, lng ±180',
          [stop({ lat: 90, lng: 180 }), stop({ lat: -90, lng: -180 })],
        ],
        ['integers and exponents', [stop({ lat: 45, lng: 5 })]],
        ['a name of exactly 500 characters', [stop({ name: 'x'.repeat(500) })]],
        [
          'a name of 500 non-ASCII characters (counted as characters, not bytes)',
          [stop({ name: 'é'.repeat(500) })],
        ],
        ['a name of one character', [stop({ name: 'A' })]],
        ['a note of 1000 characters', [stop({ note: 'n'.repeat(1000) })]],
        ['an empty note', [stop({ note: '' })]],
        [
          'a done stop and a skipped stop with notes',
          [stop({ status: 'done', note: 'Door code 4521' }), stop({ status: 'skipped' })],
        ],
      ])('%s', async (_, stops) => {
        const rows = await createAsOwner('Good stops', JSON.stringify(stops));
        expect(rows).toHaveLength(1);
        expect(withoutStopIds(rows[0].stops)).toEqual(stops);
      });

      it('10,000 stops (there is no stop limit), kept in order', async () => {
        const many = Array.from({ length: 10_000 }, (_, i) => ({
          name: `Stop ${i + 1}`,
          lat: -89 + (i % 179),
          lng: -179 + (i % 359),
        }));
        const [row] = await asRole(db(), 'authenticated', owner.claims, (tx) =>
          tx.query<Row & { count: number; last: string }>(
            `insert into public.itineraries (title, stops) values ('Long tour', $1::text::jsonb)
             returning jsonb_array_length(stops) as count, stops -> -1 ->> 'name' as last`,
            [JSON.stringify(many)],
          ),
        );
        expect(row).toEqual({ count: 10_000, last: 'Stop 10000' });
      });
    });
  });

  describe('title', () => {
    it.each([
      ['an empty title', '', SQLSTATE.checkViolation],
      ['a title of 201 characters', 't'.repeat(201), SQLSTATE.checkViolation],
      ['a null title', null, SQLSTATE.notNullViolation],
    ])('refuses %s', async (_, title, code) => {
      const result = await outcome(createAsOwner(title, '[]'));
      expect(result.code).toBe(code);
    });

    it.each([
      ['one character', 'A'],
      ['200 characters', 't'.repeat(200)],
      ['200 non-ASCII characters', 'ü'.repeat(200)],
    ])('accepts %s', async (_, title) => {
      const rows = await createAsOwner(title, '[]');
      expect(rows).toHaveLength(1);
    });

    it('refuses an update to an empty title', async () => {
      const result = await outcome(
        asRole(db(), 'authenticated', owner.claims, (tx) =>
          tx.query(`update public.itineraries set title = '' where id = $1::uuid returning id`, [
            itinerary,
          ]),
        ),
      );
      expect(result.code).toBe(SQLSTATE.checkViolation);
    });
  });

  describe('totals', () => {
    it.each(['total_distance', 'total_duration'])('refuses a negative %s', async (column) => {
      const result = await outcome(
        asRole(db(), 'authenticated', owner.claims, (tx) =>
          tx.query(
            `insert into public.itineraries (title, ${column}) values ('x', -1) returning id`,
          ),
        ),
      );
      expect(result.code).toBe(SQLSTATE.checkViolation);
    });
  });

  describe('share tokens', () => {
    let shareable: string;
    beforeEach(async () => {
      shareable = await insertItinerary(db(), owner, 'To share');
    });

    const share = (token: string, itineraryId = shareable) =>
      asRole(db(), 'authenticated', owner.claims, (tx) =>
        tx.query(
          `insert into public.itinerary_shares (token, itinerary_id) values ($1, $2::uuid) returning token`,
          [token, itineraryId],
        ),
      );

    it.each([
      ['21 characters', 'a'.repeat(21)],
      ['129 characters', 'a'.repeat(129)],
      ['a plus sign (base64, not base64url)', `${'a'.repeat(21)}+`],
      ['a slash', `${'a'.repeat(21)}/`],
      ['padding', `${'a'.repeat(22)}==`],
      ['a dot', `${'a'.repeat(21)}.`],
      ['a space', `${'a'.repeat(11)} ${'a'.repeat(11)}`],
      ['a trailing newline', `${'a'.repeat(22)}\n`],
      ['a percent-encoded character', `${'a'.repeat(20)}%41`],
      ['non-ASCII letters', 'é'.repeat(22)],
      ['an empty string', ''],
    ])('refuses a token with %s', async (_, token) => {
      const result = await outcome(share(token));
      expect(result.code).toBe(SQLSTATE.checkViolation);
    });

    it.each([
      ['22 URL-safe characters (128 random bits)', shareToken()],
      ['128 characters', 'A'.repeat(64) + '-_'.repeat(32)],
      ['digits, dashes and underscores', '0123456789-_abcdefghijXYZ'],
    ])('accepts a token of %s', async (_, token) => {
      expect(await share(token)).toEqual([{ token }]);
    });

    it('allows one unrevoked share per itinerary; revoking makes room for a new one', async () => {
      const first = shareToken();
      await share(first);
      const second = await outcome(share(shareToken()));
      expect(second.code).toBe(SQLSTATE.uniqueViolation);

      const revoked = await asRole(db(), 'authenticated', owner.claims, (tx) =>
        tx.query(
          `update public.itinerary_shares set revoked_at = now() where token = $1 returning token`,
          [first],
        ),
      );
      expect(revoked).toEqual([{ token: first }]);
      const third = shareToken();
      expect(await share(third)).toEqual([{ token: third }]);

      const restored = await outcome(
        asRole(db(), 'authenticated', owner.claims, (tx) =>
          tx.query(
            `update public.itinerary_shares set revoked_at = null where token = $1 returning token`,
            [first],
          ),
        ),
      );
      expect(restored.code).toBe(SQLSTATE.uniqueViolation);
    });

    it('refuses a token that is already in use', async () => {
      const token = await insertShare(db(), owner, itinerary);
      const result = await outcome(share(token));
      expect(result.code).toBe(SQLSTATE.uniqueViolation);
    });
  });

  describe('deleting a user', () => {
    it('deletes their itineraries and shares, and nobody else’s', async () => {
      const leaving = await insertUser(db(), 'leaving');
      const theirs = await insertItinerary(db(), leaving, 'Going away');
      await insertShare(db(), leaving, theirs);
      const ownerBefore = await snapshotOf(db(), owner);

      await db().admin.query(`delete from auth.users where id = $1::uuid`, [leaving.id]);

      expect(await snapshotOf(db(), leaving)).toEqual({ itineraries: [], shares: [] });
      const orphans = await db().admin.query(
        `select token from public.itinerary_shares where itinerary_id = $1::uuid`,
        [theirs],
      );
      expect(orphans).toEqual([]);
      expect(await snapshotOf(db(), owner)).toEqual(ownerBefore);
    });
  });

  describe('updated_at', () => {
    const timestamps = async (id: string) => {
      const [row] = await db().admin.query<{ created_at: Date; updated_at: Date }>(
        `select created_at, updated_at from public.itineraries where id = $1::uuid`,
        [id],
      );
      return {
        created: new Date(row.created_at).getTime(),
        updated: new Date(row.updated_at).getTime(),
      };
    };

    it('moves forward on every update, whatever the client sends; created_at stays', async () => {
      const id = await insertItinerary(db(), owner, 'Timestamps', sampleStops);
      const before = await timestamps(id);
      expect(before.updated).toBe(before.created);
      await new Promise((resolve) => setTimeout(resolve, 20));

      await asRole(db(), 'authenticated', owner.claims, (tx) =>
        tx.query(
          `update public.itineraries set title = 'Renamed', updated_at = '2000-01-01' where id = $1::uuid`,
          [id],
        ),
      );
      const after = await timestamps(id);
      expect(after.created).toBe(before.created);
      expect(after.updated).toBeGreaterThan(before.updated);
    });

    it('makes a new version, a millisecond apart at least, on every write, even twice in one transaction', async () => {
      // updated_at is the API's ETag (to the millisecond): two writes must never share one.
      const id = await insertItinerary(db(), owner, 'Versions', sampleStops);
      const versions = await asRole(db(), 'authenticated', owner.claims, async (tx) => {
        const seen: number[] = [];
        for (const title of ['First', 'Second', 'Third']) {
          const [row] = await tx.query<{ updated_at: Date }>(
            `update public.itineraries set title = $2 where id = $1::uuid returning updated_at`,
            [id, title],
          );
          seen.push(new Date(row.updated_at).getTime());
        }
        return seen;
      });
      expect(versions[1] - versions[0]).toBeGreaterThanOrEqual(1);
      expect(versions[2] - versions[1]).toBeGreaterThanOrEqual(1);
    });
  });
});
