import { act, cleanup, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Stop } from '@domain/stops.ts';
import type { ItineraryInput } from '@/lib/itineraries';
import { renderWithProviders } from '@/test/render';
import { useSaveTeam } from './use-save-team.ts';

vi.mock('@/config/env', () => ({ env: { apiUrl: '/api' } }));
vi.mock('@/lib/supabase', () => ({ supabase: { auth: {} }, getAccessToken: async () => 'jwt' }));

const depot: Stop = { name: 'Depot', lat: 48.85, lng: 2.35 };
const west: Stop = { name: 'West', lat: 48.85, lng: 2.34 };
const east: Stop = { name: 'East', lat: 48.85, lng: 2.36 };

const driverInput = (title: string, stops: Stop[], dayGroup = 'group-1'): ItineraryInput => ({
  title,
  stops,
  day_plan: { departure: '2030-03-04T08:00+01:00', end: 'last-stop' },
  day_group: dayGroup,
});

let saving: ReturnType<typeof useSaveTeam>;
function Probe() {
  saving = useSaveTeam();
  return null;
}

interface Created {
  id: string;
  body: ItineraryInput;
}

/**
 * The /api as it is: a reused Idempotency-Key with the same body answers what the first request
 * created, with another body a 422; `lose` drops the answers of the n-th POSTs (created anyway);
 * `holdFirst` keeps the first POST waiting until `release`.
 */
function fakeApi({ lose = [] as number[], holdFirst = false } = {}) {
  const itineraries: Created[] = [];
  const keys = new Map<string, { body: string; id: string }>();
  const requests: { method: string; url: string; key: string | null; body: ItineraryInput }[] = [];
  const held: (() => void)[] = [];
  let posts = 0;
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const key = new Headers(init?.headers).get('Idempotency-Key');
    const body = JSON.parse(String(init?.body)) as ItineraryInput;
    requests.push({ method, url, key, body });
    const answer = (created: Created, status = 201) =>
      Response.json(
        { ...created.body, id: created.id, created_at: '2030-03-01T10:00:00Z' },
        { status },
      );
    if (method === 'POST' && url === '/api/itineraries') {
      posts += 1;
      if (holdFirst && posts === 1) await new Promise<void>((resolve) => held.push(resolve));
      const text = JSON.stringify(body);
      const known = key ? keys.get(key) : undefined;
      if (known && known.body !== text) {
        return Response.json({ error: 'Idempotency-Key reused' }, { status: 422 });
      }
      let created = known && itineraries.find((entry) => entry.id === known.id);
      if (!created) {
        created = { id: `id-${itineraries.length + 1}`, body };
        itineraries.push(created);
        if (key) keys.set(key, { body: text, id: created.id });
      }
      if (lose.includes(posts)) throw new TypeError('Failed to fetch');
      return answer(created);
    }
    const put = /^\/api\/itineraries\/(.+)$/.exec(url);
    if (method === 'PUT' && put) {
      const existing = itineraries.find((entry) => entry.id === put[1]);
      if (!existing) return Response.json({ error: 'not found' }, { status: 404 });
      existing.body = body;
      return answer(existing, 200);
    }
    return Response.json({ error: 'not found' }, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { itineraries, requests, release: () => held.splice(0).forEach((go) => go()) };
}

describe('use-save-team', () => {
  beforeEach(() => {
    sessionStorage.clear();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('a title edited after a lost answer saves the first itinerary under the new title, not a second one', async () => {
    // Driver 2's POST creates its itinerary, but the answer never arrives.
    const api = fakeApi({ lose: [2] });
    renderWithProviders(<Probe />);
    const first = [
      { number: 1, input: driverInput('Monday — Driver 1', [depot, west]) },
      { number: 2, input: driverInput('Monday — Driver 2', [depot, east]) },
    ];
    await act(() => saving.saveAll(first));
    expect(saving.status).toBe('failed');
    expect([...saving.saved.keys()]).toEqual([1]);

    // The user renames driver 2's route and tries again.
    const again = [first[0], { number: 2, input: driverInput('Monday, east side', [depot, east]) }];
    await act(() => saving.saveAll(again));
    expect(saving.status).toBe('done');
    expect(api.itineraries.map((entry) => entry.body.title)).toEqual([
      'Monday — Driver 1',
      'Monday, east side',
    ]);
    expect(saving.saved.get(2)).toEqual({ id: 'id-2', title: 'Monday, east side' });
    const posts = api.requests.filter((request) => request.method === 'POST');
    expect(posts).toHaveLength(3);
    // The retry carries the lost attempt's key (and body); then the rename.
    expect(posts[2].key).toBe(posts[1].key);
    expect(posts[2].body.title).toBe('Monday — Driver 2');
    expect(api.requests.at(-1)).toMatchObject({
      method: 'PUT',
      url: '/api/itineraries/id-2',
      body: { title: 'Monday, east side', day_group: 'group-1' },
    });
  });

  it('a new split has new keys', async () => {
    const api = fakeApi({ lose: [1] });
    renderWithProviders(<Probe />);
    await act(() =>
      saving.saveAll([{ number: 1, input: driverInput('Monday — Driver 1', [depot, west]) }]),
    );
    act(() => saving.reset());
    await act(() =>
      saving.saveAll([
        { number: 1, input: driverInput('Monday — Driver 1', [depot, east], 'group-2') },
      ]),
    );
    const [before, after] = api.requests;
    expect(after.key).not.toBe(before.key);
    expect(after.body.day_group).toBe('group-2');
    expect(saving.saved.get(1)?.id).toBe('id-2');
  });

  it('a first attempt the server refused is not sent again', async () => {
    let calls = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) => {
        calls += 1;
        if (calls === 1) return Response.json({ error: 'title is not valid' }, { status: 400 });
        const body = JSON.parse(String(init?.body)) as ItineraryInput;
        return Response.json(
          { ...body, id: 'id-1', created_at: '2030-03-01T10:00:00Z' },
          { status: 201 },
        );
      }),
    );
    renderWithProviders(<Probe />);
    await act(() => saving.saveAll([{ number: 1, input: driverInput('Bad', [depot, west]) }]));
    expect(saving.status).toBe('failed');
    await act(() => saving.saveAll([{ number: 1, input: driverInput('Good', [depot, west]) }]));
    expect(saving.saved.get(1)).toEqual({ id: 'id-1', title: 'Good' });
    expect(calls).toBe(2);
  });

  it('what a save begun before a reset hears is ignored', async () => {
    const api = fakeApi({ holdFirst: true });
    renderWithProviders(<Probe />);
    let pending: Promise<boolean> | undefined;
    act(() => {
      pending = saving.saveAll([
        { number: 1, input: driverInput('Monday — Driver 1', [depot, west]) },
        { number: 2, input: driverInput('Monday — Driver 2', [depot, east]) },
      ]);
    });
    expect(saving.status).toBe('saving');
    await waitFor(() => expect(api.requests).toHaveLength(1));

    // A new split while the first POST is on its way.
    act(() => saving.reset());
    await act(async () => {
      api.release();
      await pending;
    });
    expect(await pending).toBe(false);
    expect(saving.saved.size).toBe(0);
    expect(saving.status).toBe('idle');
    // The old split's other drivers are not sent any more.
    expect(api.requests).toHaveLength(1);
  });
});
