import { describe, expect, it } from 'vitest';
import {
  filesToPreload,
  prerenderedPageFits,
  visitLanguage,
  type PrerenderedPage,
  type StartupFiles,
  type Visit,
} from './visit';

const FILES: StartupFiles = {
  language: 'en',
  coreTexts: { en: ['en.js'], fr: ['fr.js'] },
  everyText: { en: ['en-all.js'], fr: ['fr-all.js'] },
  pageTexts: { en: ['en-pages.js'], fr: ['fr-pages.js'] },
  pages: [
    { path: '^\\/(plan|edit-route\\/[^/]+)\\/?$', files: ['PlannerPage.js', 'data.js'] },
    { path: '^\\/drive\\/[^/]+\\/?$', files: ['DrivePage.js', 'data.js'] },
  ],
  auth: ['auth.js'],
};

const visit = (address: string, init: Partial<Visit> = {}): Visit => {
  const url = new URL(address, 'https://planner.example');
  return {
    path: url.pathname,
    search: url.search,
    hash: url.hash,
    language: 'en',
    signedIn: false,
    authClient: false,
    ...init,
  };
};

const storage = (entries: Record<string, string>) => ({
  getItem: (key: string) => entries[key] ?? null,
});

describe('the language of a visit, before the first paint', () => {
  const language = (
    search: string,
    stored: Record<string, string>,
    browserLanguages: string[],
    cookie = '',
  ) =>
    visitLanguage(
      {
        search,
        cookie,
        localStorage: storage(stored),
        sessionStorage: storage({}),
        browserLanguages,
        htmlLang: 'en',
      },
      ['en', 'fr'],
      'en',
    );

  it("is the app's detector's: ?lng=, the cookie, the stored choice, the browser", () => {
    expect(language('', {}, ['fr-CA', 'en'])).toBe('fr');
    expect(language('', { i18nextLng: 'en' }, ['fr'])).toBe('en');
    expect(language('?lng=fr', { i18nextLng: 'en' }, ['en'])).toBe('fr');
    expect(language('', {}, ['en'], 'a=1; i18next=fr')).toBe('fr');
  });

  it('is the default for a language the build has no texts of', () => {
    expect(language('', {}, ['ja-JP'])).toBe('en');
  });
});

describe('what the head script preloads', () => {
  it('the landing page: the core texts of its language', () => {
    expect(filesToPreload(FILES, visit('/', { language: 'fr' }))).toEqual(['fr.js']);
  });

  it("another address: every text, the page's files, the Auth client when it loads at once", () => {
    expect(filesToPreload(FILES, visit('/edit-route/42', { signedIn: true }))).toEqual([
      'en-all.js',
      'PlannerPage.js',
      'data.js',
    ]);
    expect(
      filesToPreload(FILES, visit('/edit-route/42', { signedIn: true, authClient: true })),
    ).toEqual(['en-all.js', 'PlannerPage.js', 'data.js', 'auth.js']);
    expect(filesToPreload(FILES, visit('/plan'))).toEqual([
      'en-all.js',
      'PlannerPage.js',
      'data.js',
    ]);
  });

  it('a page that shows texts of its own: those too, in the language of the visit', () => {
    expect(filesToPreload(FILES, visit('/drive/abc', { language: 'fr' }))).toEqual([
      'fr-all.js',
      'fr-pages.js',
      'DrivePage.js',
      'data.js',
    ]);
    expect(filesToPreload(FILES, visit('/privacy'))).toEqual(['en-all.js', 'en-pages.js']);
  });
});

describe('the page the build rendered, kept for a visit that shows it', () => {
  const planner: PrerenderedPage = { path: '/plan', language: 'en' };
  const fits = (address: string, init: Partial<Visit> = {}) =>
    prerenderedPageFits(planner, visit(address, init));

  it('at its address, in its language, with or without a session', () => {
    expect(fits('/plan')).toBe(true);
    expect(fits('/plan', { signedIn: true })).toBe(true);
  });

  it('not at another address the host answered with the same file', () => {
    expect(fits('/dashboard')).toBe(false);
    expect(fits('/plan/')).toBe(false);
  });

  it('not in another language, with a query or a fragment', () => {
    expect(fits('/plan', { language: 'fr' })).toBe(false);
    expect(fits('/plan?lng=en')).toBe(false);
    expect(fits('/plan#access_token=x')).toBe(false);
  });
});
