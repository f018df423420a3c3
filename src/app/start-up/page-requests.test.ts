import { describe, expect, it, vi } from 'vitest';

// The fetchers' modules reach the app's configuration, which the unit tests do not set.
vi.mock('@/config/env', () => ({ env: { apiUrl: '/api', supabaseAnonKey: 'anon' } }));

const { apiUrl } = await import('@/lib/api-url');
const { pageRequest } = await import('./page-requests');

const urlOf = (pathname: string, signedIn: boolean) => {
  const request = pageRequest(pathname, signedIn);
  return request && apiUrl('/api', request.path, request.query);
};

describe('the first request of a page', () => {
  it('is the GET the page’s own fetcher sends', () => {
    expect(urlOf('/dashboard', true)).toBe(
      '/api/itineraries?summary=true&progress=true&limit=24&sort=newest',
    );
    expect(urlOf('/waze-route/42', true)).toBe('/api/itineraries/42');
    expect(urlOf('/edit-route/42', true)).toBe('/api/itineraries/42');
    expect(urlOf('/board/route/42', true)).toBe('/api/itineraries/42/progress');
    expect(urlOf('/board/day/d%201', true)).toBe('/api/day-groups/d%201/progress');
    expect(urlOf('/share/abc', false)).toBe('/api/itineraries/share/abc');
    expect(urlOf('/drive/abc', true)).toBe('/api/drive/abc');
    expect(urlOf('/track/abc', false)).toBe('/api/track/abc');
  });

  it('asks nothing for a page that needs an account without a session, nor for other pages', () => {
    expect(pageRequest('/dashboard', false)).toBeNull();
    expect(pageRequest('/waze-route/42', false)).toBeNull();
    expect(pageRequest('/plan', true)).toBeNull();
    expect(pageRequest('/', true)).toBeNull();
  });
});
