import { describe, expect, it } from 'vitest';
import { languageTextFiles, offlineFiles, type ChunkInfo } from './pwa';

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
    moduleIds: ['/repo/index.html'],
    imports: ['assets/react.js'],
  }),
  chunk('assets/react.js'),
  chunk('assets/App.js', {
    moduleIds: ['/repo/src/app/App.tsx'],
    imports: ['assets/paths.js'],
    css: ['assets/App.css'],
  }),
  chunk('assets/paths.js', {
    moduleIds: ['/repo/src/config/paths.ts', '/repo/src/lib/i18n.ts'],
    imports: ['assets/react.js'],
  }),
  chunk('assets/NavigationRoute.js', {
    moduleIds: ['/repo/src/app/routes/NavigationRoute.tsx'],
    imports: ['assets/offline.js'],
    css: ['assets/NavigationRoute.css'],
  }),
  chunk('assets/offline.js', { imports: ['assets/paths.js'] }),
  chunk('assets/PlannerPage.js', {
    moduleIds: ['/repo/src/app/routes/PlannerPage.tsx'],
    imports: ['assets/map.js', 'assets/offline.js'],
  }),
  chunk('assets/map.js'),
  chunk('assets/en.js', { moduleIds: ['/repo/src/locales/en.json'] }),
  chunk('assets/en-all.js', { moduleIds: ['/repo/src/locales/en.json?raw'] }),
  chunk('assets/fr.js', { moduleIds: ['C:\\repo\\src\\locales\\fr.json'] }),
  chunk('assets/fr-all.js', { moduleIds: ['/repo/src/locales/fr.json?raw'] }),
];

describe('the files precached for offline driving', () => {
  it('are the entry and the named modules, with their static imports and styles, and nothing else', () => {
    const files = offlineFiles(BUNDLE, ['src/app/App.tsx', 'src/app/routes/NavigationRoute.tsx']);
    expect([...files].sort()).toEqual([
      'assets/App.css',
      'assets/App.js',
      'assets/NavigationRoute.css',
      'assets/NavigationRoute.js',
      'assets/index.js',
      'assets/offline.js',
      'assets/paths.js',
      'assets/react.js',
    ]);
  });

  it('find a module the bundler merged into a shared chunk', () => {
    const files = offlineFiles(BUNDLE, ['src/lib/i18n.ts']);
    expect([...files].sort()).toEqual(['assets/index.js', 'assets/paths.js', 'assets/react.js']);
  });

  it('fail the build when a named module is in no chunk (renamed or removed)', () => {
    expect(() => offlineFiles(BUNDLE, ['src/app/routes/DashboardRoute.tsx'])).toThrow(
      /DashboardRoute\.tsx/,
    );
  });

  it('match a module by its whole path ending, not a longer name', () => {
    expect(() => offlineFiles(BUNDLE, ['App.tsx'])).not.toThrow();
    expect(() => offlineFiles(BUNDLE, ['pp.tsx'])).toThrow();
  });
});

describe('the text files of each language', () => {
  it('are the chunks of its core texts and of its every text, and no language is precached', () => {
    expect(languageTextFiles(BUNDLE)).toEqual({
      en: ['assets/en-all.js', 'assets/en.js'],
      fr: ['assets/fr-all.js', 'assets/fr.js'],
    });
    const precached = offlineFiles(BUNDLE, ['src/app/routes/NavigationRoute.tsx']);
    expect([...precached].filter((file) => /\/(en|fr)/.test(file))).toEqual([]);
  });
});
