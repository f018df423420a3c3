/**
 * The little storage the offline features need, behind an interface: IndexedDB
 * (idb-keyval) in the browser, a Map in unit tests and wherever IndexedDB is missing.
 */
export interface KeyValueStore {
  get<T>(key: string): Promise<T | undefined>;
  set(key: string, value: unknown): Promise<void>;
  /** Replaces the value with updater(old) atomically; returning undefined deletes it. */
  update<T>(key: string, updater: (old: T | undefined) => T | undefined): Promise<void>;
  keys(): Promise<string[]>;
}

/** An in-memory store (values are cloned, as IndexedDB does; failures reject, as there). */
export function createMemoryStore(): KeyValueStore {
  const map = new Map<string, unknown>();
  const later = <T>(work: () => T): Promise<T> => Promise.resolve().then(work);
  return {
    get: <T>(key: string) =>
      later(() => (map.has(key) ? structuredClone(map.get(key) as T) : undefined)),
    set: (key, value) =>
      later(() => {
        map.set(key, structuredClone(value));
      }),
    update: <T>(key: string, updater: (old: T | undefined) => T | undefined) =>
      later(() => {
        const next = updater(map.has(key) ? structuredClone(map.get(key) as T) : undefined);
        if (next === undefined) map.delete(key);
        else map.set(key, structuredClone(next));
      }),
    keys: () => later(() => [...map.keys()]),
  };
}
