import { useCallback, useEffect, useRef } from 'react';
import type { LatLng } from '@domain/geo.ts';
import { handOffToWaze, type HandOff } from '@/lib/map-apps';

/**
 * Hands stops to Waze from a page. Only the latest choice may fall back to the
 * web link: choosing another stop, or leaving the page, cancels a pending one.
 */
export function useWazeHandOff() {
  const pending = useRef<HandOff | null>(null);
  useEffect(() => () => pending.current?.cancel(), []);
  return useCallback((point: LatLng) => {
    pending.current?.cancel();
    try {
      pending.current = handOffToWaze(point);
    } catch (error) {
      // A stored stop is always valid (the api checks it); never break the page over one.
      console.error('Could not open this stop in Waze', error);
      pending.current = null;
    }
  }, []);
}
