/**
 * What the inline scripts of the built pages decide before the first paint (vite/startup.ts
 * bundles head-script.ts and prerender-check.ts from here): the files this visit will need, and
 * whether the page the build rendered into the HTML is the one this visit shows. The rules they
 * apply are the app's own, imported: the language detector's order, the key of the stored
 * session, the texts a first page starts with.
 */
import {
  browserDetectionSources,
  detectLanguages,
  type DetectionSources,
} from '@/lib/language/detector';
import { showsPageTexts, startsWithEveryText } from '@/lib/language/first-page-texts';
import {
  authClientNeededIn,
  holdsSession,
  isAuthRedirect,
  storedSessionIn,
} from '@/lib/stored-session';
import type { PrerenderedPage, StartupFiles } from './build-data';

export type { PrerenderedPage, StartupFiles };

export interface Visit {
  path: string;
  search: string;
  hash: string;
  /** The interface language the app will choose. */
  language: string;
  /** Whether a session of this project is stored on the device. */
  signedIn: boolean;
  /**
   * Whether the app loads the Auth client at once (an auth redirect, a token to refresh:
   * authClientNeededIn); a session whose token is good for a while does without it.
   */
  authClient: boolean;
}

/**
 * The interface language: the first detected language the build has texts for, else the default
 * (as i18next chooses with the app's detector and `load: 'languageOnly'`).
 */
export function visitLanguage(
  sources: DetectionSources,
  available: readonly string[],
  fallback: string,
): string {
  return detectLanguages(sources).find((code) => available.includes(code)) ?? fallback;
}

/**
 * What the visit will load first, beyond the app itself: its texts (with the page's own where it
 * shows them), its page, the Auth client if it loads at once.
 */
export function filesToPreload(files: StartupFiles, visit: Visit): string[] {
  const texts = startsWithEveryText(visit.path) ? files.everyText : files.coreTexts;
  const page = files.pages.find((candidate) => new RegExp(candidate.path).test(visit.path));
  return [
    ...(texts[visit.language] ?? []),
    ...((showsPageTexts(visit.path) && files.pageTexts[visit.language]) || []),
    ...(page?.files ?? []),
    ...(visit.authClient ? files.auth : []),
  ];
}

/**
 * Whether the visit shows the page the build rendered: the same address without a query or a
 * fragment (an auth redirect, ?lng=) and the same language. What the device stores (a session,
 * a draft) is not among them: the page shows what a visitor without them sees, and the app
 * shows the stored ones right after hydrating it.
 */
export function prerenderedPageFits(page: PrerenderedPage, visit: Visit): boolean {
  return (
    visit.path === page.path && !visit.search && !visit.hash && visit.language === page.language
  );
}

/**
 * This visit, as the browser tells it before the first paint; `sessionKey`, the stored session's
 * key, when it matters.
 */
export function currentVisit(available: readonly string[], fallback: string, sessionKey?: string) {
  let signedIn = false;
  let authClient = false;
  try {
    signedIn = sessionKey !== undefined && holdsSession(localStorage, sessionKey);
    authClient =
      sessionKey !== undefined &&
      authClientNeededIn({
        redirect: isAuthRedirect(location.search, location.hash),
        holdsAuthState: signedIn,
        session: storedSessionIn(localStorage, sessionKey),
        now: Date.now(),
      }) === 0;
  } catch {
    // Storage unavailable: no session can have been kept.
  }
  return {
    path: location.pathname,
    search: location.search,
    hash: location.hash,
    language: visitLanguage(browserDetectionSources(), available, fallback),
    signedIn,
    authClient,
  } satisfies Visit;
}
