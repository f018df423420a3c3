import { describe, expect, it, vi } from 'vitest';

vi.mock('@/lib/supabase', () => ({ getAccessToken: async () => null }));
vi.mock('@/config/env', () => ({ env: { apiUrl: '/api' } }));

import type { Stop } from '@domain/stops.ts';
import { ApiError } from '@/lib/api-client';
import { createMemoryStore } from './model/key-value-store';
import { offlineKeys } from './model/offline-keys';
import type { OutboxEntry, ServerItinerary } from './model/outbox';
import { flushOutbox, queueStops, readOutboxEntry, type OutboxApi } from './sync';

const OWNER = 'user-1';
const STOPS: Stop[] = [
  { name: 'Depot', lat: 45.1, lng: 4.1 },
  { name: 'Bakery', lat: 45.2, lng: 4.2, note: 'Back door' },
  { name: 'School', lat: 45.3, lng: 4.3 },
];

const networkDown = () =>
  new ApiError({ status: 0, code: 'ERR_NETWORK', message: 'Failed to fetch' });
const notFound = () =>
  new ApiError({ status: 404, code: 'ERR_BAD_REQUEST', message: 'Itinerary not found' });
const changedMeanwhile = () =>
  new ApiError({
    status: 412,
    code: 'ERR_BAD_REQUEST',
    message: 'This itinerary was changed elsewhere; load it again before saving',
  });

/** The /api's GET and PUT over one stored itinerary: PUT replaces the stops and bumps updated_at. */
function fakeServer(initial: ServerItinerary) {
  let row: ServerItinerary | null = structuredClone(initial);
  let version = 0;
  const log: { method: 'GET' | 'PUT'; stops?: Stop[] }[] = [];
  const faults: { get?: () => ApiError; put?: () => ApiError } = {};
  let beforePutResolves: (() => Promise<void>) | null = null;
  let beforePutChecks: (() => void) | null = null;
  const api: OutboxApi = {
    async get(id) {
      log.push({ method: 'GET' });
      if (faults.get) throw faults.get();
      if (!row || row.id !== id) throw notFound();
      return structuredClone(row);
    },
    async put(id, input, onlyIfUpdatedAt) {
      log.push({ method: 'PUT', stops: structuredClone(input.stops) });
      if (faults.put) throw faults.put();
      beforePutChecks?.();
      if (!row || row.id !== id) throw notFound();
      if (onlyIfUpdatedAt !== undefined && onlyIfUpdatedAt !== row.updated_at)
        throw changedMeanwhile();
      version += 1;
      row = {
        ...row,
        title: input.title,
        stops: structuredClone(input.stops),
        updated_at: `2026-11-22T10:00:0${version}.000Z`,
      };
      const saved = structuredClone(row);
      if (beforePutResolves) await beforePutResolves();
      return saved;
    },
  };
  return {
    api,
    log,
    faults,
    row: () => row,
    /** Someone edits the route elsewhere (the planner on another device). */
    editElsewhere(change: (current: ServerItinerary) => ServerItinerary) {
      version += 1;
      row = { ...change(structuredClone(row!)), updated_at: `2026-11-22T11:00:0${version}.000Z` };
    },
    remove() {
      row = null;
    },
    onPut(hook: () => Promise<void>) {
      beforePutResolves = hook;
    },
    /** Runs as a PUT arrives, before the server checks its If-Match. */
    onPutArrives(hook: (() => void) | null) {
      beforePutChecks = hook;
    },
  };
}

const itinerary = (): ServerItinerary => ({
  id: '42',
  title: 'Morning round',
  stops: structuredClone(STOPS),
  updated_at: '2026-11-22T09:00:00.000Z',
});
const done = (stops: Stop[], index: number, status: Stop['status'] = 'done') =>
  stops.map((stop, i) => (i === index ? { ...stop, status } : stop));
const puts = (log: { method: string }[]) => log.filter((entry) => entry.method === 'PUT').length;

describe('offline outbox', () => {
  it('puts the saved version on the device before it drops the queued change (a reload in between never shows the route from before)', async () => {
    const memory = createMemoryStore();
    const writes: string[] = [];
    const store = {
      ...memory,
      set: async (key: string, value: unknown) => {
        writes.push(`set ${key}`);
        await memory.set(key, value);
      },
      update: async <T>(key: string, updater: (old: T | undefined) => T | undefined) => {
        let deleted = false;
        await memory.update<T>(key, (old) => {
          const next = updater(old);
          deleted = old !== undefined && next === undefined;
          return next;
        });
        if (deleted) writes.push(`delete ${key}`);
      },
    };
    const server = fakeServer(itinerary());
    const base = itinerary();
    await queueStops(store, OWNER, base, done(base.stops, 0));
    writes.length = 0;

    const [outcome] = await flushOutbox(store, server.api, OWNER);
    expect(outcome.kind).toBe('saved');
    expect(writes).toEqual([
      `set ${offlineKeys.itinerary(OWNER, '42')}`,
      `delete ${offlineKeys.outbox(OWNER, '42')}`,
    ]);
    expect(
      (await memory.get<ServerItinerary>(offlineKeys.itinerary(OWNER, '42')))?.stops[0].status,
    ).toBe('done');
  });

  it('never overwrites an edit that lands between its read and its save: it reads again and merges', async () => {
    const store = createMemoryStore();
    const server = fakeServer(itinerary());
    const base = itinerary();
    await queueStops(store, OWNER, base, done(base.stops, 0));
    let edits = 0;
    server.onPutArrives(() => {
      if (edits++ === 0)
        server.editElsewhere((current) => ({
          ...current,
          stops: current.stops.map((stop, i) => (i === 2 ? { ...stop, note: 'Ring twice' } : stop)),
        }));
    });

    const [outcome] = await flushOutbox(store, server.api, OWNER);
    expect(outcome).toMatchObject({ kind: 'saved', pending: false });
    expect(server.log.map((entry) => entry.method)).toEqual(['GET', 'PUT', 'GET', 'PUT']);
    expect(server.row()!.stops[0].status).toBe('done');
    expect(server.row()!.stops[2].note).toBe('Ring twice');
    expect(await readOutboxEntry(store, OWNER, '42')).toBeUndefined();
  });

  it('keeps the other version when the edit that landed in between moved stops, and keeps the change queued when the route never stops changing', async () => {
    const store = createMemoryStore();
    const server = fakeServer(itinerary());
    const base = itinerary();
    await queueStops(store, OWNER, base, done(base.stops, 1));
    server.onPutArrives(() =>
      server.editElsewhere((current) => ({ ...current, stops: [...current.stops].reverse() })),
    );
    const [conflict] = await flushOutbox(store, server.api, OWNER);
    expect(conflict.kind).toBe('conflict');
    expect(server.row()!.stops.map((stop) => stop.name)).toEqual(['School', 'Bakery', 'Depot']);
    expect(server.row()!.stops.every((stop) => !stop.status)).toBe(true);

    const busy = fakeServer(itinerary());
    await queueStops(store, OWNER, base, done(base.stops, 1));
    busy.onPutArrives(() =>
      busy.editElsewhere((current) => ({ ...current, title: `${current.title}!` })),
    );
    const [failed] = await flushOutbox(store, busy.api, OWNER);
    expect(failed).toMatchObject({ kind: 'failed', offline: false });
    expect(puts(busy.log)).toBe(3);
    expect((await readOutboxEntry(store, OWNER, '42'))?.stops[1].status).toBe('done');
  });

  it('changes made offline are sent once, as the latest full stop list, when the connection returns', async () => {
    const store = createMemoryStore();
    const server = fakeServer(itinerary());
    const base = itinerary();
    server.faults.get = networkDown;

    await queueStops(store, OWNER, base, done(base.stops, 0));
    await queueStops(store, OWNER, base, done(done(base.stops, 0), 1, 'skipped'));
    const offline = await flushOutbox(store, server.api, OWNER);
    expect(offline).toMatchObject([{ kind: 'failed', itineraryId: '42', offline: true }]);
    expect((await readOutboxEntry(store, OWNER, '42'))?.revision).toBe(2);

    delete server.faults.get;
    const online = await flushOutbox(store, server.api, OWNER);
    expect(online).toMatchObject([{ kind: 'saved', itineraryId: '42', pending: false }]);
    expect(puts(server.log)).toBe(1);
    expect(server.row()!.stops).toEqual([
      { ...STOPS[0], status: 'done' },
      { ...STOPS[1], status: 'skipped' },
      STOPS[2],
    ]);
    expect(await readOutboxEntry(store, OWNER, '42')).toBeUndefined();

    // Flushing again (another tab, the next page load) sends nothing and duplicates nothing.
    expect(await flushOutbox(store, server.api, OWNER)).toEqual([]);
    expect(puts(server.log)).toBe(1);
    expect(server.row()!.stops).toHaveLength(3);
  });

  it('a route with a working day keeps it: the stops’ time at stop, window and lock go back as they were, the plan stays the server’s', async () => {
    const store = createMemoryStore();
    const plan = {
      departure: '2026-11-23T08:00+01:00',
      timeZone: 'Europe/Paris',
      defaultServiceMinutes: 5,
      end: 'start' as const,
    };
    const dayStops: Stop[] = [
      { ...STOPS[0], lock: 'first' },
      { ...STOPS[1], serviceMinutes: 10, window: { start: '09:00', end: '10:00' } },
      STOPS[2],
    ];
    const server = fakeServer({ ...itinerary(), stops: dayStops, day_plan: plan });
    const base = server.row()!;
    const sent: object[] = [];
    const api: OutboxApi = {
      ...server.api,
      put: (id, input, onlyIfUpdatedAt) => {
        sent.push(structuredClone(input));
        return server.api.put(id, input, onlyIfUpdatedAt);
      },
    };
    await queueStops(store, OWNER, base, done(base.stops, 1));
    expect(await flushOutbox(store, api, OWNER)).toMatchObject([{ kind: 'saved' }]);
    // Only the title and the stops are sent: a PUT without day_plan keeps the server's.
    expect(sent).toEqual([{ title: 'Morning round', stops: done(dayStops, 1) }]);
    expect(server.row()).toMatchObject({ stops: done(dayStops, 1), day_plan: plan });
    expect(await store.get<ServerItinerary>(offlineKeys.itinerary(OWNER, '42'))).toMatchObject({
      stops: done(dayStops, 1),
      day_plan: plan,
    });
  });

  it('keeps the entry when the save fails (server error, lost connection) and sends it on the next try', async () => {
    const store = createMemoryStore();
    const server = fakeServer(itinerary());
    await queueStops(store, OWNER, itinerary(), done(STOPS, 2));
    server.faults.put = () =>
      new ApiError({ status: 503, code: 'ERR_BAD_RESPONSE', message: 'Service unavailable' });
    expect(await flushOutbox(store, server.api, OWNER)).toMatchObject([
      { kind: 'failed', offline: false },
    ]);
    server.faults.put = networkDown;
    expect(await flushOutbox(store, server.api, OWNER)).toMatchObject([
      { kind: 'failed', offline: true },
    ]);
    expect(await readOutboxEntry(store, OWNER, '42')).toBeDefined();
    expect(server.row()!.stops[2].status).toBeUndefined();

    delete server.faults.put;
    expect(await flushOutbox(store, server.api, OWNER)).toMatchObject([{ kind: 'saved' }]);
    expect(server.row()!.stops[2].status).toBe('done');
    expect(await readOutboxEntry(store, OWNER, '42')).toBeUndefined();
  });

  it('a save whose answer was lost is not sent twice: the server already has it', async () => {
    const store = createMemoryStore();
    const server = fakeServer(itinerary());
    await queueStops(store, OWNER, itinerary(), done(STOPS, 0));
    // The PUT reaches the server, the connection drops before the answer.
    server.onPut(async () => {
      throw networkDown();
    });
    expect(await flushOutbox(store, server.api, OWNER)).toMatchObject([
      { kind: 'failed', offline: true },
    ]);
    expect(server.row()!.stops[0].status).toBe('done');
    server.onPut(async () => {});

    expect(await flushOutbox(store, server.api, OWNER)).toMatchObject([{ kind: 'saved' }]);
    expect(puts(server.log)).toBe(1);
    expect(server.row()!.stops).toEqual(done(STOPS, 0));
    expect(await readOutboxEntry(store, OWNER, '42')).toBeUndefined();
  });

  it('a route edited elsewhere with the same stops: statuses and notes merge stop by stop', async () => {
    const store = createMemoryStore();
    const server = fakeServer(itinerary());
    const base = itinerary();
    const local = done(base.stops, 0).map((stop, i) =>
      i === 2 ? { ...stop, note: 'Ring twice' } : stop,
    );
    await queueStops(store, OWNER, base, local);
    server.editElsewhere((current) => ({
      ...current,
      title: 'Renamed elsewhere',
      stops: current.stops.map((stop, i) =>
        i === 1 ? { ...stop, note: 'Front door now', status: 'skipped' as const } : stop,
      ),
    }));

    expect(await flushOutbox(store, server.api, OWNER)).toMatchObject([{ kind: 'saved' }]);
    expect(server.row()!.title).toBe('Renamed elsewhere');
    expect(server.row()!.stops).toEqual([
      { ...STOPS[0], status: 'done' },
      { ...STOPS[1], note: 'Front door now', status: 'skipped' },
      { ...STOPS[2], note: 'Ring twice' },
    ]);
  });

  it('the driver wins for a field both changed; an undone status is undone on the server too', async () => {
    const store = createMemoryStore();
    const base = { ...itinerary(), stops: done(STOPS, 1) };
    const server = fakeServer(base);
    const local = base.stops.map((stop, i) =>
      i === 1 ? { name: stop.name, lat: stop.lat, lng: stop.lng, note: 'Driver note' } : stop,
    );
    await queueStops(store, OWNER, base, local);
    server.editElsewhere((current) => ({
      ...current,
      stops: current.stops.map((stop, i) => (i === 1 ? { ...stop, note: 'Office note' } : stop)),
    }));
    await flushOutbox(store, server.api, OWNER);
    expect(server.row()!.stops[1]).toEqual({ ...STOPS[1], note: 'Driver note' });
  });

  it('stops added, removed or moved elsewhere: the server version stays and the driver is told', async () => {
    const store = createMemoryStore();
    const server = fakeServer(itinerary());
    await queueStops(store, OWNER, itinerary(), done(STOPS, 0));
    server.editElsewhere((current) => ({
      ...current,
      stops: [current.stops[1], current.stops[0], current.stops[2]],
    }));
    const before = structuredClone(server.row());

    const [outcome] = await flushOutbox(store, server.api, OWNER);
    expect(outcome).toMatchObject({ kind: 'conflict', itineraryId: '42' });
    expect(outcome.kind === 'conflict' && outcome.itinerary.stops[0].name).toBe('Bakery');
    expect(puts(server.log)).toBe(0);
    expect(server.row()).toEqual(before);
    expect(await readOutboxEntry(store, OWNER, '42')).toBeUndefined();
  });

  it('a change made while a save is in flight is kept and sent next, on top of the saved version', async () => {
    const store = createMemoryStore();
    const server = fakeServer(itinerary());
    const base = itinerary();
    await queueStops(store, OWNER, base, done(base.stops, 0));
    server.onPut(async () => {
      server.onPut(async () => {});
      await queueStops(store, OWNER, base, done(done(base.stops, 0), 1));
    });

    const [outcome] = await flushOutbox(store, server.api, OWNER);
    expect(outcome).toMatchObject({ kind: 'saved', pending: false });
    expect(puts(server.log)).toBe(2);
    expect(server.row()!.stops).toEqual(done(done(STOPS, 0), 1));
    expect(await readOutboxEntry(store, OWNER, '42')).toBeUndefined();
  });

  it('a route deleted meanwhile: the entry is dropped as gone', async () => {
    const store = createMemoryStore();
    const server = fakeServer(itinerary());
    await queueStops(store, OWNER, itinerary(), done(STOPS, 0));
    server.remove();
    expect(await flushOutbox(store, server.api, OWNER)).toEqual([
      { kind: 'gone', itineraryId: '42' },
    ]);
    expect(await readOutboxEntry(store, OWNER, '42')).toBeUndefined();
  });

  it("never sends another account's queued changes", async () => {
    const store = createMemoryStore();
    const server = fakeServer(itinerary());
    await queueStops(store, 'someone-else', itinerary(), done(STOPS, 0));
    expect(await flushOutbox(store, server.api, OWNER)).toEqual([]);
    expect(server.log).toEqual([]);
    expect(await store.get<OutboxEntry>(offlineKeys.outbox('someone-else', '42'))).toBeDefined();
  });
});

describe('offline outbox: a change on a page that has not heard of its previous save yet', () => {
  it('an undo right after a save is kept: the change is the difference to what the driver saw', async () => {
    const store = createMemoryStore();
    const server = fakeServer(itinerary());
    const shown = itinerary();
    // Skip stop 2: queued and saved (the server's updated_at moves on).
    await queueStops(store, OWNER, shown, done(shown.stops, 1, 'skipped'));
    await flushOutbox(store, server.api, OWNER);
    expect(server.row()!.stops[1].status).toBe('skipped');

    // The page still holds the old updated_at, but shows stop 2 skipped; the driver undoes it.
    const seen = { ...shown, stops: done(shown.stops, 1, 'skipped') };
    await queueStops(store, OWNER, seen, STOPS);
    expect(await flushOutbox(store, server.api, OWNER)).toMatchObject([{ kind: 'saved' }]);
    expect(server.row()!.stops).toEqual(STOPS);
  });
});
