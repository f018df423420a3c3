/** The shared route (GET /api/itineraries/share/:token), composed into a page by src/app/routes. */
export { sharedRouteRequest, useSharedRoute } from './api/get-shared-route';
export { SaveToMyRoutes } from './components/SaveToMyRoutes';
export { useReferrerPolicy } from './hooks/use-referrer-policy';
export { SHARED_PAGE_REFERRER_POLICY } from './model/referrer-policy';
export type { SharedRoute } from './model/shared-route';
