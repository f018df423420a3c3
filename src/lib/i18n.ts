import i18n, { type BackendModule, type ResourceKey } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import { browserLanguageSources, hasChosenLanguage, LANGUAGE_STORAGE_KEY } from '@/lib/language/stored-language';

/** The six interface languages of the product (spec section 1). */
export const productLanguages = [
  { code: 'en', name: 'English', flag: '🇬🇧' },
  { code: 'es', name: 'Español', flag: '🇪🇸' },
  { code: 'fr', name: 'Français', flag: '🇫🇷' },
  { code: 'de', name: 'Deutsch', flag: '🇩🇪' },
  { code: 'it', name: 'Italiano', flag: '🇮🇹' },
  { code: 'pt', name: 'Português', flag: '🇵🇹' },
] as const;

export type LanguageCode = (typeof productLanguages)[number]['code'];

export const DEFAULT_LANGUAGE: LanguageCode = 'en';
/** Spec section 3: the chosen language is kept under this localStorage key. */
export { LANGUAGE_STORAGE_KEY };

/**
 * Translations load on demand, each in its own chunk, and only the interface language's:
 * adding src/locales/es.json is all it takes to offer Spanish.
 */
const lazyLocales = import.meta.glob<{ default: ResourceKey }>('../locales/*.json');

const loaderFor = (code: string) => lazyLocales[`../locales/${code}.json`];

/** The product languages whose translations exist in this build. */
export const availableLanguages = productLanguages.filter(
  (language) => language.code === DEFAULT_LANGUAGE || loaderFor(language.code) !== undefined,
);

const lazyLocaleBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, _namespace, callback) {
    const load = loaderFor(language);
    if (!load) {
      callback(null, {});
      return;
    }
    load().then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

/** Spec section 4: query string, cookie, localStorage, sessionStorage, browser, html tag. */
export const detectionOptions = {
  order: ['querystring', 'cookie', 'localStorage', 'sessionStorage', 'navigator', 'htmlTag'],
  lookupLocalStorage: LANGUAGE_STORAGE_KEY,
  caches: ['localStorage'],
  // Store and use the language code alone ('en-US' -> 'en'): the product has one variant per language.
  convertDetectedLanguage: (language: string) => language.split(/[-_]/)[0].toLowerCase(),
};

/** `<html lang>` and `dir` follow the interface language (screen readers, hyphenation, fonts). */
function reflectLanguageInDocument(language: string) {
  if (typeof document === 'undefined' || !language) return;
  document.documentElement.lang = language;
  document.documentElement.dir = i18n.dir(language);
}
i18n.on('languageChanged', reflectLanguageInDocument);

/** Decided before the detector runs, because the detector caches what it finds. */
const firstVisit = typeof window !== 'undefined' && !hasChosenLanguage(browserLanguageSources());
const firstVisitDetection = new AbortController();

export const i18nReady = i18n
  .use(lazyLocaleBackend)
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    // English is the fallback only for languages the product does not offer: every offered
    // language has every key (src/locales/locales.test.ts), so it never needs English too.
    fallbackLng: {
      default: [DEFAULT_LANGUAGE],
      ...Object.fromEntries(productLanguages.map((language) => [language.code, []])),
    },
    supportedLngs: availableLanguages.map((language) => language.code),
    load: 'languageOnly',
    detection: detectionOptions,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
    showSupportNotice: false,
  });

/**
 * A manual choice: it overrides the first-visit detection still under way and is stored
 * under i18nextLng (spec section 4).
 */
export function chooseInterfaceLanguage(code: LanguageCode): Promise<unknown> {
  firstVisitDetection.abort(new Error('The visitor chose a language'));
  return i18n.changeLanguage(code);
}

/**
 * Spec section 4, first visit: location → country → language, else the browser language.
 * The page renders at once in the detected browser language and switches when this answers;
 * the geolocation code and its request load only on a first visit.
 */
async function detectLanguageOnFirstVisit() {
  if (!('geolocation' in navigator)) return;
  const [{ detectFirstVisitLanguage, browserLocate, apiCountryAt }, { env }] = await Promise.all([
    import('@/lib/language/first-visit'),
    import('@/config/env'),
  ]);
  const language = await detectFirstVisitLanguage(
    {
      locate: browserLocate(navigator.geolocation),
      countryAt: apiCountryAt(env.apiUrl),
      browserLanguages: navigator.languages?.length ? navigator.languages : [navigator.language],
    },
    { signal: firstVisitDetection.signal },
  );
  if (firstVisitDetection.signal.aborted) return;
  await i18n.changeLanguage(language);
}

if (firstVisit) {
  void i18nReady.then(detectLanguageOnFirstVisit).catch(() => {
    // Aborted by a manual choice, or the app's configuration is broken (main.tsx reports that).
  });
}

export default i18n;
