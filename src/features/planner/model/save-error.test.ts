import { describe, expect, it, vi } from 'vitest';

vi.mock('@/lib/supabase', () => ({ getAccessToken: async () => null }));
vi.mock('@/config/env', () => ({ env: { apiUrl: '/api' } }));

import { ApiError } from '@/lib/api-client';
import { saveErrorDetail } from './save-error';

describe('saveErrorDetail (spec section 8, in order)', () => {
  it('maps timeouts first', () => {
    expect(
      saveErrorDetail(
        new ApiError({ status: 0, code: 'ECONNABORTED', message: 'timeout of 15000ms exceeded' }),
      ),
    ).toBe('Request timed out. Route saved but distance calculation may still be in progress.');
    expect(saveErrorDetail(new Error('socket timeout'))).toMatch(/^Request timed out. Route saved/);
  });

  it('maps 401 and 408, then the server error field', () => {
    expect(
      saveErrorDetail(
        new ApiError({ status: 401, code: 'ERR_BAD_REQUEST', message: 'x', serverError: 'jwt' }),
      ),
    ).toBe('Authentication failed. Please log in again.');
    expect(
      saveErrorDetail(new ApiError({ status: 408, code: 'ERR_BAD_REQUEST', message: 'x' })),
    ).toBe('Request timed out. Please try again.');
    expect(
      saveErrorDetail(
        new ApiError({
          status: 400,
          code: 'ERR_BAD_REQUEST',
          message: 'x',
          serverError: 'title too long',
        }),
      ),
    ).toBe('title too long');
  });

  it('falls back to the message, then to the generic text', () => {
    expect(
      saveErrorDetail(new ApiError({ status: 0, code: 'ERR_NETWORK', message: 'Failed to fetch' })),
    ).toBe('Network error: Failed to fetch');
    expect(saveErrorDetail(undefined)).toBe(
      'Failed to save route. Please check your connection and try again.',
    );
  });
});
