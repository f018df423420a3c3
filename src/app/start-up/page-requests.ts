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
import { PAGE_REQUEST_ROUTES, type PageRequestRoute } from './page-request-routes';

interface PageRequest {
  /** Whether the page needs an account: without a stored session it asks for nothing. */
  account: boolean;
  request: (params: Record<string, string>) => ApiGet;
}

/** Each page's first GET, by the page's route (src/app/router.tsx). */
const PAGE_REQUESTS: Record<PageRequestRoute, PageRequest> = {
  // My Routes' first page of cards (src/app/routes/DashboardRoute.tsx).
  [routePatterns.dashboard]: {
    account: true,
    request: () => itinerarySummariesRequest(FIRST_SUMMARY_FILTERS, null),
  },
  [routePatterns.wazeRoute]: { account: true, request: ({ id }) => itineraryRequest(id) },
  [routePatterns.editRoute]: { account: true, request: ({ id }) => itineraryRequest(id) },
  [routePatterns.routeBoard]: { account: true, request: ({ id }) => routeProgressRequest(id) },
  [routePatterns.dayBoard]: {
    account: true,
    request: ({ group }) => dayGroupProgressRequest(group),
  },
  [routePatterns.share]: {
    account: false,
    request: ({ shareToken }) => sharedRouteRequest(shareToken),
  },
  [routePatterns.drive]: { account: false, request: ({ token }) => driveRouteRequest(token) },
  [routePatterns.track]: { account: false, request: ({ token }) => trackingRequest(token) },
};

/** The first /api GET of the page at `pathname`, for a visitor signed in or not. */
export function pageRequest(pathname: string, signedIn: boolean): ApiGet | null {
  for (const pattern of PAGE_REQUEST_ROUTES) {
    const page = PAGE_REQUESTS[pattern];
    if (page.account && !signedIn) continue;
    const params = matchRoutePattern(pattern, pathname);
    if (params) return page.request(params);
  }
  return null;
}
