import { describe, expect, it, vi } from 'vitest';

vi.mock('@/lib/supabase', () => ({ getAccessToken: async () => null }));
vi.mock('@/config/env', () => ({ env: { apiUrl: '/api' } }));

import { routeKeys, routeLegsQueryOptions } from './route-legs';

const paris = { name: 'Paris, France', lat: 48.8566, lng: 2.3522 };
const lyon = { name: 'Lyon, France', lat: 45.764, lng: 4.8357 };

describe('route legs query', () => {
  it('is keyed by the coordinates in order, not by the stop names', () => {
    expect(routeKeys.legs([paris, lyon])).toEqual(
      routeKeys.legs([{ ...paris, name: 'Home' }, lyon]),
    );
    expect(routeKeys.legs([paris, lyon])).not.toEqual(routeKeys.legs([lyon, paris]));
  });

  it('runs only with at least 2 stops', () => {
    expect(routeLegsQueryOptions([]).enabled).toBe(false);
    expect(routeLegsQueryOptions([paris]).enabled).toBe(false);
    expect(routeLegsQueryOptions([paris, lyon]).enabled).toBe(true);
  });
});
