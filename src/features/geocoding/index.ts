/** The address search box; Nominatim's search (the bulk import) is in @/lib/geocoding. */
export { PlaceSearch, SEARCH_DEBOUNCE_MS, type PlaceSearchProps } from './components/PlaceSearch';
export { searchBias, MIN_BIAS_ZOOM } from './model/bias';
export { parseTypedCoordinates, type TypedPoint } from './model/coordinates';
export type { SearchBias, Suggestion } from './api/autocomplete-places';
