import { describe, expect, it, vi } from 'vitest';

vi.mock('@/lib/supabase', () => ({ getAccessToken: async () => null }));
vi.mock('@/config/env', () => ({ env: { apiUrl: '/api' } }));

import { ApiError } from './api-client';
import { shouldRetry } from './query-client';

describe('shouldRetry', () => {
  it('does not retry client errors', () => {
    const notFound = new ApiError({ status: 404, code: 'ERR_BAD_REQUEST', message: 'Not found' });
    expect(shouldRetry(0, notFound)).toBe(false);
  });

  it('retries server errors, timeouts and network failures at most twice', () => {
    const timeout = new ApiError({
      status: 0,
      code: 'ECONNABORTED',
      message: 'timeout of 15000ms exceeded',
    });
    const badGateway = new ApiError({ status: 502, code: 'ERR_BAD_RESPONSE', message: 'x' });
    expect(shouldRetry(0, timeout)).toBe(true);
    expect(shouldRetry(1, badGateway)).toBe(true);
    expect(shouldRetry(2, badGateway)).toBe(false);
  });
});
