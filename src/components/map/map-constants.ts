/** The map's numbers. */
export const DEFAULT_MAP_CENTER: [number, number] = [40.7128, -74.006];
export const DEFAULT_MAP_ZOOM = 10;
/** After the browser located the user. */
export const LOCATED_ZOOM = 13;
/** Focusing one stop. */
export const FOCUS_ZOOM = 15;
export const ROUTE_LINE_STYLE = { color: '#007bff', weight: 4, opacity: 0.8 } as const;
export const POPUP_MAX_WIDTH = 250;
export const TILE_ATTRIBUTION =
  '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';
