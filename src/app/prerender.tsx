/**
 * The pages rendered at build time, each into an HTML file of its own that the browser paints
 * before the app's code has arrived and React then hydrates (src/main.tsx). vite/startup.ts runs
 * this in a child process (vite/prerender-run.mjs), with jsdom standing in for a fresh browser.
 *
 * Rendered with react-dom/static, which waits for the lazily loaded parts. Each page shows what
 * a first visit in the default language shows, with nothing stored: what only the device knows
 * (the theme, the units, a stored session, a planner draft) is read through
 * useSyncExternalStore's server snapshot (src/lib/hydration.ts, src/lib/stored-preference.ts),
 * which the build renders and the hydration shows; the device's values follow right after.
 */
import { prerender } from 'react-dom/static';
import { MemoryRouter } from 'react-router-dom';
import { paths } from '@/config/paths';
import i18n, {
  availableLanguages,
  DEFAULT_LANGUAGE,
  i18nReady,
  loadAllTranslations,
} from '@/lib/i18n';
import { AppProviders } from './AppProviders';
import { AppRoutes, preloadPage } from './router';
import type { RenderedPage } from './start-up/build-data';

/** The pages most visits start on: the landing page and the empty planner. */
const PAGES: readonly Pick<RenderedPage, 'path' | 'file'>[] = [
  { path: paths.landing(), file: 'index.html' },
  { path: paths.plan(), file: 'plan.html' },
];

/**
 * The page's markup for #root, and what React put before it for <head> (its preloads, e.g. of the
 * header's image).
 */
async function render(path: string): Promise<{ head: string; html: string }> {
  const { prelude } = await prerender(
    <AppProviders>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
      </MemoryRouter>
    </AppProviders>,
    // Every part inline, none sent later to replace its fallback: the page is written whole.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const markup = await new Response(prelude).text();
  const [head = ''] = /^(?:<link[^>]*>)*/.exec(markup) ?? [];
  return { head, html: markup.slice(head.length) };
}

/** Every page of PAGES, in the default language, and the languages the app has texts of. */
export async function prerenderPages(): Promise<{ pages: RenderedPage[]; languages: string[] }> {
  await i18nReady;
  await i18n.changeLanguage(DEFAULT_LANGUAGE);
  await loadAllTranslations();
  localStorage.clear();
  sessionStorage.clear();
  const pages: RenderedPage[] = [];
  for (const page of PAGES) {
    await preloadPage(page.path);
    pages.push({ ...page, language: DEFAULT_LANGUAGE, ...(await render(page.path)) });
  }
  return { pages, languages: availableLanguages.map((language) => language.code) };
}
