import { describe, expect, it } from 'vitest';
import type { ChunkInfo } from './bundle-graph';
import { pageFiles, staticClosure, startupFiles } from './startup';

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
  chunk('assets/DrivePage.js', {
    moduleIds: ['/r/src/features/drive/components/DrivePage.tsx'],
    imports: ['assets/data.js'],
  }),
  chunk('assets/TrackPage.js', {
    moduleIds: ['/r/src/features/track/components/TrackPage.tsx'],
    imports: ['assets/data.js'],
  }),
  chunk('assets/BoardPage.js', {
    moduleIds: ['/r/src/features/dispatch/components/BoardPage.tsx'],
    imports: ['assets/data.js'],
  }),
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
  chunk('assets/en-pages.js', { moduleIds: ['/r/src/locales/pages/en.json'] }),
  chunk('assets/fr-pages.js', { moduleIds: ['/r/src/locales/pages/fr.json'] }),
];
const LOADED = new Set(['assets/index.js', 'assets/index.css', 'assets/app.js', 'assets/app.css']);

describe('the first round trip', () => {
  it('follows static imports from the startup modules', () => {
    const graph: Record<string, string[]> = { a: ['b', 'c'], b: ['c'], c: [], d: ['a'] };
    expect([...staticClosure(['a'], (id) => graph[id] ?? [])].sort()).toEqual(['a', 'b', 'c']);
  });

  it("reads each language's texts and each page's files (what every page loads left out)", () => {
    const files = startupFiles(BUNDLE, LOADED, 'en');
    expect(files.language).toBe('en');
    expect(files.coreTexts).toEqual({ en: ['assets/en.js'], fr: ['assets/fr.js'] });
    expect(files.everyText).toEqual({ en: ['assets/en-all.js'], fr: ['assets/fr-all.js'] });
    expect(files.pageTexts).toEqual({ en: ['assets/en-pages.js'], fr: ['assets/fr-pages.js'] });
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
    // The driver's page, the tracking page and the board, by the addresses their links open.
    const pageOf = (address: string) =>
      files.pages.find((page) => new RegExp(page.path).test(address))?.files[0];
    expect(pageOf('/drive/abc')).toBe('assets/DrivePage.js');
    expect(pageOf('/track/abc')).toBe('assets/TrackPage.js');
    expect(pageOf('/board/route/7')).toBe('assets/BoardPage.js');
    expect(pageOf('/board/day/d1')).toBe('assets/BoardPage.js');
  });

  it('fails the build when a page it preloads is in no chunk', () => {
    const withoutPlanner = BUNDLE.filter(
      (candidate) => candidate.fileName !== 'assets/PlannerPage.js',
    );
    expect(() => startupFiles(withoutPlanner, LOADED, 'en')).toThrow(/PlannerPage\.tsx/);
  });
});

describe("a page rendered at build time: its own file's preloads and styles", () => {
  it("preloads its scripts and inlines its styles in the order Vite's loader adds them", () => {
    expect(pageFiles(BUNDLE, LOADED, '/plan')).toEqual({
      scripts: ['assets/PlannerPage.js', 'assets/data.js', 'assets/query-provider.js'],
      // The imported chunk's styles first.
      styles: ['assets/data.css', 'assets/PlannerPage.css'],
    });
  });

  it('has nothing of its own when the app chunk holds it (the landing page)', () => {
    expect(pageFiles(BUNDLE, LOADED, '/')).toEqual({ scripts: [], styles: [] });
  });
});
