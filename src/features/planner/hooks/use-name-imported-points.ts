import { useCallback, useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { truncateStopName, type Stop } from '@domain/stops.ts';
import { reverseGeocodeQueryOptions, runLookupQueue, type ReversePlace } from '@/lib/geocoding';
import { isFallbackStopName } from '../model/stop-list';

interface Point {
  lat: number;
  lng: number;
}

/**
 * Names imported stops that came as bare coordinates ("Location 48.8200, 2.2800") by reverse
 * geocoding, as map taps are named, but after they are in the route: the import adds them at
 * once and the names follow. One lookup at a time through the geocoding proxy, which paces
 * the geocoder to its usage rules; a 429 waits as long as it asks (lib/geocoding's lookup
 * queue). A point the geocoder cannot name keeps its coordinates. Leaving the page stops the
 * lookups.
 */
export function useNameImportedPoints(onName: (point: Point, name: string) => void) {
  const queryClient = useQueryClient();
  const controller = useRef<AbortController | null>(null);
  const queue = useRef<Promise<void>>(Promise.resolve());
  const onNameRef = useRef(onName);
  useEffect(() => {
    onNameRef.current = onName;
  });
  useEffect(() => {
    const run = new AbortController();
    controller.current = run;
    return () => run.abort();
  }, []);

  return useCallback(
    (stops: readonly Stop[]) => {
      const signal = controller.current?.signal;
      const seen = new Set<string>();
      const points = stops.filter((stop) => {
        const key = `${stop.lat},${stop.lng}`;
        if (!isFallbackStopName(stop) || seen.has(key)) return false;
        seen.add(key);
        return true;
      });
      if (!signal || points.length === 0) return;
      queue.current = queue.current.then(() =>
        runLookupQueue<ReversePlace, Point>(points, {
          search: ({ lat, lng }) =>
            queryClient.fetchQuery({ ...reverseGeocodeQueryOptions(lat, lng), retry: false }),
          signal,
          concurrency: 1,
          onResult: ({ lat, lng }, place) => {
            const name = truncateStopName(place.display_name);
            if (name.trim()) onNameRef.current({ lat, lng }, name);
          },
          // The stop keeps its coordinates as its name.
          onFailure: () => undefined,
        }),
      );
    },
    [queryClient],
  );
}
