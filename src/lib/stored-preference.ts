import { useSyncExternalStore } from 'react';

/**
 * A setting kept on the device (localStorage) and followed across tabs: the theme and the
 * distance units. Components read it through `useStoredPreference`: the pages rendered at build
 * time show the setting's default, so does the hydration of their HTML, and React switches to
 * the device's value right after.
 */
export interface StoredPreference<T extends string> {
  /** What the build renders (and what anything unknown or unreadable reads as). */
  readonly fallback: T;
  get: () => T;
  set: (value: T) => void;
  /** Called after every change, on this page or in another tab. */
  subscribe: (listener: () => void) => () => void;
}

export interface PreferenceRule<T extends string> {
  key: string;
  values: readonly T[];
  fallback: T;
}

type Environment = {
  storage: Pick<Storage, 'getItem' | 'setItem'> | null;
  window: Pick<Window, 'addEventListener'> | null;
};

/** The stored value, or the fallback for nothing, nonsense or a blocked storage. */
export function readPreference<T extends string>(
  { key, values, fallback }: PreferenceRule<T>,
  storage: Pick<Storage, 'getItem'> | null,
): T {
  try {
    const stored = storage?.getItem(key);
    return values.find((value) => value === stored) ?? fallback;
  } catch {
    return fallback;
  }
}

/** The next value in the rule's order, after the last the first. */
export const nextPreference = <T extends string>({ values }: PreferenceRule<T>, current: T): T =>
  values[(values.indexOf(current) + 1) % values.length];

function safeLocalStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function createStoredPreference<T extends string>(
  rule: PreferenceRule<T>,
  environment: Environment = {
    storage: safeLocalStorage(),
    window: typeof window === 'undefined' ? null : window,
  },
): StoredPreference<T> {
  const listeners = new Set<() => void>();
  let value = readPreference(rule, environment.storage);
  const notify = () => listeners.forEach((listener) => listener());
  environment.window?.addEventListener('storage', (event: StorageEvent) => {
    if (event.key !== rule.key) return;
    value = readPreference(rule, { getItem: () => event.newValue });
    notify();
  });
  return {
    fallback: rule.fallback,
    get: () => value,
    set: (next) => {
      value = next;
      try {
        environment.storage?.setItem(rule.key, next);
      } catch {
        // Storage blocked: the choice lasts for this page.
      }
      notify();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The preference's value: the fallback while the build renders or React hydrates its HTML. */
export function useStoredPreference<T extends string>(preference: StoredPreference<T>): T {
  return useSyncExternalStore(preference.subscribe, preference.get, () => preference.fallback);
}
