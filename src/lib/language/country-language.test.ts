import { describe, expect, it } from 'vitest';
import {
  chooseLanguage,
  COUNTRY_LANGUAGES,
  languagesOfCountry,
  toSupportedLanguage,
} from './country-language';

describe('country → language', () => {
  it.each([
    ['DE', 'de'],
    ['AT', 'de'],
    ['LI', 'de'],
    ['FR', 'fr'],
    ['BE', 'fr'],
    ['MC', 'fr'],
    ['LU', 'fr'],
    ['ES', 'es'],
    ['MX', 'es'],
    ['AR', 'es'],
    ['BO', 'es'],
    ['IT', 'it'],
    ['SM', 'it'],
    ['VA', 'it'],
    ['PT', 'pt'],
    ['BR', 'pt'],
    ['AO', 'pt'],
    ['TL', 'pt'],
    ['US', 'en'],
    ['GB', 'en'],
    ['AU', 'en'],
    ['ZA', 'en'],
  ])('%s gives %s whatever the browser says', (country, language) => {
    expect(chooseLanguage(country, ['en-US'])).toBe(language);
    expect(chooseLanguage(country, [])).toBe(language);
  });

  it('reads country codes in any case', () => {
    expect(chooseLanguage('de', [])).toBe('de');
    expect(chooseLanguage(' br ', [])).toBe('pt');
  });

  it('a country with several languages takes the browser language when it is one of them', () => {
    expect(chooseLanguage('CH', ['fr-CH', 'en'])).toBe('fr');
    expect(chooseLanguage('CH', ['it'])).toBe('it');
    expect(chooseLanguage('CH', ['de-CH'])).toBe('de');
    expect(chooseLanguage('CA', ['fr-CA'])).toBe('fr');
    expect(chooseLanguage('CA', ['en-CA'])).toBe('en');
    // The first browser language that the country speaks, not merely the first supported one.
    expect(chooseLanguage('CH', ['es', 'it-CH'])).toBe('it');
  });

  it('else the first language in the table order', () => {
    expect(chooseLanguage('CH', ['es-ES'])).toBe('fr');
    expect(chooseLanguage('CA', [])).toBe('en');
    expect(languagesOfCountry('CH')).toEqual(['fr', 'de', 'it']);
    expect(languagesOfCountry('CA')).toEqual(['en', 'fr']);
  });

  it('an unmapped or unknown country falls back to the browser language, then English', () => {
    expect(chooseLanguage('JP', ['ja-JP', 'pt-BR'])).toBe('pt');
    expect(chooseLanguage(null, ['it-IT'])).toBe('it');
    expect(chooseLanguage(undefined, ['es-419'])).toBe('es');
    expect(chooseLanguage('JP', ['ja'])).toBe('en');
    expect(chooseLanguage(null, [])).toBe('en');
    expect(chooseLanguage('', ['de_AT'])).toBe('de');
  });

  it('normalises language tags', () => {
    expect(toSupportedLanguage('pt_BR')).toBe('pt');
    expect(toSupportedLanguage('FR')).toBe('fr');
    expect(toSupportedLanguage('zh-Hant')).toBeNull();
    expect(toSupportedLanguage('')).toBeNull();
  });

  it('keeps the country table as written', () => {
    expect(COUNTRY_LANGUAGES).toEqual({
      en: ['US', 'GB', 'CA', 'AU', 'NZ', 'IE', 'ZA'],
      es: ['ES', 'MX', 'AR', 'CO', 'PE', 'VE', 'CL', 'EC', 'UY', 'PY', 'BO'],
      fr: ['FR', 'CA', 'BE', 'CH', 'MC', 'LU'],
      de: ['DE', 'AT', 'CH', 'LI'],
      it: ['IT', 'CH', 'SM', 'VA'],
      pt: ['PT', 'BR', 'AO', 'MZ', 'CV', 'GW', 'ST', 'TL'],
    });
  });
});
