/**
 * The /api GET each page that shows server data asks for first, by the page's address: the
 * script before the first paint sends it (src/lib/early-requests.ts), so that the answer comes
 * while the page's code is on its way. The requests are built by the fetchers' own functions,
 * so that they are the ones the pages send.
 */
import { matchRoutePattern, routePatterns } from '@/config/paths';
import type { ApiGet } from '@/lib/api-url';
import {
  driveRouteRequest,
  dayGroupProgressRequest,
  routeProgressRequest,
} from '@/lib/driver-reports';
import {
  FIRST_SUMMARY_FILTERS,
  itineraryRequest,
  itinerarySummariesRequest,
} from '@/lib/itineraries';
import { sharedRouteRequest } from '@/features/share';
import { trackingRequest } from '@/features/track';

interface PageRequest {
  /** The page's route (src/app/router.tsx). */
  pattern: string;
  /** Whether the page needs an account: without a stored session it asks for nothing. */
  account: boolean;
  request: (params: Record<string, string>) => ApiGet;
}

const PAGE_REQUESTS: readonly PageRequest[] = [
  // My Routes' first page of cards (src/app/routes/DashboardRoute.tsx).
  {
    pattern: routePatterns.dashboard,
    account: true,
    request: () => itinerarySummariesRequest(FIRST_SUMMARY_FILTERS, null),
  },
  { pattern: routePatterns.wazeRoute, account: true, request: ({ id }) => itineraryRequest(id) },
  { pattern: routePatterns.editRoute, account: true, request: ({ id }) => itineraryRequest(id) },
  {
    pattern: routePatterns.routeBoard,
    account: true,
    request: ({ id }) => routeProgressRequest(id),
  },
  {
    pattern: routePatterns.dayBoard,
    account: true,
    request: ({ group }) => dayGroupProgressRequest(group),
  },
  {
    pattern: routePatterns.share,
    account: false,
    request: ({ shareToken }) => sharedRouteRequest(shareToken),
  },
  {
    pattern: routePatterns.drive,
    account: false,
    request: ({ token }) => driveRouteRequest(token),
  },
  { pattern: routePatterns.track, account: false, request: ({ token }) => trackingRequest(token) },
];

/** The first /api GET of the page at `pathname`, for a visitor signed in or not. */
export function pageRequest(pathname: string, signedIn: boolean): ApiGet | null {
  for (const page of PAGE_REQUESTS) {
    if (page.account && !signedIn) continue;
    const params = matchRoutePattern(page.pattern, pathname);
    if (params) return page.request(params);
  }
  return null;
}
