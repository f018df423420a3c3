import { useCallback, useSyncExternalStore } from 'react';
import { MAP_APP_KEY } from '@/lib/device-keys';
import { isMapApp, type MapApp } from './map-app-links';

/** The device remembers the driver's navigation app (localStorage), like the theme. */
export const MAP_APP_STORAGE_KEY = MAP_APP_KEY.name;

const listeners = new Set<() => void>();

function read(): MapApp | null {
  try {
    const stored = localStorage.getItem(MAP_APP_STORAGE_KEY);
    return isMapApp(stored) ? stored : null;
  } catch {
    return null;
  }
}

function subscribe(onChange: () => void) {
  listeners.add(onChange);
  window.addEventListener('storage', onChange);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener('storage', onChange);
  };
}

/** The app chosen on this device (null until the driver picks one), and the way to change it. */
export function useMapAppChoice(): [MapApp | null, (app: MapApp) => void] {
  const app = useSyncExternalStore(subscribe, read, () => null);
  const choose = useCallback((next: MapApp) => {
    try {
      localStorage.setItem(MAP_APP_STORAGE_KEY, next);
    } catch {
      // Storage refused (private mode): the choice lasts as long as the page.
    }
    listeners.forEach((listener) => listener());
  }, []);
  return [app, choose];
}
