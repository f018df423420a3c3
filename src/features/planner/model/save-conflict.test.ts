import { describe, expect, it, vi } from 'vitest';

vi.mock('@/lib/supabase', () => ({ getAccessToken: async () => null }));
vi.mock('@/config/env', () => ({ env: { apiUrl: '/api' } }));

import { ApiError } from '@/lib/api-client';
import { isChangedElsewhere } from './save-conflict';

describe('isChangedElsewhere', () => {
  it('is the 412 the API answers when the route changed since the version it was saved over', () => {
    const changed = new ApiError({
      status: 412,
      code: 'ERR_BAD_REQUEST',
      message: 'Request failed with status code 412',
      serverError: 'This itinerary was changed elsewhere; load it again before saving',
    });
    expect(isChangedElsewhere(changed)).toBe(true);
  });

  it('is not any other failure', () => {
    expect(
      isChangedElsewhere(new ApiError({ status: 409, code: 'ERR_BAD_REQUEST', message: 'x' })),
    ).toBe(false);
    expect(
      isChangedElsewhere(new ApiError({ status: 404, code: 'ERR_BAD_REQUEST', message: 'x' })),
    ).toBe(false);
    expect(
      isChangedElsewhere(
        new ApiError({ status: 0, code: 'ERR_NETWORK', message: 'Failed to fetch' }),
      ),
    ).toBe(false);
    expect(isChangedElsewhere(Object.assign(new Error('x'), { status: 412 }))).toBe(false);
    expect(isChangedElsewhere(undefined)).toBe(false);
  });
});
