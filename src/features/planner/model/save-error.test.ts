// @vitest-environment jsdom
import { beforeAll, describe, expect, it, vi } from 'vitest';

vi.mock('@/lib/supabase', () => ({ getAccessToken: async () => null }));
vi.mock('@/config/env', () => ({ env: { apiUrl: '/api' } }));

import i18n from 'i18next';
import { ApiError } from '@/lib/api-client';
import { saveErrorDetail } from './save-error';

const t = i18n.getFixedT('en');
const inFrench = i18n.getFixedT('fr');

const timeout = new ApiError({
  status: 0,
  code: 'ECONNABORTED',
  message: 'timeout of 15000ms exceeded',
});

describe('saveErrorDetail (the first rule that applies, in the user’s language)', () => {
  it('maps timeouts first, never claiming the route was saved', () => {
    const text = saveErrorDetail(timeout, t);
    expect(text).toBe(
      'The server did not answer in time, so the route may not be saved. Try again: it will not be saved twice.',
    );
    expect(text).not.toMatch(/Route saved/);
    expect(saveErrorDetail(new Error('socket timeout'), t)).toBe(text);
    expect(saveErrorDetail(timeout, t, 'update')).toBe(
      'The server did not answer in time, so your changes may not be saved. Try again.',
    );
  });

  it('maps 401 and 408, then server failures, then the server’s reason', () => {
    expect(
      saveErrorDetail(
        new ApiError({ status: 401, code: 'ERR_BAD_REQUEST', message: 'x', serverError: 'jwt' }),
        t,
      ),
    ).toBe('Authentication failed. Please log in again.');
    expect(
      saveErrorDetail(new ApiError({ status: 408, code: 'ERR_BAD_REQUEST', message: 'x' }), t),
    ).toBe('Request timed out. Please try again.');
    expect(
      saveErrorDetail(
        new ApiError({
          status: 503,
          code: 'ERR_BAD_RESPONSE',
          message: 'x',
          serverError: 'Database unavailable, please try again',
        }),
        t,
      ),
    ).toBe('The server could not save the route (error 503). Please try again in a moment.');
    expect(
      saveErrorDetail(
        new ApiError({
          status: 400,
          code: 'ERR_BAD_REQUEST',
          message: 'x',
          serverError: 'title too long',
        }),
        t,
      ),
    ).toBe('The server refused the route: title too long');
  });

  it('says a lost connection may have saved a new route, then falls back to the generic text', () => {
    const lost = new ApiError({ status: 0, code: 'ERR_NETWORK', message: 'Failed to fetch' });
    expect(saveErrorDetail(lost, t)).toBe(
      'The connection was lost, so the route may not be saved. Try again: it will not be saved twice.',
    );
    expect(saveErrorDetail(undefined, t)).toBe(
      'Failed to save route. Please check your connection and try again.',
    );
  });

  beforeAll(() => i18n.loadLanguages('fr'));

  it('speaks the interface language', () => {
    expect(saveErrorDetail(timeout, inFrench)).toMatch(/^Le serveur n’a pas répondu à temps/);
    expect(
      saveErrorDetail(
        new ApiError({ status: 401, code: 'ERR_BAD_REQUEST', message: 'x' }),
        inFrench,
      ),
    ).not.toBe('Authentication failed. Please log in again.');
  });
});
