import type { KeyValueStore } from './model/key-value-store';

/** The kinds of entries the offline store files under an account (see model/offline-keys.ts). */
const FILED_UNDER_ACCOUNT = ['itinerary', 'legs', 'outbox', 'drive-log'] as const;

/**
 * Deletes everything this device keeps for one account: its route copies, their legs, its
 * queue of changes not sent yet and when it drove its routes. For a deleted account, whose changes have nowhere to go
 * (signing out keeps the queue for the next sign-in; this does not). Other accounts' entries
 * stay. Rejects when the store fails, so the caller can say the device was not cleared.
 */
export async function forgetAccountOnDevice(
  store: KeyValueStore,
  ownerId: string,
): Promise<number> {
  const prefixes = FILED_UNDER_ACCOUNT.map((kind) => `${kind}:${ownerId}:`);
  const keys = (await store.keys()).filter((key) =>
    prefixes.some((prefix) => key.startsWith(prefix)),
  );
  await Promise.all(keys.map((key) => store.update(key, () => undefined)));
  return keys.length;
}
