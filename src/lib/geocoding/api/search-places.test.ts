import { describe, expect, it, vi } from 'vitest';

vi.mock('@/lib/supabase', () => ({ getAccessToken: async () => null }));
vi.mock('@/config/env', () => ({ env: { apiUrl: '/api' } }));

import { isSearchable, searchPlacesQueryOptions } from './search-places';

describe('place search query', () => {
  it('runs only for a trimmed text of at least 3 characters', () => {
    expect(isSearchable('ab')).toBe(false);
    expect(isSearchable('  ab  ')).toBe(false);
    expect(isSearchable('abc')).toBe(true);
    expect(searchPlacesQueryOptions(' ny ').enabled).toBe(false);
    expect(searchPlacesQueryOptions('Paris').enabled).toBe(true);
  });

  it('shares one cache entry for texts that differ only in surrounding spaces', () => {
    expect(searchPlacesQueryOptions(' Paris ').queryKey).toEqual(
      searchPlacesQueryOptions('Paris').queryKey,
    );
  });
});
