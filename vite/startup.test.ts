import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import type { ChunkInfo } from './bundle-graph';
import type { PrerenderChoice } from './prerender';
import {
  pageStyles,
  staticClosure,
  startupFiles,
  startupScript,
  type StartupFiles,
} from './startup';

const chunk = (fileName: string, init: Partial<ChunkInfo> = {}): ChunkInfo => ({
  fileName,
  isEntry: false,
  moduleIds: [],
  imports: [],
  css: [],
  ...init,
});

const BUNDLE: ChunkInfo[] = [
  chunk('assets/index.js', {
    isEntry: true,
    moduleIds: ['/r/src/main.tsx'],
    css: ['assets/index.css'],
  }),
  chunk('assets/app.js', {
    moduleIds: ['/r/src/app/App.tsx', '/r/src/lib/i18n.ts'],
    css: ['assets/app.css'],
  }),
  chunk('assets/data.js', { moduleIds: ['/r/src/lib/api-client.ts'], css: ['assets/data.css'] }),
  chunk('assets/PlannerPage.js', {
    moduleIds: ['/r/src/app/routes/PlannerPage.tsx'],
    imports: ['assets/app.js', 'assets/data.js'],
    css: ['assets/PlannerPage.css'],
  }),
  chunk('assets/NavigationRoute.js', {
    moduleIds: ['/r/src/app/routes/NavigationRoute.tsx'],
    imports: ['assets/data.js'],
  }),
  chunk('assets/DashboardRoute.js', {
    moduleIds: ['/r/src/app/routes/DashboardRoute.tsx'],
    imports: ['assets/data.js'],
  }),
  chunk('assets/SharedRoutePage.js', { moduleIds: ['/r/src/app/routes/SharedRoutePage.tsx'] }),
  chunk('assets/query-provider.js', {
    moduleIds: ['/r/src/app/query-provider.tsx'],
    imports: ['assets/data.js'],
  }),
  chunk('assets/auth.js', {
    moduleIds: ['/r/node_modules/@supabase/auth-js/dist/module/index.js'],
  }),
  chunk('assets/en.js', { moduleIds: ['/r/src/locales/en.json'] }),
  chunk('assets/en-all.js', { moduleIds: ['/r/src/locales/en.json?raw'] }),
  chunk('assets/fr.js', { moduleIds: ['/r/src/locales/fr.json'] }),
  chunk('assets/fr-all.js', { moduleIds: ['/r/src/locales/fr.json?raw'] }),
];
const LOADED = new Set(['assets/index.js', 'assets/index.css', 'assets/app.js', 'assets/app.css']);

interface Visit {
  stored?: Record<string, string>;
  session?: Record<string, string>;
  languages?: string[];
  cookie?: string;
}

const fakeStorage = (entries: Record<string, string>) => ({
  getItem: (key: string) => entries[key] ?? null,
  key: (index: number) => Object.keys(entries)[index] ?? null,
  get length() {
    return Object.keys(entries).length;
  },
});

/**
 * Runs the inline script in a page at `address` with `stored` in localStorage: the files it
 * preloads, in order, and the prerendered page it chose (<html data-prerender>).
 */
function runStartup(
  files: StartupFiles,
  address: string,
  { stored = {}, session = {}, languages = ['en-US'], cookie = '' }: Visit = {},
) {
  const links: { rel: string; as?: string; href: string; crossOrigin?: string }[] = [];
  const attributes: Record<string, string> = {};
  const url = new URL(address, 'https://planner.example');
  const fragment = {
    children: [] as typeof links,
    appendChild: (link: (typeof links)[number]) => fragment.children.push(link),
  };
  runInNewContext(startupScript(files), {
    URLSearchParams,
    location: { search: url.search, pathname: url.pathname, hash: url.hash },
    localStorage: fakeStorage(stored),
    sessionStorage: fakeStorage(session),
    navigator: { languages },
    document: {
      cookie,
      createElement: () => ({ rel: '', href: '' }),
      createDocumentFragment: () => fragment,
      head: { appendChild: () => links.push(...fragment.children) },
      documentElement: {
        setAttribute: (name: string, value: string) => (attributes[name] = value),
      },
    },
  });
  return { links, prerendered: attributes['data-prerender'] };
}

const preloadedBy = (files: StartupFiles, address: string, visit: Visit = {}) =>
  runStartup(files, address, visit).links;

describe('the first round trip', () => {
  it('follows static imports from the startup modules', () => {
    const graph: Record<string, string[]> = { a: ['b', 'c'], b: ['c'], c: [], d: ['a'] };
    expect([...staticClosure(['a'], (id) => graph[id] ?? [])].sort()).toEqual(['a', 'b', 'c']);
  });

  it("reads each language's texts and each page's files (what index.html already loads left out)", () => {
    const files = startupFiles(BUNDLE, LOADED, 'en');
    expect(files.coreTexts).toEqual({ en: ['assets/en.js'], fr: ['assets/fr.js'] });
    expect(files.everyText).toEqual({ en: ['assets/en-all.js'], fr: ['assets/fr-all.js'] });
    expect(files.pages[0]).toEqual({
      path: '^\\/(plan|edit-route\\/[^/]+)\\/?$',
      files: [
        'assets/PlannerPage.js',
        'assets/PlannerPage.css',
        'assets/data.js',
        'assets/data.css',
        'assets/query-provider.js',
      ],
    });
    expect(files.auth).toEqual(['assets/auth.js']);
    expect(files.startup).toEqual([...LOADED]);
  });

  it('fails the build when a page it preloads is in no chunk', () => {
    const withoutPlanner = BUNDLE.filter(
      (candidate) => candidate.fileName !== 'assets/PlannerPage.js',
    );
    expect(() => startupFiles(withoutPlanner, LOADED, 'en')).toThrow(/PlannerPage\.tsx/);
  });

  it('the landing page: what every page loads, then the core texts of the language the page will show', () => {
    const files = startupFiles(BUNDLE, LOADED, 'en');
    expect(
      preloadedBy(files, '/', { languages: ['fr-CA', 'en'] }).map((link) => link.href),
    ).toEqual([
      '/assets/index.js',
      '/assets/index.css',
      '/assets/app.js',
      '/assets/app.css',
      '/assets/fr.js',
    ]);
    // The stored choice wins over the browser; ?lng= over both; an unknown language is English.
    const language = (address: string, stored: Record<string, string>, languages: string[]) =>
      preloadedBy(files, address, { stored, languages }).at(-1)?.href;
    expect(language('/', { i18nextLng: 'en' }, ['fr'])).toBe('/assets/en.js');
    expect(language('/?lng=fr', { i18nextLng: 'en' }, ['en'])).toBe('/assets/fr.js');
    expect(language('/', {}, ['ja-JP'])).toBe('/assets/en.js');
  });

  it("a page's address: every text, its modules and styles; the Auth client when a session is stored", () => {
    const files = startupFiles(BUNDLE, LOADED, 'en');
    const links = preloadedBy(files, '/edit-route/42', {
      stored: { 'sb-planner-auth-token': '{}' },
    });
    expect(links.slice(4).map((link) => link.href)).toEqual([
      '/assets/en-all.js',
      '/assets/PlannerPage.js',
      '/assets/PlannerPage.css',
      '/assets/data.js',
      '/assets/data.css',
      '/assets/query-provider.js',
      '/assets/auth.js',
    ]);
    expect(links.find((link) => link.href.endsWith('.css'))).toMatchObject({
      rel: 'preload',
      as: 'style',
      crossOrigin: '',
    });
    expect(links.find((link) => link.href.endsWith('.js'))).toMatchObject({
      rel: 'modulepreload',
      crossOrigin: '',
    });
    // Another page: every text, no page modules it does not know.
    expect(preloadedBy(files, '/privacy').map((link) => link.href)).toEqual([
      ...[...LOADED].map((file) => `/${file}`),
      '/assets/en-all.js',
    ]);
  });
});

describe('the page rendered at build time (vite/prerender.ts)', () => {
  const none = { localStorage: [], sessionStorage: [] };
  const prerender: PrerenderChoice = {
    language: 'en',
    pages: [
      { path: '/', signedIn: null, skipWhenStored: none },
      {
        path: '/plan',
        signedIn: false,
        skipWhenStored: { localStorage: ['routeDraft'], sessionStorage: ['pendingRoute'] },
      },
      {
        path: '/plan',
        signedIn: true,
        skipWhenStored: { localStorage: ['routeDraft'], sessionStorage: ['pendingRoute'] },
      },
    ],
  };
  const files = startupFiles(BUNDLE, LOADED, 'en', prerender);
  const chosen = (address: string, visit: Visit = {}) =>
    runStartup(files, address, visit).prerendered;
  const session = { 'sb-planner-auth-token': '{}' };

  it("is chosen by the address and the visitor's session", () => {
    expect(chosen('/')).toBe('0');
    expect(chosen('/', { stored: session })).toBe('0');
    expect(chosen('/plan')).toBe('1');
    expect(chosen('/plan', { stored: session })).toBe('2');
    expect(chosen('/dashboard')).toBeUndefined();
    expect(chosen('/plan/')).toBeUndefined();
  });

  it('is not shown in another language, with a query or fragment, or when the page would show what is stored', () => {
    expect(chosen('/', { languages: ['fr-FR'] })).toBeUndefined();
    expect(chosen('/', { stored: { i18nextLng: 'fr' } })).toBeUndefined();
    expect(chosen('/', { cookie: 'a=1; i18next=fr' })).toBeUndefined();
    expect(chosen('/?lng=en')).toBeUndefined();
    expect(chosen('/#access_token=x')).toBeUndefined();
    expect(chosen('/plan', { stored: { routeDraft: '{}' } })).toBeUndefined();
    expect(chosen('/plan', { session: { pendingRoute: '{}' } })).toBeUndefined();
    expect(chosen('/', { stored: { routeDraft: '{}' } })).toBe('0');
  });

  it('leaves the inlined styles out of the preloads', () => {
    const inlined = new Set(['assets/index.css', 'assets/app.css']);
    expect(startupFiles(BUNDLE, LOADED, 'en', undefined, inlined).startup).toEqual([
      'assets/index.js',
      'assets/app.js',
    ]);
    // As Vite's loader adds them: the imported chunk's styles first.
    expect(pageStyles(BUNDLE, LOADED, '/plan')).toEqual([
      'assets/data.css',
      'assets/PlannerPage.css',
    ]);
    expect(pageStyles(BUNDLE, LOADED, '/')).toEqual([]);
  });
});
