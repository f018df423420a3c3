/**
 * The production build renders with Preact (preact/compat) instead of React: the same components
 * and libraries (react-router, TanStack Query, react-i18next, react-leaflet), about 56 KB gzipped
 * lighter on every page (react-dom alone was 67 KB of the landing page's 116 KB), and less
 * script to compile on a phone. The page-weight targets (landing <= 100 KB, planner <= 200 KB)
 * are out of reach without it.
 *
 * Only `vite build` (and so `vite preview`, the e2e tests and the benchmarks) uses it: the dev
 * server keeps React and its Fast Refresh, and the unit tests (vitest.config.ts) render with React.
 * The end-to-end tests are the check that both behave alike. ROUTE_PLANNER_REACT=1 builds with
 * React (to compare, e.g. `ROUTE_PLANNER_REACT=1 node bench/interaction.mjs`); to go back to React
 * for good, remove `preactInProduction` from vite.config.ts.
 */
import type { Alias } from 'vite';

/** Exact specifiers only: `react-dom/client` is not `react-dom`. */
export const preactAliases: Alias[] = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
];

export const preactInProduction = (command: 'build' | 'serve'): Alias[] =>
  command === 'build' && process.env.ROUTE_PLANNER_REACT !== '1' ? preactAliases : [];
