import { describe, expect, it } from 'vitest';
import { hasChosenLanguage, type LanguageSources } from './stored-language';

const storage = (values: Record<string, string>) => ({
  getItem: (key: string) => values[key] ?? null,
});
const none: LanguageSources = {
  search: '',
  cookie: '',
  localStorage: storage({}),
  sessionStorage: storage({}),
};

describe('a stored or requested language means this is not a first visit', () => {
  it('nothing stored: first visit', () => {
    expect(hasChosenLanguage(none)).toBe(false);
    expect(hasChosenLanguage({ ...none, search: '?returnTo=save', cookie: 'other=1' })).toBe(false);
    expect(hasChosenLanguage({ ...none, localStorage: null, sessionStorage: null })).toBe(false);
  });

  it('the stored choice (i18nextLng) wins', () => {
    expect(hasChosenLanguage({ ...none, localStorage: storage({ i18nextLng: 'fr' }) })).toBe(true);
    expect(hasChosenLanguage({ ...none, sessionStorage: storage({ i18nextLng: 'it' }) })).toBe(
      true,
    );
  });

  it('so do ?lng= and the i18next cookie', () => {
    expect(hasChosenLanguage({ ...none, search: '?lng=de' })).toBe(true);
    expect(hasChosenLanguage({ ...none, cookie: 'a=b; i18next=es' })).toBe(true);
  });

  it('blocked storage counts as nothing stored', () => {
    const throwing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(hasChosenLanguage({ ...none, localStorage: throwing, sessionStorage: throwing })).toBe(
      false,
    );
  });
});
