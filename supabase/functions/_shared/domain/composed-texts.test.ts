import { describe, expect, it } from 'vitest';
import {
  acceptedTextLanguage,
  COMPOSED_TEXTS,
  TEXT_LANGUAGES,
  textLanguage,
} from './composed-texts.ts';
import { autoTitle, fallbackStopName } from './stops.ts';

const stops = [{ name: 'Paris, France' }, { name: 'Dijon' }, { name: 'Lyon, France' }];

describe('texts composed for the user, in six languages', () => {
  it('has every text in every language, each different from English but for the names', () => {
    expect(Object.keys(COMPOSED_TEXTS).sort()).toEqual([...TEXT_LANGUAGES].sort());
    for (const language of TEXT_LANGUAGES.filter((l) => l !== 'en')) {
      const texts = COMPOSED_TEXTS[language];
      expect(texts.newRoute, language).not.toBe(COMPOSED_TEXTS.en.newRoute);
      expect(texts.tripTo('X'), language).not.toBe('Trip to X');
      expect(texts.fromTo('X', 'Y'), language).toMatch(/X.+Y/);
      expect(texts.fromTo('X', 'Y'), language).not.toBe('X to Y');
      expect(texts.location('1.0000', '2.0000'), language).toMatch(/^\S.* 1\.0000, 2\.0000$/);
    }
  });

  it('names routes and points in the language asked for, English by default', () => {
    expect(autoTitle(stops)).toBe('Paris to Lyon');
    expect(autoTitle(stops, 'fr')).toBe('De Paris à Lyon');
    expect(autoTitle(stops, 'de')).toBe('Paris nach Lyon');
    expect(autoTitle([{ name: 'Lyon, France' }], 'es')).toBe('Viaje a Lyon');
    expect(autoTitle([], 'it')).toBe('Nuovo percorso');
    expect(autoTitle([], 'pt')).toBe('Nova rota');
    expect(fallbackStopName(40.712812, -74.00601, 'de')).toBe('Standort 40.7128, -74.0060');
    expect(fallbackStopName(40.712812, -74.00601)).toBe('Location 40.7128, -74.0060');
  });

  it('reads a language tag and an Accept-Language header, English for anything else', () => {
    expect(textLanguage('pt-BR')).toBe('pt');
    expect(textLanguage('de_AT')).toBe('de');
    expect(textLanguage('ja')).toBe('en');
    expect(textLanguage(undefined)).toBe('en');
    expect(acceptedTextLanguage(undefined)).toBe('en');
    expect(acceptedTextLanguage('*')).toBe('en');
    expect(acceptedTextLanguage('fr-CH, fr;q=0.9, en;q=0.8')).toBe('fr');
    expect(acceptedTextLanguage('ja, es;q=0.5, de;q=0.7')).toBe('de');
    expect(acceptedTextLanguage('en;q=0.1, it')).toBe('it');
    expect(acceptedTextLanguage('es;q=0, pt;q=0.2')).toBe('pt');
    expect(acceptedTextLanguage('de"><script>, en;q=0.5')).toBe('en');
    expect(acceptedTextLanguage('zh-Hant-TW')).toBe('en');
  });
});
