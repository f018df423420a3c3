/**
 * Distance units: miles and feet for English in the United States and the United
 * Kingdom, kilometres and metres elsewhere, chosen from the interface language and the
 * browser's region, and changeable in a setting kept like the theme (localStorage
 * 'distanceUnits': auto | metric | imperial).
 */
import {
  createStoredPreference,
  nextPreference,
  type PreferenceRule,
  type StoredPreference,
} from '@/lib/stored-preference';
import { UNITS_KEY } from '@/lib/device-keys';

export const UNITS_PREFERENCES = ['auto', 'metric', 'imperial'] as const;
export type UnitsPreference = (typeof UNITS_PREFERENCES)[number];
export type DistanceUnits = Exclude<UnitsPreference, 'auto'>;

export const UNITS: PreferenceRule<UnitsPreference> = {
  key: UNITS_KEY.name,
  values: UNITS_PREFERENCES,
  fallback: 'auto',
};
export const UNITS_STORAGE_KEY = UNITS.key;

/** Where English speakers drive in miles. */
const IMPERIAL_ENGLISH_REGIONS = new Set(['US', 'GB']);

export const nextUnitsPreference = (current: UnitsPreference): UnitsPreference =>
  nextPreference(UNITS, current);

/**
 * The units for an interface language: imperial when it is English and the browser's first
 * English language tag names the US or the UK (en-US, en-GB), metric otherwise.
 */
export function automaticUnits(
  interfaceLanguage: string | undefined,
  browserLanguages: readonly string[],
): DistanceUnits {
  if (interfaceLanguage?.split('-')[0].toLowerCase() !== 'en') return 'metric';
  const english = browserLanguages.find((tag) => tag.split(/[-_]/)[0].toLowerCase() === 'en');
  const region = english?.split(/[-_]/)[1]?.toUpperCase();
  return region && IMPERIAL_ENGLISH_REGIONS.has(region) ? 'imperial' : 'metric';
}

export function resolveUnits(
  preference: UnitsPreference,
  interfaceLanguage: string | undefined,
  browserLanguages: readonly string[],
): DistanceUnits {
  return preference === 'auto' ? automaticUnits(interfaceLanguage, browserLanguages) : preference;
}

/** The page's one units setting. */
export const unitsPreference: StoredPreference<UnitsPreference> = createStoredPreference(UNITS);

/** The browser's languages, most preferred first. */
export const browserLanguages = (): readonly string[] =>
  typeof navigator === 'undefined'
    ? []
    : navigator.languages?.length
      ? navigator.languages
      : [navigator.language];
