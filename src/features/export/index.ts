/** The export feature's public entry (other pages may mount ExportMenu with their route). */
export { ExportMenu, type ExportMenuProps } from './components/ExportMenu';
export { gpxFileName, lineOfLegs, toGpx, type GpxRoute } from './model/gpx';
export {
  appleMapsLinks,
  googleMapsLinks,
  GOOGLE_MAX_WAYPOINTS,
  type RouteLink,
} from './model/map-links';
export { stopListText } from './model/stop-list-text';
