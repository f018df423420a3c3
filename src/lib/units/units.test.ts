import { describe, expect, it } from 'vitest';
import { createStoredPreference, readPreference } from '@/lib/stored-preference';
import {
  automaticUnits,
  nextUnitsPreference,
  resolveUnits,
  UNITS,
  UNITS_STORAGE_KEY,
} from './units';

describe('automatic units', () => {
  it('are miles for English in the US and the UK, kilometres elsewhere', () => {
    expect(automaticUnits('en', ['en-US', 'en'])).toBe('imperial');
    expect(automaticUnits('en', ['en-GB'])).toBe('imperial');
    expect(automaticUnits('en', ['fr-FR', 'en-us'])).toBe('imperial');
    expect(automaticUnits('en', ['en-AU'])).toBe('metric');
    expect(automaticUnits('en', ['en'])).toBe('metric');
    expect(automaticUnits('en', [])).toBe('metric');
    // The interface language decides first: Spanish in the US reads kilometres.
    expect(automaticUnits('es', ['es-US', 'en-US'])).toBe('metric');
    expect(automaticUnits(undefined, ['en-US'])).toBe('metric');
  });

  it('give way to the setting', () => {
    expect(resolveUnits('metric', 'en', ['en-US'])).toBe('metric');
    expect(resolveUnits('imperial', 'de', ['de-DE'])).toBe('imperial');
    expect(resolveUnits('auto', 'en', ['en-GB'])).toBe('imperial');
    expect(nextUnitsPreference('auto')).toBe('metric');
    expect(nextUnitsPreference('metric')).toBe('imperial');
    expect(nextUnitsPreference('imperial')).toBe('auto');
  });
});

describe('the units setting', () => {
  const memoryStorage = () => {
    const values = new Map<string, string>();
    return {
      getItem: (key: string) => values.get(key) ?? null,
      setItem: (key: string, value: string) => void values.set(key, value),
    };
  };

  it("is kept under localStorage 'distanceUnits', like the theme", () => {
    const storage = memoryStorage();
    const setting = createStoredPreference(UNITS, { storage, window: null });
    expect(setting.get()).toBe('auto');
    let notified = 0;
    setting.subscribe(() => (notified += 1));
    setting.set('imperial');
    expect(storage.getItem(UNITS_STORAGE_KEY)).toBe('imperial');
    expect(notified).toBe(1);
    expect(createStoredPreference(UNITS, { storage, window: null }).get()).toBe('imperial');
  });

  it('reads anything unknown or unreadable as automatic', () => {
    expect(readPreference(UNITS, { getItem: () => 'furlongs' })).toBe('auto');
    expect(
      readPreference(UNITS, {
        getItem: () => {
          throw new Error('blocked');
        },
      }),
    ).toBe('auto');
    expect(readPreference(UNITS, null)).toBe('auto');
  });

  it('follows a change made in another tab', () => {
    const listeners: ((event: StorageEvent) => void)[] = [];
    const setting = createStoredPreference(UNITS, {
      storage: memoryStorage(),
      window: {
        addEventListener: (_type: string, listener: (event: StorageEvent) => void) =>
          listeners.push(listener),
      } as Pick<Window, 'addEventListener'>,
    });
    listeners.forEach((listener) =>
      listener({ key: UNITS_STORAGE_KEY, newValue: 'metric' } as StorageEvent),
    );
    expect(setting.get()).toBe('metric');
  });
});
