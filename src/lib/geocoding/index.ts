export { geocodingKeys } from './api/query-keys';
export {
  isSearchable,
  searchPlaces,
  searchPlacesQueryOptions,
  useSearchPlaces,
} from './api/search-places';
export {
  reverseGeocode,
  reverseGeocodeQueryOptions,
  useReverseGeocode,
} from './api/reverse-geocode';
export type { Place, ReversePlace } from './model/place';
export { PlaceSearch, SEARCH_DEBOUNCE_MS, type PlaceSearchProps } from './components/PlaceSearch';
