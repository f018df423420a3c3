// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { createStoredPreference } from '@/lib/stored-preference';
import {
  applyTheme,
  followTheme,
  nextTheme,
  readThemePreference,
  resolveTheme,
  THEME,
  THEME_STORAGE_KEY,
} from './theme';

function memoryStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    values,
  };
}

/** A theme setting followed on a document of its own, with a system scheme that can change. */
function followedTheme(storage: ReturnType<typeof memoryStorage>, systemDark = false) {
  const root = document.createElement('html');
  const listeners = new Set<() => void>();
  const system = {
    matches: systemDark,
    addEventListener: (_type: string, listener: () => void) => void listeners.add(listener),
  } as unknown as MediaQueryList;
  const windowListeners = new Map<string, (event: StorageEvent) => void>();
  const preference = createStoredPreference(THEME, {
    storage,
    window: {
      addEventListener: (type: string, listener: (event: StorageEvent) => void) =>
        windowListeners.set(type, listener),
    } as Pick<Window, 'addEventListener'>,
  });
  followTheme(preference, { root, matchMedia: () => system });
  const changeSystem = (dark: boolean) => {
    Object.assign(system, { matches: dark });
    listeners.forEach((listener) => listener());
  };
  return { preference, root, changeSystem, windowListeners };
}

describe('theme cycle', () => {
  it('cycles auto → light → dark → auto', () => {
    expect(nextTheme('auto')).toBe('light');
    expect(nextTheme('light')).toBe('dark');
    expect(nextTheme('dark')).toBe('auto');
  });

  it('auto follows the system; light and dark do not', () => {
    expect(resolveTheme('auto', true)).toBe('dark');
    expect(resolveTheme('auto', false)).toBe('light');
    expect(resolveTheme('light', true)).toBe('light');
    expect(resolveTheme('dark', false)).toBe('dark');
  });

  it("reads the stored 'theme', defaulting to auto for nothing or nonsense", () => {
    expect(readThemePreference(memoryStorage({ theme: 'dark' }))).toBe('dark');
    expect(readThemePreference(memoryStorage({ theme: 'purple' }))).toBe('auto');
    expect(readThemePreference(memoryStorage())).toBe('auto');
    expect(readThemePreference(null)).toBe('auto');
    expect(
      readThemePreference({
        getItem: () => {
          throw new Error('blocked');
        },
      }),
    ).toBe('auto');
  });

  it('marks the document with the resolved theme', () => {
    const root = document.createElement('html');
    applyTheme(root, 'auto', true);
    expect(root.dataset.theme).toBe('dark');
    expect(root.dataset.themePreference).toBe('auto');
  });
});

describe('the followed theme setting', () => {
  it('applies the stored theme at once and stores every change', () => {
    const storage = memoryStorage({ [THEME_STORAGE_KEY]: 'light' });
    const { preference, root } = followedTheme(storage, true);
    expect(preference.get()).toBe('light');
    expect(root.dataset.theme).toBe('light');

    const listener = vi.fn();
    preference.subscribe(listener);
    preference.set(nextTheme(preference.get()));
    expect(storage.values.get(THEME_STORAGE_KEY)).toBe('dark');
    expect(root.dataset.theme).toBe('dark');
    expect(listener).toHaveBeenCalledTimes(1);

    preference.set(nextTheme(preference.get()));
    expect(storage.values.get(THEME_STORAGE_KEY)).toBe('auto');
    expect(root.dataset.theme).toBe('dark');
  });

  it('in auto, follows the system when it changes', () => {
    const { root, changeSystem } = followedTheme(memoryStorage(), false);
    expect(root.dataset.theme).toBe('light');
    changeSystem(true);
    expect(root.dataset.theme).toBe('dark');
  });

  it('follows a change made in another tab', () => {
    const { preference, root, windowListeners } = followedTheme(memoryStorage(), false);
    windowListeners.get('storage')?.(
      new StorageEvent('storage', { key: THEME_STORAGE_KEY, newValue: 'dark' }),
    );
    expect(preference.get()).toBe('dark');
    expect(root.dataset.theme).toBe('dark');
  });
});
