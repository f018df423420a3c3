import { describe, expect, it, vi } from 'vitest';

vi.mock('@/config/env', () => ({ env: { apiUrl: '/api' } }));
vi.mock('@/lib/supabase', () => ({ getAccessToken: async () => null }));

import { ApiError } from '@/lib/api-client';
import { geocoderFailure, shouldRetryGeocoding } from './search-failure';

const answer = (status: number, serverError?: string) =>
  new ApiError({
    status,
    code: status >= 500 ? 'ERR_BAD_RESPONSE' : 'ERR_BAD_REQUEST',
    message: 'failed',
    serverError,
  });

describe('geocoderFailure', () => {
  it('reads the geocoder’s own refusals: 429 is rate limited, 502/503/504 unavailable', () => {
    expect(geocoderFailure(answer(429, 'Too many requests'))).toBe('rateLimited');
    expect(geocoderFailure(answer(502, 'Geocoding service unavailable'))).toBe('unavailable');
    expect(geocoderFailure(answer(503, 'Geocoding service busy, please try again'))).toBe(
      'unavailable',
    );
    expect(geocoderFailure(answer(504, 'Geocoding service timed out'))).toBe('unavailable');
  });

  it('leaves everything else an empty result', () => {
    expect(geocoderFailure(answer(503))).toBeNull(); // no {error}: not the function
    expect(geocoderFailure(answer(400, 'Invalid query'))).toBeNull();
    expect(geocoderFailure(answer(500, 'Internal server error'))).toBeNull();
    expect(
      geocoderFailure(new ApiError({ status: 0, code: 'ERR_NETWORK', message: 'Network Error' })),
    ).toBeNull();
    expect(geocoderFailure(new Error('boom'))).toBeNull();
  });

  it('retries only failures the geocoder did not explain, like every other query', () => {
    expect(shouldRetryGeocoding(0, answer(503, 'Geocoding service busy, please try again'))).toBe(
      false,
    );
    expect(shouldRetryGeocoding(0, answer(429, 'Too many requests'))).toBe(false);
    expect(
      shouldRetryGeocoding(
        0,
        new ApiError({ status: 0, code: 'ERR_NETWORK', message: 'Network Error' }),
      ),
    ).toBe(true);
    expect(
      shouldRetryGeocoding(
        2,
        new ApiError({ status: 0, code: 'ERR_NETWORK', message: 'Network Error' }),
      ),
    ).toBe(false);
  });
});
