/**
 * Themes: the toggle cycles auto → light → dark, the choice is
 * stored under localStorage 'theme', and auto follows the system (prefers-color-scheme).
 * The document gets data-theme="light" | "dark" (the resolved theme) for the CSS tokens
 * in global.css.
 */

export const THEME_PREFERENCES = ['auto', 'light', 'dark'] as const;
export type ThemePreference = (typeof THEME_PREFERENCES)[number];
export type ResolvedTheme = 'light' | 'dark';

export const THEME_STORAGE_KEY = 'theme';
export const DEFAULT_THEME: ThemePreference = 'auto';
export const DARK_SCHEME_QUERY = '(prefers-color-scheme: dark)';

export function nextTheme(current: ThemePreference): ThemePreference {
  return THEME_PREFERENCES[(THEME_PREFERENCES.indexOf(current) + 1) % THEME_PREFERENCES.length];
}

export function isThemePreference(value: unknown): value is ThemePreference {
  return typeof value === 'string' && (THEME_PREFERENCES as readonly string[]).includes(value);
}

export function resolveTheme(
  preference: ThemePreference,
  systemPrefersDark: boolean,
): ResolvedTheme {
  if (preference === 'auto') return systemPrefersDark ? 'dark' : 'light';
  return preference;
}

export function readThemePreference(storage: Pick<Storage, 'getItem'> | null): ThemePreference {
  try {
    const stored = storage?.getItem(THEME_STORAGE_KEY);
    return isThemePreference(stored) ? stored : DEFAULT_THEME;
  } catch {
    return DEFAULT_THEME;
  }
}

export function writeThemePreference(
  storage: Pick<Storage, 'setItem'> | null,
  preference: ThemePreference,
) {
  try {
    storage?.setItem(THEME_STORAGE_KEY, preference);
  } catch {
    // Storage blocked: the theme still applies for this page.
  }
}

/** The browser's own bars (address bar on phones) take the page's colour. */
const BROWSER_BAR_COLOURS: Record<ResolvedTheme, string> = { light: '#007bff', dark: '#1b1f24' };

export function applyTheme(
  root: HTMLElement,
  preference: ThemePreference,
  systemPrefersDark: boolean,
) {
  const resolved = resolveTheme(preference, systemPrefersDark);
  root.dataset.theme = resolved;
  root.dataset.themePreference = preference;
  root.ownerDocument
    .querySelector('meta[name="theme-color"]')
    ?.setAttribute('content', BROWSER_BAR_COLOURS[resolved]);
}

/** The page's theme, kept in step with localStorage, other tabs and the system setting. */
export interface ThemeStore {
  getPreference: () => ThemePreference;
  setPreference: (preference: ThemePreference) => void;
  subscribe: (listener: () => void) => () => void;
}

export interface ThemeEnvironment {
  root: HTMLElement;
  storage: Storage | null;
  matchMedia: ((query: string) => MediaQueryList) | null;
  window: Pick<Window, 'addEventListener' | 'removeEventListener'>;
}

export function createThemeStore(environment: ThemeEnvironment): ThemeStore {
  const media = environment.matchMedia?.(DARK_SCHEME_QUERY) ?? null;
  const listeners = new Set<() => void>();
  let preference = readThemePreference(environment.storage);

  const apply = () => applyTheme(environment.root, preference, media?.matches ?? false);
  const notify = () => listeners.forEach((listener) => listener());

  const onSystemChange = () => apply();
  const onStorage = (event: StorageEvent) => {
    if (event.key !== THEME_STORAGE_KEY) return;
    preference = isThemePreference(event.newValue) ? event.newValue : DEFAULT_THEME;
    apply();
    notify();
  };
  media?.addEventListener('change', onSystemChange);
  environment.window.addEventListener('storage', onStorage);
  apply();

  return {
    getPreference: () => preference,
    setPreference(next) {
      preference = next;
      writeThemePreference(environment.storage, next);
      apply();
      notify();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

function safeLocalStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The page's one theme store, created when the layouts load (before the first render). */
export const themeStore: ThemeStore = createThemeStore({
  root: document.documentElement,
  storage: safeLocalStorage(),
  matchMedia: typeof window.matchMedia === 'function' ? (query) => window.matchMedia(query) : null,
  window,
});
