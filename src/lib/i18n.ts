import i18n, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { browserLanguageDetector } from '@/lib/language/detector';
import { showsPageTexts, startsWithEveryText } from '@/lib/language/first-page-texts';
import {
  browserLanguageSources,
  hasChosenLanguage,
  LANGUAGE_STORAGE_KEY,
} from '@/lib/language/stored-language';

/** The six interface languages of the product. */
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
/** The chosen language is kept under this localStorage key. */
export { LANGUAGE_STORAGE_KEY };

type Texts = Record<string, unknown>;

/*
 * Translations load on demand, and only the interface language's: adding src/locales/es.json is
 * all it takes to offer Spanish. The first page gets the core texts only (the app shell and the
 * landing page: each section below is a named import of the JSON, so the build keeps just
 * those); every other text comes with the first lazily loaded page (loadAllTranslations), from
 * the same file read as text, a module of its own. The other sections never weigh on the landing
 * page.
 */
const coreSections: Record<string, Record<string, () => Promise<Texts>>> = {
  app: import.meta.glob<Texts>('../locales/*.json', { import: 'app' }),
  nav: import.meta.glob<Texts>('../locales/*.json', { import: 'nav' }),
  landing: import.meta.glob<Texts>('../locales/*.json', { import: 'landing' }),
  footer: import.meta.glob<Texts>('../locales/*.json', { import: 'footer' }),
  legal: import.meta.glob<Texts>('../locales/*.json', { import: 'legal' }),
  theme: import.meta.glob<Texts>('../locales/*.json', { import: 'theme' }),
  units: import.meta.glob<Texts>('../locales/*.json', { import: 'units' }),
  common: import.meta.glob<Texts>('../locales/*.json', { import: 'common' }),
};
const everyTextOf = import.meta.glob<string>('../locales/*.json', {
  query: '?raw',
  import: 'default',
});

/*
 * The texts only a few pages show (the sign-in, registration, password and account pages', the
 * driver's page, the live board, the tracking page and the legal pages' paragraphs: about 8 KB
 * gzipped per language, two thirds as much as all the others) are a file of their own, loaded only
 * with those pages (loadPageTexts). The footer's links to the legal pages name them from the
 * main file.
 */
const pageTextsOf = import.meta.glob<Texts>('../locales/pages/*.json', { import: 'default' });

const localePath = (code: string) => `../locales/${code}.json`;
const pagesPath = (code: string) => `../locales/pages/${code}.json`;
const hasLocale = (code: string) => everyTextOf[localePath(code)] !== undefined;

/** The product languages whose translations exist in this build. */
export const availableLanguages = productLanguages.filter(
  (language) => language.code === DEFAULT_LANGUAGE || hasLocale(language.code),
);

/** Unit tests render any component at once, so they start with every text; see first-page-texts. */
let everyTextWanted =
  import.meta.env.MODE === 'test' ||
  (typeof window !== 'undefined' && startsWithEveryText(window.location.pathname));
/** Languages whose every text is loaded. */
const complete = new Set<string>();
/**
 * Unit tests render those pages at once too; a visit asks for their texts with them, from the
 * start when it starts on one of them (the inline script preloads the file).
 */
let pageTextsWanted =
  import.meta.env.MODE === 'test' ||
  (typeof window !== 'undefined' && showsPageTexts(window.location.pathname));
/** Languages whose page texts are loaded. */
const pagesComplete = new Set<string>();

async function readCore(code: string): Promise<Texts> {
  const sections = await Promise.all(
    Object.entries(coreSections).map(
      async ([name, loaders]) => [name, (await loaders[localePath(code)]?.()) ?? {}] as const,
    ),
  );
  return Object.fromEntries(sections);
}

async function readEveryText(code: string): Promise<Texts> {
  return JSON.parse(await everyTextOf[localePath(code)]()) as Texts;
}

/** The page texts of `code` (loadPageTexts). */
async function readPageTexts(code: string): Promise<Texts> {
  return (await pageTextsOf[pagesPath(code)]?.()) ?? {};
}

/** `texts` with `more` added, section by section (both have a `legal` section). */
const mergeSections = (texts: Texts, more: Texts): Texts =>
  Object.fromEntries(
    [...new Set([...Object.keys(texts), ...Object.keys(more)])].map((name) => [
      name,
      { ...(texts[name] as Texts | undefined), ...(more[name] as Texts | undefined) },
    ]),
  );

/** The texts a language starts with: the core or every text, and the page texts once wanted. */
async function readTexts(code: string): Promise<Texts> {
  const withEveryText = everyTextWanted;
  const withPages = pageTextsWanted;
  const [texts, pages] = await Promise.all([
    withEveryText ? readEveryText(code) : readCore(code),
    withPages ? readPageTexts(code) : null,
  ]);
  // Counted as held once both are read: i18next adds them as the backend's answer.
  if (withEveryText) complete.add(code);
  if (withPages) pagesComplete.add(code);
  return pages ? mergeSections(texts, pages) : texts;
}

const lazyLocaleBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, _namespace, callback) {
    if (!hasLocale(language)) {
      callback(null, {});
      return;
    }
    readTexts(language).then(
      (texts) => callback(null, texts as ResourceKey),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
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
  .use(browserLanguageDetector)
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
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
    showSupportNotice: false,
  });

/**
 * A manual choice: it overrides the first-visit detection still under way and is stored
 * under i18nextLng.
 */
/**
 * Every text of the interface language (and, from now on, of any language chosen later). The
 * lazily loaded pages wait for it before they render; the landing page does not need it.
 */
export async function loadAllTranslations(): Promise<void> {
  everyTextWanted = true;
  await i18nReady;
  const language = i18n.resolvedLanguage;
  if (language) await completeTexts(language);
}

/**
 * The page texts of the interface language (and, from now on, of any language chosen later):
 * the pages that show them wait for them before they render.
 */
export async function loadPageTexts(): Promise<void> {
  pageTextsWanted = true;
  await i18nReady;
  const language = i18n.resolvedLanguage;
  if (language) await completeTexts(language);
}

/**
 * Once every text (or the page texts) is wanted, a language whose texts were loaded without them
 * earlier gets them before the interface switches to it: i18next does not ask the backend again
 * for a language it already holds.
 */
async function completeTexts(language: string): Promise<void> {
  if (!hasLocale(language)) return;
  const [texts, pages] = await Promise.all([
    everyTextWanted && !complete.has(language) ? readEveryText(language) : null,
    pageTextsWanted && !pagesComplete.has(language) ? readPageTexts(language) : null,
  ]);
  if (texts) {
    i18n.addResourceBundle(language, 'translation', texts, true, true);
    complete.add(language);
  }
  if (pages) {
    i18n.addResourceBundle(language, 'translation', pages, true, true);
    pagesComplete.add(language);
  }
}

/** Switches the interface language with its texts in place. */
async function switchLanguage(language: string): Promise<unknown> {
  if (i18n.hasResourceBundle(language, 'translation')) await completeTexts(language);
  return i18n.changeLanguage(language);
}

export function chooseInterfaceLanguage(code: LanguageCode): Promise<unknown> {
  firstVisitDetection.abort(new Error('The visitor chose a language'));
  return switchLanguage(code);
}

/**
 * First visit: location → country → language, else the browser language.
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
  await switchLanguage(language);
}

if (firstVisit) {
  void i18nReady.then(detectLanguageOnFirstVisit).catch(() => {
    // Aborted by a manual choice, or the app's configuration is broken (main.tsx reports that).
  });
}

export default i18n;
