import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDistance, type DistanceWords } from '@/lib/format';
import { useStoredPreference } from '@/lib/stored-preference';
import { browserLanguages, nextUnitsPreference, resolveUnits, unitsPreference } from './units';

const subscribeToLanguages = (listener: () => void) => {
  window.addEventListener('languagechange', listener);
  return () => window.removeEventListener('languagechange', listener);
};

/**
 * The browser's languages (one string: a snapshot that compares by value); none in the build's
 * render and the hydration of its HTML, which therefore show the units of no region.
 */
function useBrowserLanguages(): readonly string[] {
  const languages = useSyncExternalStore(
    subscribeToLanguages,
    () => browserLanguages().join(','),
    () => '',
  );
  return useMemo(() => (languages ? languages.split(',') : []), [languages]);
}

/** The units setting and the units it resolves to for the interface language. */
export function useDistanceUnits() {
  const { i18n } = useTranslation();
  const preference = useStoredPreference(unitsPreference);
  const units = resolveUnits(preference, i18n.resolvedLanguage, useBrowserLanguages());
  const cycle = useCallback(
    () => unitsPreference.set(nextUnitsPreference(unitsPreference.get())),
    [],
  );
  return { preference, units, cycle };
}

/**
 * Formats metres in the user's units with the unit words of the interface language. The words
 * are looked up once per language and units, not per distance (a 200-stop list formats 200).
 */
export function useFormatDistance(): (meters: number) => string {
  const { t, i18n } = useTranslation();
  const { units } = useDistanceUnits();
  const locale = i18n.resolvedLanguage ?? 'en';
  return useMemo(() => {
    let words: DistanceWords | undefined;
    return (meters: number) => {
      words ??= { km: t('units.km'), m: t('units.m'), mi: t('units.mi'), ft: t('units.ft') };
      return formatDistance(meters, locale, units, words);
    };
  }, [t, locale, units]);
}
