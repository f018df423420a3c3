import { describe, expect, it } from 'vitest';
import { createStoredPreference, readPreference } from '@/lib/stored-preference';
import { MAP_APP, MAP_APP_STORAGE_KEY } from './map-app-choice';

describe('the navigation app setting', () => {
  it("is kept under localStorage 'navigationApp', unset until the driver picks one", () => {
    const values = new Map<string, string>();
    const storage = {
      getItem: (key: string) => values.get(key) ?? null,
      setItem: (key: string, value: string) => void values.set(key, value),
    };
    const setting = createStoredPreference(MAP_APP, { storage, window: null });
    expect(setting.get()).toBe('unset');
    setting.set('google');
    expect(values.get(MAP_APP_STORAGE_KEY)).toBe('google');
    expect(MAP_APP_STORAGE_KEY).toBe('navigationApp');
  });

  it('reads an unknown app or a blocked storage as unset', () => {
    expect(readPreference(MAP_APP, { getItem: () => 'mapquest' })).toBe('unset');
    expect(readPreference(MAP_APP, null)).toBe('unset');
  });

  it('follows a choice made in another tab, and only on its own key', () => {
    const listeners: ((event: StorageEvent) => void)[] = [];
    const setting = createStoredPreference(MAP_APP, {
      storage: null,
      window: {
        addEventListener: (_type: string, listener: (event: StorageEvent) => void) =>
          listeners.push(listener),
      } as Pick<Window, 'addEventListener'>,
    });
    let notified = 0;
    setting.subscribe(() => (notified += 1));
    const send = (key: string, newValue: string) =>
      listeners.forEach((listener) => listener({ key, newValue } as StorageEvent));
    send('theme', 'dark');
    expect(notified).toBe(0);
    send(MAP_APP_STORAGE_KEY, 'waze');
    expect(setting.get()).toBe('waze');
    expect(notified).toBe(1);
  });
});
