import { describe, expect, it } from 'vitest';
import { createMemoryStore } from './model/key-value-store';
import { offlineKeys } from './model/offline-keys';
import {
  forgetOfflineRoutes,
  keepItineraryOffline,
  keepLegsOffline,
  readOfflineItinerary,
  readOfflineLegs,
} from './offline-route';

const stops = [
  { name: 'A', lat: 1, lng: 2 },
  { name: 'B', lat: 3, lng: 4 },
];
const itinerary = { id: '9', title: 'Round', stops, updated_at: '2026-11-22T09:00:00.000Z' };
const legs = [{ distance: 1200, duration: 300, estimated: false }];

describe('route copies kept for offline use', () => {
  it('are filed per account', async () => {
    const store = createMemoryStore();
    await keepItineraryOffline(store, 'user-1', itinerary);
    expect(await readOfflineItinerary(store, 'user-1', '9')).toEqual(itinerary);
    expect(await readOfflineItinerary(store, 'user-2', '9')).toBeUndefined();
  });

  it('legs are used only for the stops they were computed for', async () => {
    const store = createMemoryStore();
    await keepLegsOffline(store, 'user-1', '9', stops, legs);
    expect(await readOfflineLegs(store, 'user-1', '9', stops)).toEqual(legs);
    expect(await readOfflineLegs(store, 'user-1', '9', [stops[1], stops[0]])).toBeUndefined();
    // Renaming a stop keeps its legs (same places).
    expect(
      await readOfflineLegs(store, 'user-1', '9', [{ ...stops[0], name: 'Home' }, stops[1]]),
    ).toEqual(legs);
  });

  it('are forgotten on sign-out, while changes still to send stay queued', async () => {
    const store = createMemoryStore();
    await keepItineraryOffline(store, 'user-1', itinerary);
    await keepLegsOffline(store, 'user-1', '9', stops, legs);
    await store.set(offlineKeys.outbox('user-1', '9'), { pending: true });
    await forgetOfflineRoutes(store);
    expect(await store.keys()).toEqual([offlineKeys.outbox('user-1', '9')]);
  });
});
