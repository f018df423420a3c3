import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('@/lib/supabase', () => ({ getAccessToken: async () => null }));
vi.mock('@/config/env', () => ({ env: { apiUrl: '/api' } }));

import { getRoadDistances } from './road-distances.ts';

const paris = { lat: 48.8566, lng: 2.3522 };
const lyon = { lat: 45.764, lng: 4.8357 };
const distances = [
  [0, 465_000],
  [466_000, 0],
];

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('getRoadDistances', () => {
  it('asks the route table for the distances only, and returns them', async () => {
    const fetch = vi.fn(async (_url: string, _init: RequestInit) =>
      Response.json({ distances, estimated: false }),
    );
    vi.stubGlobal('fetch', fetch);
    expect(await getRoadDistances([{ ...paris, name: 'Paris' } as typeof paris, lyon])).toEqual({
      distances,
      estimated: false,
    });
    const [url, init] = fetch.mock.calls[0];
    expect(url).toBe('/api/routes/table');
    expect(JSON.parse(String(init.body))).toEqual({
      stops: [paris, lyon],
      include: ['distances'],
    });
  });

  it('reads the distances of a server that answers the durations too', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ distances, durations: distances, estimated: true })),
    );
    expect(await getRoadDistances([paris, lyon])).toEqual({ distances, estimated: true });
  });

  // The cells are checked where the matrix is made from them (costFromTable).
  it('answers null, without throwing, when the service is unreachable, fails or answers another shape', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const answers = [
      () => Promise.reject(new TypeError('Failed to fetch')),
      async () => Response.json({ error: 'Too many requests' }, { status: 429 }),
      async () => Response.json({ distances: 'far', estimated: false }),
      async () => Response.json({ distances }),
    ];
    for (const answer of answers) {
      vi.stubGlobal('fetch', vi.fn(answer));
      expect(await getRoadDistances([paris, lyon])).toBeNull();
    }
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
    await expect(getRoadDistances([paris, lyon], controller.signal)).rejects.toBeDefined();
  });
});
