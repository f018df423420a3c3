import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('@/lib/supabase', () => ({ getAccessToken: async () => null }));
vi.mock('@/config/env', () => ({ env: { apiUrl: '/api' } }));

import type { ResponseSchema } from '@/lib/api-client';
import { askRouteTable } from './route-table';

/** Square tables of two stops and a boolean `estimated`, as the caller's schema checks them. */
type Table = typeof table;
const schema: ResponseSchema<Table> = {
  safeParse: (data) => {
    const answer = data as Partial<Table> | null;
    return answer?.distances?.length === 2 &&
      answer.distances.every((row) => row.length === 2) &&
      typeof answer.estimated === 'boolean'
      ? { success: true, data: answer as Table }
      : { success: false };
  },
};
const getRouteTable = (stops: { lat: number; lng: number }[], signal?: AbortSignal) =>
  askRouteTable(stops, { schema, signal });

const paris = { lat: 48.8566, lng: 2.3522 };
const lyon = { lat: 45.764, lng: 4.8357 };
const table = {
  distances: [
    [0, 465_000],
    [466_000, 0],
  ],
  durations: [
    [0, 16_000],
    [16_100, 0],
  ],
  estimated: false,
};

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('askRouteTable', () => {
  it('posts the stops and returns the table', async () => {
    const fetch = vi.fn(async (_url: string, _init: RequestInit) => Response.json(table));
    vi.stubGlobal('fetch', fetch);
    expect(await getRouteTable([{ ...paris, name: 'Paris' } as typeof paris, lyon])).toEqual(table);
    const [url, init] = fetch.mock.calls[0];
    expect(url).toBe('/api/routes/table');
    expect(JSON.parse(String(init.body))).toEqual({ stops: [paris, lyon] });
  });

  it('answers null, without throwing, when the service is unreachable, fails or answers another shape', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    expect(await getRouteTable([paris, lyon])).toBeNull();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ error: 'Too many requests' }, { status: 429 })),
    );
    expect(await getRouteTable([paris, lyon])).toBeNull();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ ...table, distances: [[0, 1]] })),
    );
    expect(await getRouteTable([paris, lyon])).toBeNull();
  });

  it('passes on a cancellation', async () => {
    const controller = new AbortController();
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        controller.abort();
        throw init.signal?.reason ?? new DOMException('aborted', 'AbortError');
      }),
    );
    await expect(getRouteTable([paris, lyon], controller.signal)).rejects.toBeDefined();
  });
});
