/**
 * The installable app (vite-plugin-pwa, Workbox): a web manifest and a service worker
 * that precaches the app shell and every built chunk (the navigation page's lazy
 * chunks included), so a route opened once can be driven without a connection.
 *
 * - The worker never caches /api, /auth or /rest answers: the navigation page keeps
 *   its own copy of the routes it opened (IndexedDB) and decides when to use it.
 * - Registration is an external script (registerSW.js): the Content-Security-Policy
 *   (vite/csp.ts) allows scripts from this origin only, never inline ones.
 * - No worker in dev (the plugin's default): only `vite build` / `vite preview` have one.
 */
import { VitePWA, type VitePWAOptions } from 'vite-plugin-pwa';

/** Spec: the brand blue (index.html's theme-color). */
export const THEME_COLOR = '#007bff';

/** Paths the SPA fallback must never answer with index.html. */
export const NOT_THE_APP = [/^\/api\//, /^\/auth\//, /^\/rest\//, /^\/functions\//];

export const pwaOptions: Partial<VitePWAOptions> = {
  injectRegister: 'script',
  registerType: 'autoUpdate',
  includeAssets: ['favicon.svg', 'icons/apple-touch-icon-180.png'],
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
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
    ],
  },
  workbox: {
    globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
    // Deep links (/waze-route/:id) open offline from the precached shell.
    navigateFallback: '/index.html',
    navigateFallbackDenylist: NOT_THE_APP,
    cleanupOutdatedCaches: true,
    clientsClaim: true,
    skipWaiting: true,
    runtimeCaching: [],
  },
};

export const pwa = () => VitePWA(pwaOptions);
