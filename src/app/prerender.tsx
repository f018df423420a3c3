/**
 * The pages rendered at build time into index.html (vite/prerender.ts runs this in a child
 * process, with jsdom standing in for a fresh browser): a phone shows their markup with the first
 * HTML and CSS, before the app's code has arrived (the target: the largest paint within 2.5 s on a
 * mid-range phone over fast 3G), and the app's first render replaces it (src/main.tsx).
 *
 * Each page is rendered as the app's first render would show it to a visitor in the default
 * language, anonymous and signed in; what only the visitor's device knows is left out (the
 * header's theme, units, language and account controls: ClientOnly) or rules the page out
 * (`skipWhenStored`: a planner draft shows its stops, not the empty planner).
 */
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { paths } from '@/config/paths';
import i18n, { DEFAULT_LANGUAGE, i18nReady, loadAllTranslations } from '@/lib/i18n';
import { PENDING_ROUTE_KEY, ROUTE_DRAFT_KEY } from '@/lib/route-storage';
import { sessionStorageKey } from '@/lib/supabase';
import { AppProviders } from './AppProviders';
import { PrerenderingContext } from './layouts/ClientOnly';
import { AppRoutes, preloadPage } from './router';

export interface PrerenderedPage {
  /** The exact address (`location.pathname`) it is shown for. */
  path: string;
  /** For a visitor with a stored session (true), without (false), or either (null: alike). */
  signedIn: boolean | null;
  /** Storage keys whose presence means the page would show something else. */
  skipWhenStored: { localStorage: string[]; sessionStorage: string[] };
  html: string;
}

/** The pages most visits start on: the landing page and the empty planner. */
const PAGES: readonly Omit<PrerenderedPage, 'signedIn' | 'html'>[] = [
  { path: paths.landing(), skipWhenStored: { localStorage: [], sessionStorage: [] } },
  {
    path: paths.plan(),
    skipWhenStored: { localStorage: [ROUTE_DRAFT_KEY], sessionStorage: [PENDING_ROUTE_KEY] },
  },
];

/** A stored session as the Identity provider reads it at start (only its user matters here). */
const PRERENDER_SESSION = JSON.stringify({ user: { id: 'prerender', email: '' } });

function render(path: string, signedIn: boolean): string {
  localStorage.clear();
  if (signedIn) localStorage.setItem(sessionStorageKey(), PRERENDER_SESSION);
  try {
    return renderToString(
      <PrerenderingContext.Provider value>
        <AppProviders>
          <MemoryRouter initialEntries={[path]}>
            <AppRoutes />
          </MemoryRouter>
        </AppProviders>
      </PrerenderingContext.Provider>,
    );
  } finally {
    localStorage.clear();
  }
}

/** Every page of PAGES in the default language; one entry when both visitors see the same. */
export async function prerenderPages(): Promise<{
  language: string;
  pages: PrerenderedPage[];
}> {
  await i18nReady;
  await i18n.changeLanguage(DEFAULT_LANGUAGE);
  await loadAllTranslations();
  const pages: PrerenderedPage[] = [];
  for (const page of PAGES) {
    await preloadPage(page.path);
    const anonymous = render(page.path, false);
    const signedIn = render(page.path, true);
    if (anonymous === signedIn) pages.push({ ...page, signedIn: null, html: anonymous });
    else
      pages.push(
        { ...page, signedIn: false, html: anonymous },
        { ...page, signedIn: true, html: signedIn },
      );
  }
  return { language: DEFAULT_LANGUAGE, pages };
}
