import { useCallback, useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { fallbackStopName, truncateStopName, type Stop } from '@domain/stops.ts';
import { reverseGeocodeQueryOptions } from '@/lib/geocoding';

/** Clicked points keep 6 decimals (about 10 cm): more is noise. */
const roundCoordinate = (value: number) => Math.round(value * 1e6) / 1e6;

/**
 * Turns a map click into a stop named by reverse geocoding, or
 * 'Location {lat}, {lng}' when that fails (spec section 5). Lookups run in
 * parallel but stops are added in click order.
 */
export function useStopAtPoint(onStop: (stop: Stop) => void) {
  const queryClient = useQueryClient();
  const queue = useRef<Promise<void>>(Promise.resolve());
  const onStopRef = useRef(onStop);
  useEffect(() => {
    onStopRef.current = onStop;
  });

  return useCallback(
    (point: { lat: number; lng: number }) => {
      const lat = roundCoordinate(point.lat);
      const lng = roundCoordinate(point.lng);
      const name = queryClient
        .fetchQuery(reverseGeocodeQueryOptions(lat, lng))
        .then((place) =>
          place.display_name.trim()
            ? truncateStopName(place.display_name)
            : fallbackStopName(lat, lng),
        )
        .catch(() => fallbackStopName(lat, lng));
      queue.current = queue.current.then(async () =>
        onStopRef.current({ name: await name, lat, lng }),
      );
    },
    [queryClient],
  );
}
