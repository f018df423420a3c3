import type { LatLng } from '@domain/geo.ts';
import { directionsUrl, type MapApp } from './map-app-links';
import { handOffToWaze, type HandOff, type HandOffWindow } from './waze-handoff';

/**
 * Hands a stop to the chosen app. Waze keeps its own way (its app's scheme first on a phone,
 * see waze-handoff.ts). Google Maps and Apple Maps open their universal link in a new tab from
 * the tap itself, which a phone's browser allows and hands to the app when it is installed;
 * the page stays where it was in its own tab.
 */
export function handOffToMapApp(app: MapApp, point: LatLng, win: HandOffWindow = window): HandOff {
  if (app === 'waze') return handOffToWaze(point, win);
  win.open(directionsUrl(app, point), '_blank', 'noopener,noreferrer');
  return { mode: 'web', cancel: () => undefined };
}
