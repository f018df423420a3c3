/** Taking a route elsewhere: GPX, Google/Apple Maps links, the stop list as text. */
export { gpxFileName, lineOfLegs, toGpx, type GpxRoute, type GpxStop } from './gpx';
export {
  waypointDescription,
  waypointTime,
  waypointTimesText,
  type WaypointTexts,
  type WaypointTimes,
} from './gpx-description';
export { appleMapsLinks, googleMapsLinks, GOOGLE_MAX_WAYPOINTS, type RouteLink } from './map-links';
export { stopListText } from './stop-list-text';
export { copyText, downloadBytes, downloadText } from './download';
