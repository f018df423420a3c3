// My Routes a page at a time (migration *_itinerary_pages.sql): list_itineraries answers only
// the caller's itineraries (security invoker: RLS decides), in five orders, after a cursor, with
// a search over titles and stop names that ignores case and accents, and the stop count
// instead of the stops unless asked for.
import { beforeAll, expect, it } from 'vitest';
import {
  SQLSTATE,
  asRole,
  asRoleRolledBack,
  describeOnEveryBackend,
  insertItinerary,
  insertShare,
  insertUser,
  outcome,
  type Row,
  type Session,
  type TestUser,
} from './harness';

interface Listed extends Row {
  id: string;
  title: string;
  stops: unknown;
  stop_count: number;
  shared: boolean;
  sort_number: number | null;
  sort_text: string | null;
  total_count: string | number;
}

interface Page {
  words?: string[] | null;
  sort?: string;
  size?: number | null;
  afterNumber?: number | null;
  afterText?: string | null;
  afterId?: string | null;
  withStops?: boolean;
}

const listPage = (tx: Session, page: Page = {}) =>
  tx.query<Listed>(
    `select * from public.list_itineraries($1::text[], $2, $3, $4, $5, $6::uuid, $7)`,
    [
      page.words ?? null,
      page.sort ?? 'newest',
      page.size ?? null,
      page.afterNumber ?? null,
      page.afterText ?? null,
      page.afterId ?? null,
      page.withStops ?? false,
    ],
  );

const stop = (name: string) => ({ name, lat: 45.76, lng: 4.83 });

describeOnEveryBackend('My Routes a page at a time', (db) => {
  let alice: TestUser;
  let bob: TestUser;
  const titles = ['Zoo trip', 'Apéro run', 'Bakery round', 'École tour', 'Market day'];

  beforeAll(async () => {
    alice = await insertUser(db(), 'alice');
    bob = await insertUser(db(), 'bob');
    for (const [index, title] of titles.entries()) {
      const id = await insertItinerary(db(), alice, title, [
        stop('Depot'),
        ...Array.from({ length: index + 1 }, (_, n) => stop(n === 0 ? `Stop of ${title}` : 'Café')),
      ]);
      // Distinct creation times (one a minute) and distances (the third has none).
      await db().admin.query(
        `update public.itineraries
           set created_at = now() - make_interval(mins => $2::int),
               total_distance = $3
         where id = $1::uuid`,
        [id, titles.length - index, index === 2 ? 0 : (index + 1) * 1000],
      );
    }
    await insertItinerary(db(), bob, 'Bob’s route');
  });

  const asAlice = <T>(fn: (tx: Session) => Promise<T>) =>
    asRole(db(), 'authenticated', alice.claims, fn);

  it('lists only the caller’s itineraries, newest first, with the stop count and no stops', async () => {
    const rows = await asAlice((tx) => listPage(tx));
    expect(rows.map((row) => row.title)).toEqual([...titles].reverse());
    expect(rows.map((row) => row.stop_count)).toEqual([6, 5, 4, 3, 2]);
    expect(rows.every((row) => row.stops === null)).toBe(true);
    expect(rows.every((row) => Number(row.total_count) === 5)).toBe(true);
    const bobs = await asRole(db(), 'authenticated', bob.claims, (tx) => listPage(tx));
    expect(bobs.map((row) => row.title)).toEqual(['Bob’s route']);
  });

  it('answers the stops when asked', async () => {
    const [first] = await asAlice((tx) => listPage(tx, { size: 1, withStops: true }));
    expect((first.stops as unknown[]).length).toBe(6);
  });

  it('pages through every order without a gap or a repeat', async () => {
    const expected: Record<string, string[]> = {
      newest: [...titles].reverse(),
      oldest: titles,
      title: ['Apéro run', 'Bakery round', 'École tour', 'Market day', 'Zoo trip'],
      shortest: ['Zoo trip', 'Apéro run', 'École tour', 'Market day', 'Bakery round'],
      longest: ['Market day', 'École tour', 'Apéro run', 'Zoo trip', 'Bakery round'],
    };
    for (const [sort, order] of Object.entries(expected)) {
      const seen: string[] = [];
      let last: Listed | undefined;
      for (;;) {
        const rows = await asAlice((tx) =>
          listPage(tx, {
            sort,
            size: 2,
            afterNumber: last?.sort_number,
            afterText: last?.sort_text,
            afterId: last?.id,
          }),
        );
        if (rows.length === 0) break;
        seen.push(...rows.map((row) => row.title));
        last = rows.at(-1);
      }
      expect(seen, sort).toEqual(order);
    }
  });

  it('finds every word in the title or a stop’s name, in any case and with or without accents', async () => {
    const found = async (words: string[]) =>
      (await asAlice((tx) => listPage(tx, { words }))).map((row) => row.title);
    expect(await found(['apero'])).toEqual(['Apéro run']);
    expect(await found(['ECOLE'])).toEqual(['École tour']);
    expect(await found(['cafe', 'market'])).toEqual(['Market day']);
    expect(await found(['stop', 'bakery'])).toEqual(['Bakery round']);
    expect(await found(['nothing'])).toEqual([]);
    const [row] = await asAlice((tx) => listPage(tx, { words: ['café'], size: 1 }));
    expect(Number(row.total_count)).toBe(4);
  });

  it('searches the stops’ names as written, not their JSON', async () => {
    const carol = await insertUser(db(), 'carol');
    await insertItinerary(db(), carol, 'Quotes', [stop('Bar "Le Zinc"'), stop('Dépôt')]);
    await insertItinerary(db(), carol, 'Paths', [stop('Shed C:\\depot'), stop('100% _done')]);
    await insertItinerary(db(), carol, 'Plain', [stop('Market')]);
    const found = async (words: string[]) =>
      (await asRole(db(), 'authenticated', carol.claims, (tx) => listPage(tx, { words }))).map(
        (row) => row.title,
      );
    expect(await found(['"le'])).toEqual(['Quotes']);
    expect(await found(['zinc"'])).toEqual(['Quotes']);
    expect(await found(['c:\\depot'])).toEqual(['Paths']);
    expect(await found(['100%', '_done'])).toEqual(['Paths']);
    // The JSON's own characters are in no name; quotes, backslashes and wildcards are plain.
    for (const word of ['[', ']', '{', ':"', 'name']) expect(await found([word]), word).toEqual([]);
    expect(await found(['"'])).toEqual(['Quotes']);
    expect(await found(['\\'])).toEqual(['Paths']);
    expect(await found(['%'])).toEqual(['Paths']);
    expect(await found(['_'])).toEqual(['Paths']);
  });

  it('says which itineraries have a working share link', async () => {
    const [first, second] = await asAlice((tx) => listPage(tx, { size: 2 }));
    expect([first.shared, second.shared]).toEqual([false, false]);
    const token = await insertShare(db(), alice, first.id);
    const [shared] = await asAlice((tx) => listPage(tx, { size: 1 }));
    expect(shared.shared).toBe(true);
    await db().admin.query(
      `update public.itinerary_shares set revoked_at = now() where token = $1`,
      [token],
    );
    const [revoked] = await asAlice((tx) => listPage(tx, { size: 1 }));
    expect(revoked.shared).toBe(false);
  });

  it('is not open to anonymous callers', async () => {
    const attempt = await outcome(asRoleRolledBack(db(), 'anon', null, (tx) => listPage(tx)));
    expect(attempt).toMatchObject({ code: SQLSTATE.insufficientPrivilege });
  });
});
