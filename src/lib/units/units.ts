/**
 * Distance units: miles and feet for English in the United States and the United
 * Kingdom, kilometres and metres elsewhere, chosen from the interface language and the
 * browser's region, and changeable in a setting kept like the theme (localStorage
 * 'distanceUnits': auto | metric | imperial).
 */

export const UNITS_PREFERENCES = ['auto', 'metric', 'imperial'] as const;
export type UnitsPreference = (typeof UNITS_PREFERENCES)[number];
export type DistanceUnits = Exclude<UnitsPreference, 'auto'>;

export const UNITS_STORAGE_KEY = 'distanceUnits';
export const DEFAULT_UNITS_PREFERENCE: UnitsPreference = 'auto';

/** Where English speakers drive in miles. */
const IMPERIAL_ENGLISH_REGIONS = new Set(['US', 'GB']);

export function isUnitsPreference(value: unknown): value is UnitsPreference {
  return typeof value === 'string' && (UNITS_PREFERENCES as readonly string[]).includes(value);
}

export function nextUnitsPreference(current: UnitsPreference): UnitsPreference {
  return UNITS_PREFERENCES[(UNITS_PREFERENCES.indexOf(current) + 1) % UNITS_PREFERENCES.length];
}

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

export function readUnitsPreference(storage: Pick<Storage, 'getItem'> | null): UnitsPreference {
  try {
    const stored = storage?.getItem(UNITS_STORAGE_KEY);
    return isUnitsPreference(stored) ? stored : DEFAULT_UNITS_PREFERENCE;
  } catch {
    return DEFAULT_UNITS_PREFERENCE;
  }
}

export function writeUnitsPreference(
  storage: Pick<Storage, 'setItem'> | null,
  preference: UnitsPreference,
) {
  try {
    storage?.setItem(UNITS_STORAGE_KEY, preference);
  } catch {
    // Storage blocked: the choice still applies on this page.
  }
}

/** The units setting of the page, in step with localStorage and other tabs. */
export interface UnitsStore {
  getPreference: () => UnitsPreference;
  setPreference: (preference: UnitsPreference) => void;
  subscribe: (listener: () => void) => () => void;
}

export function createUnitsStore(environment: {
  storage: Storage | null;
  window: Pick<Window, 'addEventListener'> | null;
}): UnitsStore {
  const listeners = new Set<() => void>();
  let preference = readUnitsPreference(environment.storage);
  const notify = () => listeners.forEach((listener) => listener());
  environment.window?.addEventListener('storage', (event: StorageEvent) => {
    if (event.key !== UNITS_STORAGE_KEY) return;
    preference = isUnitsPreference(event.newValue) ? event.newValue : DEFAULT_UNITS_PREFERENCE;
    notify();
  });
  return {
    getPreference: () => preference,
    setPreference(next) {
      preference = next;
      writeUnitsPreference(environment.storage, next);
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
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export const unitsStore: UnitsStore = createUnitsStore({
  storage: safeLocalStorage(),
  window: typeof window === 'undefined' ? null : window,
});

/** The browser's languages, most preferred first. */
export const browserLanguages = (): readonly string[] =>
  typeof navigator === 'undefined'
    ? []
    : navigator.languages?.length
      ? navigator.languages
      : [navigator.language];
