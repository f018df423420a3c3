// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';

vi.mock('@/config/env', () => ({ env: { apiUrl: '/api' } }));
import { createMemoryStore } from '@/lib/offline/model/key-value-store';
import { offlineKeys } from '@/lib/offline/model/offline-keys';
import { EDIT_DRAFT_PREFIX, PENDING_ROUTE_KEY, ROUTE_DRAFT_KEY } from '@/lib/route-storage';
import { DEVICE_KEYS, keyFor } from '@/lib/device-keys';
import { clearDeviceAfterDeletion, confirmationMatches } from './clear-device';

describe('clearDeviceAfterDeletion', () => {
  it('clears the drafts, the pending route, the team, the shared routes’ places and the offline copies', async () => {
    const store = createMemoryStore();
    await store.set(offlineKeys.itinerary('gone', 'r1'), { id: 'r1' });
    await store.set(offlineKeys.outbox('gone', 'r1'), { stops: [] });
    await store.set(offlineKeys.itinerary('other', 'r2'), { id: 'r2' });
    localStorage.setItem(ROUTE_DRAFT_KEY, '{"title":"x","stops":[]}');
    localStorage.setItem(`${EDIT_DRAFT_PREFIX}r1`, '{"title":"x","stops":[],"baseVersion":""}');
    localStorage.setItem('theme', 'dark');
    localStorage.setItem(DEVICE_KEYS.teamDay.name, '{"team":[{"name":"Alice"}]}');
    localStorage.setItem(keyFor('sharedRouteProgress', 'token-1'), '{"currentIndex":2}');
    sessionStorage.setItem(PENDING_ROUTE_KEY, '{"title":"y","stops":[]}');

    expect(await clearDeviceAfterDeletion(store, 'gone')).toBe(true);

    expect(localStorage.getItem(DEVICE_KEYS.teamDay.name)).toBeNull();
    expect(localStorage.getItem(keyFor('sharedRouteProgress', 'token-1'))).toBeNull();

    expect(localStorage.getItem(ROUTE_DRAFT_KEY)).toBeNull();
    expect(localStorage.getItem(`${EDIT_DRAFT_PREFIX}r1`)).toBeNull();
    expect(sessionStorage.getItem(PENDING_ROUTE_KEY)).toBeNull();
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(await store.keys()).toEqual([offlineKeys.itinerary('other', 'r2')]);
  });

  it('says so when the offline store cannot be cleared', async () => {
    const store = { ...createMemoryStore(), keys: () => Promise.reject(new Error('gone')) };
    expect(await clearDeviceAfterDeletion(store, 'gone')).toBe(false);
  });
});

describe('confirmationMatches', () => {
  it('wants the account’s address, whatever the case and the spaces around it', () => {
    expect(confirmationMatches('Driver@Example.com ', 'driver@example.com')).toBe(true);
    expect(confirmationMatches('driver@example.co', 'driver@example.com')).toBe(false);
    expect(confirmationMatches('', 'driver@example.com')).toBe(false);
    expect(confirmationMatches('', '')).toBe(false);
  });
});
