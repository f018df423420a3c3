import { describe, expect, it } from 'vitest';
import { detectLanguages, languageOnly } from './detector';

const storage = (value: string | null) => ({ getItem: () => value });
const none = {
  search: '',
  cookie: '',
  localStorage: storage(null),
  sessionStorage: storage(null),
  browserLanguages: [],
  htmlLang: '',
};

describe('detectLanguages', () => {
  it('follows the detection order: query, cookie, localStorage, sessionStorage, browser, html', () => {
    expect(
      detectLanguages({
        search: '?lng=de',
        cookie: 'a=1; i18next=it',
        localStorage: storage('fr'),
        sessionStorage: storage('pt'),
        browserLanguages: ['es-ES', 'en-US'],
        htmlLang: 'en',
      }),
    ).toEqual(['de', 'it', 'fr', 'pt', 'es', 'en', 'en']);
    expect(
      detectLanguages({ ...none, localStorage: storage('pt-BR'), browserLanguages: ['fr-CA'] }),
    ).toEqual(['pt', 'fr']);
    expect(detectLanguages({ ...none, htmlLang: 'en' })).toEqual(['en']);
    expect(detectLanguages(none)).toEqual([]);
  });

  it('survives storage that throws', () => {
    const throwing = {
      getItem: () => {
        throw new Error('blocked');
      },
    };
    expect(
      detectLanguages({
        ...none,
        localStorage: throwing,
        sessionStorage: throwing,
        browserLanguages: ['it'],
      }),
    ).toEqual(['it']);
  });

  it('keeps the language code alone', () => {
    expect(languageOnly('en-US')).toBe('en');
    expect(languageOnly('pt_BR')).toBe('pt');
    expect(languageOnly('FR')).toBe('fr');
  });
});
