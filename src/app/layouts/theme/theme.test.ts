// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import {
  applyTheme,
  createThemeStore,
  nextTheme,
  readThemePreference,
  resolveTheme,
  THEME_STORAGE_KEY,
  type ThemeEnvironment,
} from './theme';

function memoryStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
    values,
  };
}

function fakeMedia(matches: boolean) {
  const listeners = new Set<() => void>();
  const media = {
    matches,
    addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
  };
  return {
    media,
    change(next: boolean) {
      media.matches = next;
      listeners.forEach((listener) => listener());
    },
  };
}

function environment(storage: ReturnType<typeof memoryStorage>, systemDark = false) {
  const root = document.createElement('html');
  const system = fakeMedia(systemDark);
  const windowListeners = new Map<string, (event: Event) => void>();
  const env: ThemeEnvironment = {
    root,
    storage: storage as unknown as Storage,
    matchMedia: () => system.media as unknown as MediaQueryList,
    window: {
      addEventListener: (type: string, listener: (event: Event) => void) =>
        windowListeners.set(type, listener),
      removeEventListener: () => undefined,
    },
  };
  return { env, root, system, windowListeners };
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

describe('theme store', () => {
  it('applies the stored theme at once and stores every change', () => {
    const storage = memoryStorage({ [THEME_STORAGE_KEY]: 'light' });
    const { env, root } = environment(storage, true);
    const store = createThemeStore(env);
    expect(store.getPreference()).toBe('light');
    expect(root.dataset.theme).toBe('light');

    const listener = vi.fn();
    store.subscribe(listener);
    store.setPreference(nextTheme(store.getPreference()));
    expect(storage.values.get(THEME_STORAGE_KEY)).toBe('dark');
    expect(root.dataset.theme).toBe('dark');
    expect(listener).toHaveBeenCalledTimes(1);

    store.setPreference(nextTheme(store.getPreference()));
    expect(storage.values.get(THEME_STORAGE_KEY)).toBe('auto');
    expect(root.dataset.theme).toBe('dark');
  });

  it('in auto, follows the system when it changes', () => {
    const { env, root, system } = environment(memoryStorage(), false);
    createThemeStore(env);
    expect(root.dataset.theme).toBe('light');
    system.change(true);
    expect(root.dataset.theme).toBe('dark');
  });

  it('follows a change made in another tab', () => {
    const { env, root, windowListeners } = environment(memoryStorage(), false);
    const store = createThemeStore(env);
    windowListeners.get('storage')?.(
      new StorageEvent('storage', { key: THEME_STORAGE_KEY, newValue: 'dark' }),
    );
    expect(store.getPreference()).toBe('dark');
    expect(root.dataset.theme).toBe('dark');
  });
});
