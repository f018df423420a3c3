// GET /api/itineraries a page at a time and as summaries (My Routes' cards): the answer stays
// an array of itineraries (or of summaries when asked), the next page is in a Link header and
// the number of matches in X-Total-Count; without any of the new parameters the list is
// answered whole and exactly as before.
import { beforeAll, describe, expect, it } from 'vitest';
import { call, newUser, stops, type TestUser } from './client.ts';

let owner: TestUser;
/** Titles in the order they were created (oldest first). */
const titles = ['Zoo trip', 'Apéro run', 'Bakery round', 'École tour', 'Market day'];

beforeAll(async () => {
  owner = await newUser();
  for (const [index, title] of titles.entries()) {
    const created = await call('POST', '/itineraries', {
      token: owner.token,
      body: {
        title,
        stops: [
          stops.timesSquare,
          ...Array.from({ length: index + 1 }, (_, n) => ({
            ...stops.unionSquare,
            name: n === 0 ? `Stop of ${title}` : 'Café Union',
          })),
        ],
      },
    });
    expect(created.status).toBe(201);
  }
});

const list = (query: string, token = owner.token) => call('GET', `/itineraries${query}`, { token });

/** The query of a Link header's rel="next" reference, or null. */
function nextQuery(link: string | null): string | null {
  if (!link) return null;
  const match = /^<(\?[^>]*)>; rel="next"$/.exec(link);
  expect(match, link).not.toBeNull();
  return match![1];
}

describe('GET /api/itineraries', () => {
  it('answers every itinerary whole, newest first, without paging headers when asked nothing', async () => {
    const answer = await list('');
    expect(answer.status).toBe(200);
    expect(answer.body.map((row: { title: string }) => row.title)).toEqual([...titles].reverse());
    for (const itinerary of answer.body) {
      expect(Object.keys(itinerary).sort()).toEqual(
        [
          'created_at',
          'id',
          'stops',
          'title',
          'total_distance',
          'total_duration',
          'updated_at',
        ].sort(),
      );
    }
    expect(answer.headers.get('link')).toBeNull();
    expect(answer.headers.get('x-total-count')).toBeNull();
  });

  it('answers summaries: what a card shows, the number of stops instead of the stops', async () => {
    const answer = await list('?summary=true');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('x-total-count')).toBe('5');
    const whole = (await list('')).body as { id: string; stops: unknown[] }[];
    expect(answer.body).toEqual(
      whole.map(({ stops: wholeStops, ...rest }) => ({
        ...rest,
        stop_count: wholeStops.length,
        shared: false,
      })),
    );
  });

  it('says which summaries have a share link that works: shared, then revoked', async () => {
    const shared = async () =>
      ((await list('?summary=true&limit=1')).body as { shared: boolean }[])[0].shared;
    const [newest] = (await list('?summary=true&limit=1')).body as { id: string }[];
    expect(await shared()).toBe(false);
    const link = await call('POST', `/itineraries/${newest.id}/share`, { token: owner.token });
    expect(link.status).toBe(200);
    expect(await shared()).toBe(true);
    const revoked = await call('DELETE', `/itineraries/${newest.id}/share`, { token: owner.token });
    expect(revoked.status).toBe(204);
    expect(await shared()).toBe(false);
  });

  it('pages through the list with the Link header’s next page, without a gap or a repeat', async () => {
    const seen: string[] = [];
    let query: string | null = '?summary=true&limit=2';
    let pages = 0;
    while (query) {
      const answer = await list(query);
      expect(answer.status).toBe(200);
      expect(answer.body.length).toBeLessThanOrEqual(2);
      expect(answer.headers.get('x-total-count')).toBe('5');
      seen.push(...answer.body.map((row: { title: string }) => row.title));
      query = nextQuery(answer.headers.get('link'));
      pages += 1;
    }
    expect(pages).toBe(3);
    expect(seen).toEqual([...titles].reverse());
  });

  it('pages whole itineraries too, and in every order', async () => {
    const first = await list('?limit=1&sort=title');
    expect(first.body).toEqual([
      expect.objectContaining({ title: 'Apéro run', stops: expect.any(Array) }),
    ]);
    const second = await list(nextQuery(first.headers.get('link'))!);
    expect(second.body.map((row: { title: string }) => row.title)).toEqual(['Bakery round']);
    const oldest = await list('?summary=1&sort=oldest&limit=5');
    expect(oldest.body.map((row: { title: string }) => row.title)).toEqual(titles);
    expect(oldest.headers.get('link')).toBeNull();
    const longest = await list('?summary=1&sort=longest&limit=1');
    expect(longest.body).toHaveLength(1);
  });

  it('searches titles and stop names for every word, in any case, with or without accents', async () => {
    const found = async (q: string) =>
      (await list(`?summary=true&q=${encodeURIComponent(q)}`)).body.map(
        (row: { title: string }) => row.title,
      );
    expect(await found('apero')).toEqual(['Apéro run']);
    expect(await found('ÉCOLE')).toEqual(['École tour']);
    expect(await found('café market')).toEqual(['Market day']);
    expect(await found('nothing like it')).toEqual([]);
    const counted = await list('?summary=true&limit=1&q=cafe');
    expect(counted.headers.get('x-total-count')).toBe('4');
    expect(nextQuery(counted.headers.get('link'))).toContain('q=cafe');
  });

  it('counts the matches on an empty page after the last one too', async () => {
    const first = await list('?summary=true&limit=4');
    const cursor = new URLSearchParams(nextQuery(first.headers.get('link')) ?? '').get('cursor');
    // After the fourth newest only the oldest is left, and it holds no café.
    const after = await list(`?summary=true&limit=4&q=cafe&cursor=${cursor}`);
    expect(after.status).toBe(200);
    expect(after.body).toEqual([]);
    expect(after.headers.get('x-total-count')).toBe('4');
  });

  it('lists only the caller’s own itineraries', async () => {
    const stranger = await newUser();
    const answer = await list('?summary=true&limit=10&q=zoo', stranger.token);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual([]);
    expect(answer.headers.get('x-total-count')).toBe('0');
    expect((await call('GET', '/itineraries?summary=true')).status).toBe(401);
  });

  it.each([
    ['limit=0', 'limit must be a whole number from 1 to 100'],
    ['limit=101', 'limit must be a whole number from 1 to 100'],
    ['limit=ten', 'limit must be a whole number from 1 to 100'],
    ['summary=yes', 'summary must be true or false'],
    ['sort=random', 'sort must be one of newest, oldest, title, shortest, longest'],
    ['cursor=not-a-cursor', 'cursor is not one this API gave'],
    [`q=${'a'.repeat(201)}`, 'q must be at most 200 characters'],
    [`q=${'a '.repeat(11)}`, 'q must be at most 10 words'],
    ['q=%00', 'q must not contain NUL characters'],
    [
      `sort=title&cursor=${Buffer.from(JSON.stringify(['title', null, '\0', '00000000-0000-4000-8000-000000000000'])).toString('base64url')}`,
      'cursor is not one this API gave',
    ],
  ])('refuses %s with 400', async (query, error) => {
    const answer = await list(`?${query}`);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ error });
  });

  it('refuses a cursor of another order', async () => {
    const first = await list('?summary=true&limit=1&sort=title');
    const next = nextQuery(first.headers.get('link'))!.replace('sort=title', 'sort=oldest');
    const answer = await list(next);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ error: 'cursor belongs to another sort order' });
  });
});
