import { MAP_APP_KEY } from '@/lib/device-keys';
import {
  createStoredPreference,
  useStoredPreference,
  type PreferenceRule,
} from '@/lib/stored-preference';
import { MAP_APPS, type MapApp } from './map-app-links';

/**
 * The device remembers the driver's navigation app (localStorage), like the theme, and follows a
 * change made in another tab. 'unset' until the driver picks one: it is never written.
 */
export const MAP_APP: PreferenceRule<MapApp | 'unset'> = {
  key: MAP_APP_KEY.name,
  values: MAP_APPS,
  fallback: 'unset',
};
export const MAP_APP_STORAGE_KEY = MAP_APP.key;

export const mapAppPreference = createStoredPreference(MAP_APP);

/** The app chosen on this device (null until the driver picks one), and the way to change it. */
export function useMapAppChoice(): [MapApp | null, (app: MapApp) => void] {
  const app = useStoredPreference(mapAppPreference);
  return [app === 'unset' ? null : app, mapAppPreference.set];
}
