export { isMobileDevice } from './device';
export { wazeLinks, WAZE_COORDINATE_DECIMALS, type WazeLinks } from './waze-links';
export {
  handOffToWaze,
  WAZE_FALLBACK_DELAY_MS,
  type HandOff,
  type HandOffWindow,
} from './waze-handoff';
export { directionsUrl, isMapApp, MAP_APPS, type MapApp } from './map-app-links';
export { handOffToMapApp } from './map-app-handoff';
export { MAP_APP_STORAGE_KEY, useMapAppChoice } from './map-app-choice';
