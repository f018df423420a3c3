/**
 * The interface language's detection, in the order of i18next's browser
 * detector: ?lng=, the `i18next` cookie, localStorage then sessionStorage (`i18nextLng`), the
 * browser's languages, then <html lang>. Written out here (about 40 lines) instead of loading
 * i18next-browser-languagedetector on every page: the landing page counts every kilobyte.
 */
import type { LanguageDetectorModule } from 'i18next';
import {
  browserLanguageSources,
  LANGUAGE_COOKIE,
  LANGUAGE_QUERY_PARAMETER,
  LANGUAGE_STORAGE_KEY,
  type LanguageSources,
} from './stored-language';

export interface DetectionSources extends LanguageSources {
  /** navigator.languages (or [navigator.language]). */
  browserLanguages: readonly string[];
  /** <html lang>, the last resort. */
  htmlLang: string;
}

/** 'en-US' -> 'en': the product has one variant per language. */
export const languageOnly = (code: string): string => code.split(/[-_]/)[0].toLowerCase();

function readStorage(storage: Pick<Storage, 'getItem'> | null): string | null {
  try {
    return storage?.getItem(LANGUAGE_STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
}

function readCookie(cookie: string): string | null {
  for (const part of cookie.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === LANGUAGE_COOKIE && value.length > 0) return decodeURIComponent(value.join('='));
  }
  return null;
}

/** Every language the sources name, best first, as language codes ('fr', not 'fr-CA'). */
export function detectLanguages(sources: DetectionSources): string[] {
  const found = [
    new URLSearchParams(sources.search).get(LANGUAGE_QUERY_PARAMETER),
    readCookie(sources.cookie),
    readStorage(sources.localStorage),
    readStorage(sources.sessionStorage),
    ...sources.browserLanguages,
    sources.htmlLang,
  ];
  return found
    .filter((code): code is string => typeof code === 'string' && code.trim() !== '')
    .map(languageOnly);
}

/** This page's sources. */
export const browserDetectionSources = (): DetectionSources => ({
  ...browserLanguageSources(),
  browserLanguages: navigator.languages?.length ? navigator.languages : [navigator.language],
  htmlLang: document.documentElement.lang,
});

/** The i18next plugin: detects with the browser's sources, and keeps the language in localStorage. */
export const browserLanguageDetector: LanguageDetectorModule = {
  type: 'languageDetector',
  detect: () => detectLanguages(browserDetectionSources()),
  cacheUserLanguage: (language: string) => {
    if (language === 'cimode') return;
    try {
      localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
    } catch {
      // Storage blocked: the choice lasts for this page only.
    }
  },
};
