import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('@/lib/supabase', () => ({ getAccessToken: async () => null }));
vi.mock('@/config/env', () => ({ env: { apiUrl: '/api' } }));

import { estimateRoute } from '@domain/geo.ts';
import { getRouteLegs } from './route-legs';

const paris = { lat: 48.8566, lng: 2.3522 };
const dijon = { lat: 47.322, lng: 5.0415 };
const lyon = { lat: 45.764, lng: 4.8357 };

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('getRouteLegs', () => {
  it('uses the straight-line estimate when the route service cannot be reached', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const route = await getRouteLegs([paris, dijon, lyon]);
    expect(route).toEqual(estimateRoute([paris, dijon, lyon]));
    expect(route.legs.every((leg) => leg.estimated)).toBe(true);
  });

  it('uses the estimate when the route service fails with a 5xx', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json({ error: 'Edge Functions are not running' }, { status: 503 }),
      ),
    );
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect((await getRouteLegs([paris, lyon])).totalDistance).toBeCloseTo(
      estimateRoute([paris, lyon]).totalDistance,
      6,
    );
  });

  it('passes on a refusal of the input instead of hiding it', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json({ error: 'Add at least 2 stops to calculate route' }, { status: 400 }),
      ),
    );
    await expect(getRouteLegs([paris, lyon])).rejects.toMatchObject({ status: 400 });
  });

  it('returns the service answer when it has one', async () => {
    const answer = {
      totalDistance: 1000,
      totalDuration: 60,
      legs: [
        {
          distance: 1000,
          duration: 60,
          coordinates: [
            [1, 2],
            [3, 4],
          ],
          estimated: false,
        },
      ],
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json(answer)),
    );
    expect(await getRouteLegs([paris, lyon])).toEqual(answer);
  });
});
