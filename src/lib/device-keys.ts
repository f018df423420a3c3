/**
 * Every key the app writes in the browser's localStorage and sessionStorage, in one place. The
 * code that writes a key takes its name from here, the privacy page lists them from here, and
 * signing out and deleting the account clear what each entry's `life` says, by going through
 * this list: a key cannot be written without being here (the unit tests fail on a key written
 * that is not, src/test/storage-guard.ts), so it cannot be forgotten when the device is cleared.
 * (The offline copies live in IndexedDB and are cleared by @/lib/offline.)
 */

/** How long a key stays on the device. */
export type DeviceKeyLife =
  /** A setting of the device (theme, units, language): kept, whoever signs in or out. */
  | 'setting'
  /** The signed-in session, which the Supabase client removes itself when signing out. */
  | 'session'
  /** The account's own data: forgotten when the account changes (signing out) and at deletion. */
  | 'account'
  /** Made on this device, with an account or without: forgotten when the account is deleted. */
  | 'device';

export interface DeviceKey {
  /** The key; with `prefix`, the start of the keys (one per route, per link...). */
  name: string;
  prefix?: true;
  storage: 'local' | 'session';
  life: DeviceKeyLife;
  /** The name as the privacy page shows it, when the key is not shown as `name`. */
  shown?: string;
}

// Each entry is a constant of its own, so that the script before the first paint, which reads the
// theme and the session's key, takes those two and not the whole list (a bundler keeps an object
// literal whole).
export const SESSION_KEY = {
  name: 'sb-',
  prefix: true,
  storage: 'local',
  life: 'session',
  shown: 'sb-…-auth-token',
} as const satisfies DeviceKey;
/** supabase-js's check that localStorage works: written and removed at once. */
export const STORAGE_CHECK_KEY = {
  name: 'lswt-',
  prefix: true,
  storage: 'local',
  life: 'session',
} as const satisfies DeviceKey;
export const GUEST_KEY = { name: 'guestMode', storage: 'local', life: 'setting' } as const;
export const THEME_KEY = { name: 'theme', storage: 'local', life: 'setting' } as const;
export const UNITS_KEY = { name: 'distanceUnits', storage: 'local', life: 'setting' } as const;
export const LANGUAGE_KEY = { name: 'i18nextLng', storage: 'local', life: 'setting' } as const;
/** The app a driver hands a stop to (Waze, Google Maps, Apple Maps). */
export const MAP_APP_KEY = { name: 'navigationApp', storage: 'local', life: 'setting' } as const;

export const DEVICE_KEYS = {
  session: SESSION_KEY,
  storageCheck: STORAGE_CHECK_KEY,
  guestMode: GUEST_KEY,
  theme: THEME_KEY,
  distanceUnits: UNITS_KEY,
  language: LANGUAGE_KEY,
  navigationApp: MAP_APP_KEY,
  routeDraft: { name: 'routeDraft', storage: 'local', life: 'device' },
  routeEditDraft: { name: 'routeEditDraft:', prefix: true, storage: 'local', life: 'account' },
  pendingRoute: { name: 'pendingRoute', storage: 'session', life: 'device' },
  pendingRouteAwaitingConfirmation: {
    name: 'pendingRouteAwaitingConfirmation',
    storage: 'local',
    life: 'device',
  },
  pendingCreateKeys: { name: 'pendingCreateKeys', storage: 'session', life: 'account' },
  passwordRecovery: { name: 'passwordRecovery', storage: 'session', life: 'device' },
  teamDay: { name: 'teamDay', storage: 'local', life: 'device' },
  sharedRouteProgress: {
    name: 'sharedRouteProgress:',
    prefix: true,
    storage: 'local',
    life: 'device',
  },
} as const satisfies Record<string, DeviceKey>;

export type DeviceKeyId = keyof typeof DEVICE_KEYS;

/** Every entry (read when needed: a call at the top would keep the list in every bundle). */
const entries = () => Object.entries(DEVICE_KEYS) as [DeviceKeyId, DeviceKey][];

/** The key of one item of a prefixed entry: `keyFor('sharedRouteProgress', token)`. */
export const keyFor = (
  id: {
    [K in DeviceKeyId]: (typeof DEVICE_KEYS)[K] extends { prefix: true } ? K : never;
  }[DeviceKeyId],
  item: string,
): string => `${DEVICE_KEYS[id].name}${item}`;

const matches = (entry: DeviceKey, key: string): boolean =>
  entry.prefix ? key.startsWith(entry.name) : key === entry.name;

/** The entry a key belongs to, or undefined for a key the app does not write. */
export const deviceKeyOf = (key: string): DeviceKeyId | undefined =>
  entries().find(([, entry]) => matches(entry, key))?.[0];

/** When the device forgets: an account signing out (or another signing in), or its deletion. */
export type ForgetMoment = 'sign-out' | 'deletion';

const forgottenAt = (life: DeviceKeyLife, moment: ForgetMoment): boolean =>
  life === 'account' || (moment === 'deletion' && life === 'device');

export interface DeviceStorages {
  local: Storage | null;
  session: Storage | null;
}

const browserStorages = (): DeviceStorages => {
  const open = (name: 'localStorage' | 'sessionStorage'): Storage | null => {
    try {
      return typeof window === 'undefined' ? null : window[name];
    } catch {
      // Some privacy settings throw on any access to storage: nothing was kept.
      return null;
    }
  };
  return { local: open('localStorage'), session: open('sessionStorage') };
};

/**
 * Removes every key that `moment` forgets (signing out: the account's; deleting it: the
 * account's and what was made on this device), and keeps the settings and the session.
 */
export function forgetDeviceKeys(
  moment: ForgetMoment,
  storages: DeviceStorages = browserStorages(),
): void {
  for (const kind of ['local', 'session'] as const) {
    const storage = storages[kind];
    if (!storage) continue;
    const forgotten = entries()
      .filter(([, entry]) => entry.storage === kind && forgottenAt(entry.life, moment))
      .map(([, entry]) => entry);
    try {
      const keys = Array.from({ length: storage.length }, (_, index) => storage.key(index));
      for (const key of keys) {
        if (key !== null && forgotten.some((entry) => matches(entry, key))) storage.removeItem(key);
      }
    } catch {
      // Storage unavailable: nothing was kept.
    }
  }
}
