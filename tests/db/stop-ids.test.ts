// Every stop has an id that stays with it (migration *_stable_stop_ids.sql): the ids a writer
// sends are kept, a stop without one gets one, an update without ids keeps the saved ids of the
// stops it did not change, and the table refuses stops whose ids are not UUIDs or repeat.
import { beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
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

  it('a route saved before stops had ids gets them on upgrade, and can be changed again', async () => {
    const route = await insertItinerary(db(), owner, 'Saved before ids', [depot, bakery]);
    const [{ updated_at: version }] = await db().admin.query<{ updated_at: string }>(
      `select updated_at::text from public.itineraries where id = $1::uuid`,
      [route],
    );
    const upgrade = await readFile(
      new URL(
        '../../supabase/migrations/20261128090000_ids_for_stops_saved_before_ids.sql',
        import.meta.url,
      ),
      'utf8',
    );
    await db().transaction(async (tx) => {
      // The route as an upgraded database holds it: its stops without ids, under a stops
      // check that was never run on it.
      await tx.query(`alter table public.itineraries drop constraint itineraries_stops_check`);
      await tx.query(
        `alter table public.itineraries disable trigger itineraries_assign_stop_ids, disable trigger itineraries_touch_updated_at`,
      );
      await tx.query(
        `update public.itineraries set stops = (select jsonb_agg(stop - 'id' order by position)
           from jsonb_array_elements(stops) with ordinality as listed (stop, position))
         where id = $1::uuid`,
        [route],
      );
      await tx.query(
        `alter table public.itineraries enable trigger itineraries_assign_stop_ids, enable trigger itineraries_touch_updated_at`,
      );
      await tx.query(
        `alter table public.itineraries add constraint itineraries_stops_check
           check (private.stops_are_valid(stops)) not valid`,
      );
      for (const statement of upgrade.replace(/^\s*--.*$/gm, '').split(/;\s*$/m)) {
        if (statement.trim()) await tx.query(statement);
      }
      await tx.query(`alter table public.itineraries validate constraint itineraries_stops_check`);
    });

    const stops = await stopsOf(route);
    expect(stops.map(({ id: _id, ...stop }) => stop)).toEqual([depot, bakery]);
    expect(stops.every((stop) => UUID.test(stop.id))).toBe(true);
    expect(new Set(stops.map((stop) => stop.id)).size).toBe(2);
    const [{ updated_at: after }] = await db().admin.query<{ updated_at: string }>(
      `select updated_at::text from public.itineraries where id = $1::uuid`,
      [route],
    );
    expect(after).toBe(version);
    const renamed = await outcome(
      asRole(db(), 'authenticated', owner.claims, (tx) =>
        tx.query(
          `update public.itineraries set title = 'Renamed' where id = $1::uuid returning title`,
          [route],
        ),
      ),
    );
    expect(renamed).toEqual({ code: 'ok', rows: [{ title: 'Renamed' }] });
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
