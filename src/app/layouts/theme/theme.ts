/**
 * Themes: the toggle cycles auto → light → dark, the choice is stored under localStorage
 * 'theme', and auto follows the system (prefers-color-scheme).
 * The document gets data-theme="light" | "dark" (the resolved theme) for the CSS tokens
 * in global.css: before the first paint (the inline script of vite/startup.ts runs this module's
 * rules) and from then on (followTheme).
 */
import {
  nextPreference,
  readPreference,
  type PreferenceRule,
  type StoredPreference,
} from '@/lib/stored-preference';
import { THEME_KEY } from '@/lib/device-keys';

export const THEME_PREFERENCES = ['auto', 'light', 'dark'] as const;
export type ThemePreference = (typeof THEME_PREFERENCES)[number];
export type ResolvedTheme = 'light' | 'dark';

export const THEME: PreferenceRule<ThemePreference> = {
  key: THEME_KEY.name,
  values: THEME_PREFERENCES,
  fallback: 'auto',
};
export const THEME_STORAGE_KEY = THEME.key;
export const DARK_SCHEME_QUERY = '(prefers-color-scheme: dark)';

export const nextTheme = (current: ThemePreference): ThemePreference =>
  nextPreference(THEME, current);

export const readThemePreference = (storage: Pick<Storage, 'getItem'> | null): ThemePreference =>
  readPreference(THEME, storage);

export function resolveTheme(
  preference: ThemePreference,
  systemPrefersDark: boolean,
): ResolvedTheme {
  if (preference === 'auto') return systemPrefersDark ? 'dark' : 'light';
  return preference;
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

export interface ThemeEnvironment {
  root: HTMLElement;
  matchMedia: ((query: string) => Pick<MediaQueryList, 'matches' | 'addEventListener'>) | null;
}

/** Applies the theme now, and again whenever the setting or the system's scheme changes. */
export function followTheme(
  preference: StoredPreference<ThemePreference>,
  { root, matchMedia }: ThemeEnvironment,
): void {
  const system = matchMedia?.(DARK_SCHEME_QUERY) ?? null;
  const apply = () => applyTheme(root, preference.get(), system?.matches ?? false);
  system?.addEventListener('change', apply);
  preference.subscribe(apply);
  apply();
}
