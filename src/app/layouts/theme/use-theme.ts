import { useCallback } from 'react';
import { createStoredPreference, useStoredPreference } from '@/lib/stored-preference';
import { followTheme, nextTheme, THEME } from './theme';

/** The page's one theme setting, applied to the document from when the layouts load. */
export const themePreference = createStoredPreference(THEME);
followTheme(themePreference, {
  root: document.documentElement,
  matchMedia: typeof window.matchMedia === 'function' ? (query) => window.matchMedia(query) : null,
});

export function useTheme() {
  const preference = useStoredPreference(themePreference);
  const cycle = useCallback(() => themePreference.set(nextTheme(themePreference.get())), []);
  return { preference, cycle };
}
