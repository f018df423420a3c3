import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDistance, type DistanceWords } from '@/lib/format';
import {
  browserLanguages,
  nextUnitsPreference,
  resolveUnits,
  unitsStore,
  type UnitsPreference,
} from './units';

/** The units setting and the units it resolves to for the interface language. */
export function useDistanceUnits() {
  const { i18n } = useTranslation();
  const preference = useSyncExternalStore(
    unitsStore.subscribe,
    unitsStore.getPreference,
    unitsStore.getPreference,
  );
  const units = resolveUnits(preference, i18n.resolvedLanguage, browserLanguages());
  const setPreference = useCallback((next: UnitsPreference) => unitsStore.setPreference(next), []);
  const cycle = useCallback(
    () => unitsStore.setPreference(nextUnitsPreference(unitsStore.getPreference())),
    [],
  );
  return { preference, units, setPreference, cycle };
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
