/**
 * Has this visitor (or a link) already named a language? Then it is not a first visit,
 * and the detector's order applies: ?lng=, cookie, local storage,
 * session storage.
 */
import { LANGUAGE_KEY } from '@/lib/device-keys';

export const LANGUAGE_STORAGE_KEY = LANGUAGE_KEY.name;
export const LANGUAGE_QUERY_PARAMETER = 'lng';
export const LANGUAGE_COOKIE = 'i18next';

export interface LanguageSources {
  search: string;
  cookie: string;
  localStorage: Pick<Storage, 'getItem'> | null;
  sessionStorage: Pick<Storage, 'getItem'> | null;
}

function readStorage(storage: Pick<Storage, 'getItem'> | null): string | null {
  try {
    return storage?.getItem(LANGUAGE_STORAGE_KEY) ?? null;
  } catch {
    // Storage can throw when the browser blocks it (privacy modes).
    return null;
  }
}

export function hasChosenLanguage(sources: LanguageSources): boolean {
  if (new URLSearchParams(sources.search).get(LANGUAGE_QUERY_PARAMETER)) return true;
  if (sources.cookie.split(';').some((part) => part.trim().startsWith(`${LANGUAGE_COOKIE}=`)))
    return true;
  return Boolean(readStorage(sources.localStorage) || readStorage(sources.sessionStorage));
}

function safeStorage(name: 'localStorage' | 'sessionStorage'): Storage | null {
  try {
    return window[name];
  } catch {
    return null;
  }
}

export function browserLanguageSources(): LanguageSources {
  return {
    search: window.location.search,
    cookie: document.cookie,
    localStorage: safeStorage('localStorage'),
    sessionStorage: safeStorage('sessionStorage'),
  };
}
