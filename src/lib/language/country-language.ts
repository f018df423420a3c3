/**
 * Choosing the interface language from the visitor's country.
 * Pure: no I/O, so every rule is unit-tested.
 */

export const SUPPORTED_LANGUAGES = ['en', 'es', 'fr', 'de', 'it', 'pt'] as const;
export type SupportedLanguage = (typeof SUPPORTED_LANGUAGES)[number];
export const FALLBACK_LANGUAGE: SupportedLanguage = 'en';

/** The countries of each language; a country may appear under several languages (CA, CH). */
export const COUNTRY_LANGUAGES: Readonly<Record<SupportedLanguage, readonly string[]>> = {
  en: ['US', 'GB', 'CA', 'AU', 'NZ', 'IE', 'ZA'],
  es: ['ES', 'MX', 'AR', 'CO', 'PE', 'VE', 'CL', 'EC', 'UY', 'PY', 'BO'],
  fr: ['FR', 'CA', 'BE', 'CH', 'MC', 'LU'],
  de: ['DE', 'AT', 'CH', 'LI'],
  it: ['IT', 'CH', 'SM', 'VA'],
  pt: ['PT', 'BR', 'AO', 'MZ', 'CV', 'GW', 'ST', 'TL'],
};

/** 'de-AT', 'pt_BR', 'FR' → the supported base language, or null. */
export function toSupportedLanguage(tag: string | null | undefined): SupportedLanguage | null {
  const base = tag?.trim().split(/[-_]/)[0]?.toLowerCase();
  return (SUPPORTED_LANGUAGES as readonly string[]).includes(base ?? '')
    ? (base as SupportedLanguage)
    : null;
}

/** The languages spoken in a country (ISO 3166-1 alpha-2, any case), in the table's order. */
export function languagesOfCountry(countryCode: string | null | undefined): SupportedLanguage[] {
  const code = countryCode?.trim().toUpperCase();
  if (!code) return [];
  return SUPPORTED_LANGUAGES.filter((language) => COUNTRY_LANGUAGES[language].includes(code));
}

/**
 * The language for a first visit:
 * 1. the country's language; for a country with several (CA, CH) the first browser language
 *    that is one of them, else the first in SUPPORTED_LANGUAGES' order;
 * 2. without a mapped country, the first supported browser language;
 * 3. English.
 */
export function chooseLanguage(
  countryCode: string | null | undefined,
  browserLanguages: readonly string[] = [],
): SupportedLanguage {
  const browser = browserLanguages.map(toSupportedLanguage).filter((language) => language !== null);
  const spoken = languagesOfCountry(countryCode);
  if (spoken.length > 0) return browser.find((language) => spoken.includes(language)) ?? spoken[0];
  return browser[0] ?? FALLBACK_LANGUAGE;
}
