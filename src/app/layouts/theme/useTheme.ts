import { useCallback, useSyncExternalStore } from 'react';
import { nextTheme, themeStore, type ThemePreference } from './theme';

export function useTheme() {
  const preference = useSyncExternalStore(themeStore.subscribe, themeStore.getPreference);
  const setPreference = useCallback((next: ThemePreference) => themeStore.setPreference(next), []);
  const cycle = useCallback(
    () => themeStore.setPreference(nextTheme(themeStore.getPreference())),
    [],
  );
  return { preference, setPreference, cycle };
}
