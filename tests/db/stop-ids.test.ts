// Every stop has an id that stays with it (migration *_stable_stop_ids.sql): the ids a writer
// sends are kept, a stop without one gets one, an update without ids keeps the saved ids of the
// stops it did not change, and the table refuses stops whose ids are not UUIDs or repeat.
import { beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import {
  asRole,
  describeOnEveryBackend,
  insertItinerary,
  insertUser,
  outcome,
  SQLSTATE,
  type TestUser,
} from './harness';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

interface StoredStop {
  id: string;
  name: string;
  lat: number;
  lng: number;
}

const depot = { name: 'Depot', lat: 48.85, lng: 2.35 };
const bakery = { name: 'Bakery', lat: 48.86, lng: 2.34 };
const pharmacy = { name: 'Pharmacy', lat: 48.87, lng: 2.33 };

describeOnEveryBackend('Stop ids', (db) => {
  let owner: TestUser;

  beforeAll(async () => {
    owner = await insertUser(db(), 'stop-ids');
  });

  const stopsOf = async (id: string) =>
    (
      await db().admin.query<{ stops: StoredStop[] }>(
        `select stops from public.itineraries where id = $1::uuid`,
        [id],
      )
    )[0].stops;

  /** Saves `stops` as the owner, through RLS as the api and the Data API do. */
  const saveStops = (id: string, stops: unknown) =>
    asRole(db(), 'authenticated', owner.claims, (tx) =>
      tx.query<{ stops: StoredStop[] }>(
        `update public.itineraries set stops = $1::text::jsonb where id = $2::uuid returning stops`,
        [JSON.stringify(stops), id],
      ),
    );

  it('gives every stop saved without an id a UUID of its own', async () => {
    const stops = await stopsOf(await insertItinerary(db(), owner, 'New', [depot, bakery]));
    expect(stops.map(({ id: _id, ...stop }) => stop)).toEqual([depot, bakery]);
    expect(stops.every((stop) => UUID.test(stop.id))).toBe(true);
    expect(new Set(stops.map((stop) => stop.id)).size).toBe(2);
  });

  it('keeps the ids a writer sends, through a reorder and edits', async () => {
    const ids = [randomUUID(), randomUUID(), randomUUID()];
    const sent = [depot, bakery, pharmacy].map((stop, i) => ({ id: ids[i], ...stop }));
    const route = await insertItinerary(db(), owner, 'Given ids', sent);
    expect((await stopsOf(route)).map((stop) => stop.id)).toEqual(ids);

    const [saved] = await saveStops(route, [
      { ...sent[2], name: 'Pharmacy (back door)' },
      sent[0],
      { ...sent[1], lat: 48.861 },
    ]);
    expect(saved.stops.map((stop) => stop.id)).toEqual([ids[2], ids[0], ids[1]]);
  });

  it('an update without ids keeps the saved ids of the stops it did not change', async () => {
    const route = await insertItinerary(db(), owner, 'Plain clients', [depot, bakery, pharmacy]);
    const before = await stopsOf(route);
    // The /api's plain shape {name, lat, lng}: the stops reordered, one renamed, one added.
    const [saved] = await saveStops(route, [
      pharmacy,
      depot,
      { ...bakery, name: 'Bakery (closed)' },
      { name: 'Florist', lat: 48.88, lng: 2.32 },
    ]);
    const ids = saved.stops.map((stop) => stop.id);
    expect(ids[0]).toBe(before[2].id);
    expect(ids[1]).toBe(before[0].id);
    expect(ids.slice(2).some((id) => before.some((stop) => stop.id === id))).toBe(false);
    expect(new Set(ids).size).toBe(4);
  });

  it('two stops at the same place keep their ids in order', async () => {
    const route = await insertItinerary(db(), owner, 'Twice', [depot, bakery, depot]);
    const before = await stopsOf(route);
    const [saved] = await saveStops(route, [depot, depot, bakery]);
    expect(saved.stops.map((stop) => stop.id)).toEqual([before[0].id, before[2].id, before[1].id]);
  });

  it('a repeated, malformed or upper-case id is replaced or normalised, never refused', async () => {
    const id = randomUUID();
    const route = await insertItinerary(db(), owner, 'Odd ids', [
      { id: id.toUpperCase(), ...depot },
      { id, ...bakery },
      { id: 'stop-3', ...pharmacy },
    ]);
    const stops = await stopsOf(route);
    expect(stops[0].id).toBe(id);
    expect(stops[1].id).not.toBe(id);
    expect(stops.every((stop) => UUID.test(stop.id))).toBe(true);
  });

  it('a write that leaves the stops alone keeps them as they are', async () => {
    const route = await insertItinerary(db(), owner, 'Untouched', [depot, bakery]);
    const before = await stopsOf(route);
    await asRole(db(), 'authenticated', owner.claims, (tx) =>
      tx.query(`update public.itineraries set title = 'Renamed' where id = $1::uuid`, [route]),
    );
    expect(await stopsOf(route)).toEqual(before);
  });

  describe('the table refuses', () => {
    it('stops whose id is missing, not a UUID or repeated (the trigger bypassed)', async () => {
      const route = await insertItinerary(db(), owner, 'Guarded', [depot]);
      const [{ valid }] = await db().admin.query<{ valid: boolean }>(
        `select private.stops_are_valid($1::text::jsonb) and not private.stops_are_valid($2::text::jsonb)
            and not private.stops_are_valid($3::text::jsonb) as valid`,
        [
          JSON.stringify([{ id: randomUUID(), ...depot }]),
          JSON.stringify([depot]),
          JSON.stringify([
            { id: route, ...depot },
            { id: route, ...bakery },
          ]),
        ],
      );
      expect(valid).toBe(true);
      expect(
        await outcome(
          db().admin.query(
            `select private.stops_are_valid('[{"id": "x", "name": "A", "lat": 1, "lng": 2}]') as valid`,
          ),
        ),
      ).toEqual({ code: 'ok', rows: [{ valid: false }] });
    });

    it('nothing else: a stop that is not an object is still refused by the check', async () => {
      const result = await outcome(
        asRole(db(), 'authenticated', owner.claims, (tx) =>
          tx.query(
            `insert into public.itineraries (title, stops) values ('x', '[1]') returning id`,
          ),
        ),
      );
      expect(result.code).toBe(SQLSTATE.checkViolation);
    });
  });
});
