// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('@/lib/supabase', () => ({ getAccessToken: async () => null }));
vi.mock('@/config/env', () => ({ env: { apiUrl: '/api' } }));
const getItinerary = vi.fn();
vi.mock('@/lib/itineraries', () => ({
  getItinerary: (...args: unknown[]) => getItinerary(...args),
}));

import {
  keepItineraryOffline,
  offlineStore,
  queueStops,
  readOfflineItinerary,
} from '@/lib/offline';
import { ApiError } from '@/lib/api-client';
import { loadDriveRoute } from './drive-route';

const OWNER = 'user-7';
const stops = [
  { name: 'Depot', lat: 45, lng: 4 },
  { name: 'Shop', lat: 46, lng: 5, note: 'Back door' },
];
const server = {
  id: 'r1',
  title: 'Round',
  stops,
  created_at: '2026-11-22T08:00:00.000Z',
  updated_at: '2026-11-22T09:00:00.000Z',
};
const networkDown = new ApiError({ status: 0, code: 'ERR_NETWORK', message: 'Failed to fetch' });
let online = true;

beforeEach(() => {
  online = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  getItinerary.mockReset();
});
afterEach(() => vi.restoreAllMocks());

// jsdom has no IndexedDB: offlineStore() is the in-memory store, shared by the tests below
// (each uses its own route id).
describe('loading a route to drive', () => {
  it('online: the server version, kept on the device for later', async () => {
    getItinerary.mockResolvedValue(server);
    const route = await loadDriveRoute(OWNER, 'r1');
    expect(route).toEqual({ itinerary: server, stops, fromDevice: false, pending: false });
    expect(await readOfflineItinerary(offlineStore(), OWNER, 'r1')).toEqual(server);
  });

  it('offline: the kept copy, without asking the network; nothing kept: the network error', async () => {
    await keepItineraryOffline(offlineStore(), OWNER, { ...server, id: 'r2' });
    online = false;
    const route = await loadDriveRoute(OWNER, 'r2');
    expect(route.fromDevice).toBe(true);
    expect(route.stops).toEqual(stops);
    expect(getItinerary).not.toHaveBeenCalled();
    await expect(loadDriveRoute(OWNER, 'never-opened')).rejects.toMatchObject({ status: 0 });
    await expect(loadDriveRoute('someone-else', 'r2')).rejects.toMatchObject({ status: 0 });
  });

  it('a request that gets no answer falls back to the kept copy; a refusal does not', async () => {
    await keepItineraryOffline(offlineStore(), OWNER, { ...server, id: 'r3' });
    getItinerary.mockRejectedValue(networkDown);
    expect((await loadDriveRoute(OWNER, 'r3')).fromDevice).toBe(true);
    getItinerary.mockRejectedValue(
      new ApiError({ status: 404, code: 'ERR_BAD_REQUEST', message: 'Itinerary not found' }),
    );
    await expect(loadDriveRoute(OWNER, 'r3')).rejects.toMatchObject({ status: 404 });
  });

  it('changes not sent yet are shown on top of the version loaded', async () => {
    const base = { ...server, id: 'r4' };
    await queueStops(offlineStore(), OWNER, base, [{ ...stops[0], status: 'done' }, stops[1]]);
    // Meanwhile the office changed the note of stop 2: both show.
    getItinerary.mockResolvedValue({
      ...base,
      stops: [stops[0], { ...stops[1], note: 'Front door' }],
      updated_at: '2026-11-22T10:00:00.000Z',
    });
    const route = await loadDriveRoute(OWNER, 'r4');
    expect(route.pending).toBe(true);
    expect(route.stops).toEqual([
      { ...stops[0], status: 'done' },
      { ...stops[1], note: 'Front door' },
    ]);
  });
});
