/** The address search box; the search itself is in @/lib/geocoding. */
export { PlaceSearch, SEARCH_DEBOUNCE_MS, type PlaceSearchProps } from './components/PlaceSearch';
