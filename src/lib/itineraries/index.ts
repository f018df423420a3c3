export { itineraryKeys } from './api/query-keys';
export {
  itinerarySummariesQueryOptions,
  itinerarySummariesRequest,
  useItinerarySummaries,
} from './api/get-itinerary-summaries';
export { FIRST_SUMMARY_FILTERS, matchingTotal, summariesOf } from './model/summary-page';
export {
  getItinerary,
  itineraryQueryOptions,
  itineraryRequest,
  useItinerary,
} from './api/get-itinerary';
export {
  createItinerary,
  createItineraryMutationOptions,
  forgetIdempotencyKey,
  idempotencyKeyFor,
  newIdempotencyKey,
  useCreateItinerary,
  type CreateItineraryVariables,
} from './api/create-itinerary';
export {
  updateItinerary,
  updateItineraryMutationOptions,
  useUpdateItinerary,
  type UpdateItineraryVariables,
} from './api/update-itinerary';
export {
  deleteItinerary,
  deleteItineraryMutationOptions,
  useDeleteItinerary,
} from './api/delete-itinerary';
export {
  shareItinerary,
  shareItineraryMutationOptions,
  useShareItinerary,
  type ShareItineraryVariables,
} from './api/share-itinerary';
export {
  itinerarySchema,
  type Itinerary,
  type ItinerarySummary,
  type ItineraryInput,
  type ShareLink,
} from './model/itinerary';
export { revokeShare, revokeShareMutationOptions, useRevokeShare } from './api/revoke-share';
export {
  dashboardLocationState,
  readDashboardFlash,
  type DashboardFlash,
  type DashboardLocationState,
} from './model/dashboard-flash';
