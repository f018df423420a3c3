/**
 * The installable app (vite-plugin-pwa, Workbox): a web manifest and a service worker for
 * offline driving.
 *
 * - It precaches only what a driver needs offline: the shell (the HTML files: index.html and the
 *   pages rendered at build time, vite/startup.ts, such as plan.html, which Workbox answers /plan
 *   with; the entry and what it always loads; the Auth client that reads a stored session), the
 *   navigation page and the dashboard (where the driver goes back to), each with its static
 *   imports and styles (OFFLINE_MODULES), and the texts of the page's language
 *   (vite/sw-texts.ts: the page registers the worker with its language). That is downloaded once, right after the first
 *   visit, on the visitor's mobile data: every page and all six languages were 83 files, 475 KB
 *   gzipped.
 * - Everything else (the planner and its map, the other pages) is cached on use: the built
 *   files have hashed names and never change, so a cached copy is served first.
 * - The worker never caches /api, /auth or /rest answers: the navigation page keeps
 *   its own copy of the routes it opened (IndexedDB) and decides when to use it.
 * - The app registers the worker itself (src/app/offline/register-worker.ts), with its language.
 * - No worker in dev (the plugin's default): only `vite build` / `vite preview` have one.
 */
import type { Plugin } from 'vite';
import { VitePWA, type VitePWAOptions } from 'vite-plugin-pwa';
import { chunkInfo, chunkOf, withImports, type ChunkInfo } from './bundle-graph.ts';
import { textsWorkerScript } from './sw-texts.ts';

export type { ChunkInfo } from './bundle-graph.ts';

/** The brand blue (index.html's theme-color). */
export const THEME_COLOR = '#007bff';

/** Paths the SPA fallback must never answer with index.html. */
export const NOT_THE_APP = [/^\/api\//, /^\/auth\//, /^\/rest\//, /^\/functions\//];

/**
 * The modules whose chunks (with their static imports and CSS) are precached, besides the entry:
 * the app and its texts' loader (main.tsx loads them at once), the query client of every page
 * that fetches, the Auth client (a stored session is read through it, offline too), the
 * navigation page with its export panel (loaded on use, and a route opened once exports offline
 * too) and the dashboard (where a driver goes back to). A module is found in whatever
 * chunk the bundler put it (alone or merged with others); the build fails when one is in none.
 */
export const OFFLINE_MODULES = [
  'src/app/App.tsx',
  'src/lib/i18n.ts',
  'src/app/query-provider.tsx',
  'node_modules/@supabase/auth-js/dist/module/index.js',
  'src/app/routes/NavigationRoute.tsx',
  'src/components/export-menu/ExportPanel.tsx',
  'src/app/routes/DashboardRoute.tsx',
];

/**
 * The shell's pages: every HTML file of the build (the plugin adds the web manifest and
 * `includeAssets` after the filter below).
 */
const isShellFile = (url: string) => url.endsWith('.html');

/** The worker's part for the interface texts, emitted by the build (vite/sw-texts.ts). */
const TEXTS_WORKER = 'sw-texts.js';

/** The language whose texts a worker registered without a known one caches. */
const DEFAULT_LANGUAGE = 'en';

/**
 * The files to precache: the entry chunks and the chunks that hold `modules` (matched by the end
 * of a module's path), each with its static imports, transitively, and their CSS.
 */
export function offlineFiles(
  chunks: readonly ChunkInfo[],
  modules: readonly string[],
): Set<string> {
  const files = new Set<string>();
  for (const chunk of chunks) if (chunk.isEntry) withImports(chunks, chunk, files);
  for (const module of modules) {
    const chunk = chunkOf(chunks, module);
    if (!chunk) throw new Error(`vite/pwa.ts: ${module} (OFFLINE_MODULES) is in no chunk`);
    withImports(chunks, chunk, files);
  }
  return files;
}

/**
 * Each language's text files: the chunks that hold src/locales/<code>.json (its core texts, read
 * section by section) or its every text (`?raw`), with their static imports.
 */
export function languageTextFiles(chunks: readonly ChunkInfo[]): Record<string, string[]> {
  const files: Record<string, Set<string>> = {};
  for (const chunk of chunks) {
    for (const id of chunk.moduleIds) {
      const language = /\/src\/locales\/([a-z]{2,3})\.json(\?raw)?$/.exec(
        id.replaceAll('\\', '/'),
      )?.[1];
      if (language) withImports(chunks, chunk, (files[language] ??= new Set()));
    }
  }
  return Object.fromEntries(
    Object.entries(files).map(([language, set]) => [language, [...set].sort()]),
  );
}

/**
 * While the bundle is generated: records its files for offline use (the precache below) and emits
 * the worker's part for the interface texts.
 */
function offlineScope(wanted: Set<string>): Plugin {
  return {
    name: 'route-planner:offline-scope',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks: ChunkInfo[] = [];
      for (const output of Object.values(bundle))
        if (output.type === 'chunk') chunks.push(chunkInfo(output));
      wanted.clear();
      for (const file of offlineFiles(chunks, OFFLINE_MODULES)) wanted.add(file);
      const texts = languageTextFiles(chunks);
      if (!texts[DEFAULT_LANGUAGE])
        throw new Error(`vite/pwa.ts: no texts of ${DEFAULT_LANGUAGE} in the bundle`);
      this.emitFile({
        type: 'asset',
        fileName: TEXTS_WORKER,
        source: textsWorkerScript(texts, DEFAULT_LANGUAGE),
      });
    },
  };
}

export function pwaOptions(offline: ReadonlySet<string>): Partial<VitePWAOptions> {
  return {
    // src/app/offline/register-worker.ts registers it, with the page's language.
    injectRegister: false,
    registerType: 'autoUpdate',
    includeAssets: ['favicon.svg'],
    // The install icons are fetched by the browser when it installs the app, not offline.
    includeManifestIcons: false,
    manifest: {
      name: 'Route Planner',
      short_name: 'Route Planner',
      description:
        'Free multi-stop route planner for drivers: add stops, reorder them, share the route and drive it stop by stop.',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: THEME_COLOR,
      background_color: '#ffffff',
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        {
          src: '/icons/maskable-512.png',
          sizes: '512x512',
          type: 'image/png',
          purpose: 'maskable',
        },
        { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
      ],
    },
    workbox: {
      globPatterns: ['**/*.{js,css,html,svg,webmanifest}'],
      // First, so that its fetch handler answers for the texts before Workbox's router.
      importScripts: [TEXTS_WORKER],
      manifestTransforms: [
        (entries) => ({
          manifest: entries.filter((entry) => isShellFile(entry.url) || offline.has(entry.url)),
          warnings: [],
        }),
      ],
      // Deep links (/waze-route/:id) open offline from the precached shell.
      navigateFallback: '/index.html',
      navigateFallbackDenylist: NOT_THE_APP,
      cleanupOutdatedCaches: true,
      clientsClaim: true,
      skipWaiting: true,
      runtimeCaching: [
        {
          // Built files are named by their content: a cached copy is always the right one.
          urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
          handler: 'CacheFirst',
          options: {
            cacheName: 'assets-on-use',
            // Old versions' files go once newer ones have been used.
            expiration: { maxEntries: 150, purgeOnQuotaError: true },
            cacheableResponse: { statuses: [200] },
          },
        },
      ],
    },
  };
}

export const pwa = () => {
  const offline = new Set<string>();
  return [offlineScope(offline), VitePWA(pwaOptions(offline))];
};
