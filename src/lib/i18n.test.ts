// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import en from '@/locales/en.json';
import i18n, { availableLanguages, i18nReady, loadAllTranslations, productLanguages } from './i18n';

function leaves(tree: object, prefix = ''): [string, unknown][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    value && typeof value === 'object'
      ? leaves(value as object, `${prefix}${key}.`)
      : [[`${prefix}${key}`, value] as [string, unknown]],
  );
}

describe('i18n', () => {
  it('resolves English texts by key', async () => {
    await i18nReady;
    expect(i18n.language).toBe('en');
    expect(i18n.t('auth.login.submit')).toBe('Sign In');
    expect(i18n.t('auth.login.continueAsGuest')).toBe('Continue as Guest');
    expect(i18n.t('nav.signedInAs', { email: 'a@b.co' })).toBe('Signed in as a@b.co');
  });

  it('has a non-empty text for every key of the English file', () => {
    for (const [key, value] of leaves(en)) {
      expect(typeof value, key).toBe('string');
      expect((value as string).trim(), key).not.toBe('');
    }
  });

  it('lists the six product languages and offers only those with translations', () => {
    expect(productLanguages.map((language) => language.code)).toEqual([
      'en',
      'es',
      'fr',
      'de',
      'it',
      'pt',
    ]);
    expect(availableLanguages.map((language) => language.code)).toContain('en');
  });
});

describe('i18n fallbacks', () => {
  it('loads only the interface language: an offered language does not fall back to English', async () => {
    await i18nReady;
    await i18n.changeLanguage('fr');
    expect(i18n.languages).toEqual(['fr']);
    expect(i18n.t('auth.login.submit')).not.toBe('auth.login.submit');
    await i18n.changeLanguage('xx');
    expect(i18n.resolvedLanguage).toBe('en');
    await i18n.changeLanguage('en');
  });
});

describe('core and full translations', () => {
  it('loads every text on demand, for the current language', async () => {
    await i18nReady;
    await loadAllTranslations();
    expect(i18n.t('planner.saveRoute')).toBe('Save Route');
    expect(i18n.t('landing.badges.free')).not.toBe('landing.badges.free');
  });
});
