import { describe, expect, it } from 'vitest';
import { forgetAccountOnDevice } from './forget-account';
import { createMemoryStore } from './model/key-value-store';
import { offlineKeys } from './model/offline-keys';

describe('forgetAccountOnDevice', () => {
  it('deletes the account’s route copies, legs, queued changes and drive logs, and nothing of anyone else', async () => {
    const store = createMemoryStore();
    await store.set(offlineKeys.itinerary('alice', 'r1'), { id: 'r1' });
    await store.set(offlineKeys.legs('alice', 'r1'), { legs: [] });
    await store.set(offlineKeys.outbox('alice', 'r1'), { stops: [] });
    await store.set(offlineKeys.driveLog('alice', 'r1'), { startedAt: 1 });
    await store.set(offlineKeys.itinerary('alice-2', 'r9'), { id: 'r9' });
    await store.set(offlineKeys.itinerary('bob', 'r2'), { id: 'r2' });
    await store.set(offlineKeys.outbox('bob', 'r2'), { stops: [] });
    await store.set('something-else', 1);

    expect(await forgetAccountOnDevice(store, 'alice')).toBe(4);
    expect((await store.keys()).sort()).toEqual(
      [
        offlineKeys.itinerary('alice-2', 'r9'),
        offlineKeys.itinerary('bob', 'r2'),
        offlineKeys.outbox('bob', 'r2'),
        'something-else',
      ].sort(),
    );
  });

  it('rejects when the store fails, so the page can say so', async () => {
    const store = createMemoryStore();
    const failing = { ...store, keys: () => Promise.reject(new Error('IndexedDB is gone')) };
    await expect(forgetAccountOnDevice(failing, 'alice')).rejects.toThrow('IndexedDB is gone');
  });
});
