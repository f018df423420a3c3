/** Address search and reverse geocoding through the /api proxy (shared by the planner and the import). */
export { geocodingKeys } from './api/query-keys';
export { isSearchable, searchPlaces, searchPlacesQueryOptions } from './api/search-places';
export { reverseGeocode, reverseGeocodeQueryOptions } from './api/reverse-geocode';
export type { Place, ReversePlace } from './model/place';
export { geocoderFailure, shouldRetryGeocoding } from './model/search-failure';
export { runLookupQueue, type LookupItem, type LookupQueueOptions } from './model/lookup-queue';
