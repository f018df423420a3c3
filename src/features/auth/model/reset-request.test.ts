import { describe, expect, it, vi } from 'vitest';

vi.mock('@/config/env', () => ({ env: { apiUrl: '/api' } }));
import { ApiError } from '@/lib/api-client';
import { resetRequestOutcome } from './reset-request';

const apiError = (status: number) =>
  new ApiError({
    status,
    code: status === 0 ? 'ERR_NETWORK' : status >= 500 ? 'ERR_BAD_RESPONSE' : 'ERR_BAD_REQUEST',
    message: 'x',
  });

describe('resetRequestOutcome', () => {
  it('is the one answer when the server took the request', () => {
    expect(resetRequestOutcome(undefined)).toBe('sent');
    expect(resetRequestOutcome(null)).toBe('sent');
  });

  it('tells too many requests, a refused address and an outage apart', () => {
    expect(resetRequestOutcome(apiError(429))).toBe('tooMany');
    expect(resetRequestOutcome(apiError(400))).toBe('invalid');
    expect(resetRequestOutcome(apiError(503))).toBe('failed');
    expect(resetRequestOutcome(apiError(0))).toBe('failed');
    expect(resetRequestOutcome(new Error('anything else'))).toBe('failed');
  });
});
