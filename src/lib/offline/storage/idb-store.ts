import { createStore, promisifyRequest, type UseStore } from 'idb-keyval';
import { createMemoryStore, type KeyValueStore } from '../model/key-value-store';

const DATABASE = 'route-planner-offline';
const OBJECT_STORE = 'entries';

/** KeyValueStore over IndexedDB (idb-keyval); the database opens on first use. */
export function createIdbStore(): KeyValueStore {
  let store: UseStore | null = null;
  const withStore: UseStore = (mode, callback) => {
    store ??= createStore(DATABASE, OBJECT_STORE);
    return store(mode, callback);
  };
  return {
    get: <T>(key: string) =>
      withStore('readonly', (objects) =>
        promisifyRequest(objects.get(key) as IDBRequest<T | undefined>),
      ),
    set: (key, value) =>
      withStore('readwrite', (objects) => {
        objects.put(value, key);
        return promisifyRequest(objects.transaction);
      }),
    // One readwrite transaction: no other tab can slip a write between the read and the write.
    update: <T>(key: string, updater: (old: T | undefined) => T | undefined) =>
      withStore(
        'readwrite',
        (objects) =>
          new Promise<void>((resolve, reject) => {
            const request = objects.get(key);
            request.onerror = () => reject(request.error ?? new Error('IndexedDB read failed'));
            request.onsuccess = () => {
              try {
                const next = updater(request.result as T | undefined);
                if (next === undefined) objects.delete(key);
                else objects.put(next, key);
                resolve(promisifyRequest(objects.transaction));
              } catch (error) {
                reject(error instanceof Error ? error : new Error(String(error)));
              }
            };
          }),
      ),
    keys: () =>
      withStore('readonly', (objects) => promisifyRequest(objects.getAllKeys())).then((keys) =>
        keys.map(String),
      ),
  };
}

let shared: KeyValueStore | null = null;

/** The page's offline store: IndexedDB, or memory where the browser has none (private modes). */
export function offlineStore(): KeyValueStore {
  shared ??= typeof indexedDB === 'undefined' ? createMemoryStore() : createIdbStore();
  return shared;
}
