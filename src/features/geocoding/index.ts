/** The address search box (the planner page composes it); the search itself is in @/lib/geocoding. */
export { PlaceSearch } from './components/PlaceSearch';
