import { routePatterns } from '@/config/paths';

/**
 * The pages whose first /api GET goes out before their code has arrived: from the script before
 * the first paint when a visit starts on one, from the router when the app goes to one
 * (page-requests.ts builds each GET). A list apart, so that the router reads it without the
 * fetchers' code.
 */
export const PAGE_REQUEST_ROUTES = [
  routePatterns.dashboard,
  routePatterns.wazeRoute,
  routePatterns.editRoute,
  routePatterns.routeBoard,
  routePatterns.dayBoard,
  routePatterns.share,
  routePatterns.drive,
  routePatterns.track,
] as const;

export type PageRequestRoute = (typeof PAGE_REQUEST_ROUTES)[number];

export const sendsPageRequest = (pattern: string): pattern is PageRequestRoute =>
  (PAGE_REQUEST_ROUTES as readonly string[]).includes(pattern);
