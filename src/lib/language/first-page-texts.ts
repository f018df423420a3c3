import { matchRoutePattern, paths, routePatterns } from '@/config/paths';

/**
 * The texts a visit starts with: the landing page its core texts only (the app shell's and its
 * own), any other first page every text (it is lazily loaded and waits for every text anyway:
 * the core texts first would be a download and a wait more). The inline script of the page
 * preloads them (src/app/start-up/head-script.ts), the app loads them (src/lib/i18n.ts).
 */
export const startsWithEveryText = (pathname: string): boolean => pathname !== paths.landing();

/**
 * The pages that show texts of their own (src/locales/pages: sign-in and account pages, the
 * legal pages' paragraphs, the driver's page, the board, the tracking page): the router loads
 * them with the page's code, and the inline script preloads them for a visit that starts there.
 */
export const PAGE_TEXT_ROUTES: readonly string[] = [
  routePatterns.drive,
  routePatterns.track,
  routePatterns.login,
  routePatterns.register,
  routePatterns.notice,
  routePatterns.privacy,
  routePatterns.terms,
  routePatterns.forgotPassword,
  routePatterns.resetPassword,
  routePatterns.account,
  routePatterns.routeBoard,
  routePatterns.dayBoard,
];

/** Whether the page at `pathname` shows texts of its own (PAGE_TEXT_ROUTES). */
export const showsPageTexts = (pathname: string): boolean =>
  PAGE_TEXT_ROUTES.some((pattern) => matchRoutePattern(pattern, pathname) !== null);
