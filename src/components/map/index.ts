export { MapView, type MapViewProps } from './MapView';
export { StopMarkersLayer, type MarkerStop, type StopMarkersLayerProps } from './StopMarkersLayer';
export { RouteLines, type RouteLinesProps } from './RouteLines';
export { MapCamera, useMapCamera, type CameraRequest } from './MapCamera';
export { MapClickHandler } from './MapClickHandler';
export { MapViewportReporter, type MapViewport } from './MapViewportReporter';
export { TripSummary, type TripSummaryProps } from './TripSummary';
export { legLines, type LegLines } from './route-lines';
export * from './map-constants';
