import { useCallback, useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { fallbackStopName, truncateStopName, type Stop } from '@domain/stops.ts';
import { textLanguage } from '@domain/composed-texts.ts';
import { reverseGeocodeQueryOptions } from '@/lib/geocoding';

/** Clicked points keep 6 decimals (about 10 cm): more is noise. */
const roundCoordinate = (value: number) => Math.round(value * 1e6) / 1e6;

/**
 * Turns a map click into a stop named by reverse geocoding, or
 * 'Location {lat}, {lng}' (in the interface language) when that fails. Lookups run in
 * parallel but stops are added in click order.
 */
export function useStopAtPoint(onStop: (stop: Stop) => void) {
  const queryClient = useQueryClient();
  const { i18n } = useTranslation();
  const language = textLanguage(i18n.resolvedLanguage);
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
            : fallbackStopName(lat, lng, language),
        )
        .catch(() => fallbackStopName(lat, lng, language));
      queue.current = queue.current.then(async () =>
        onStopRef.current({ name: await name, lat, lng }),
      );
    },
    [queryClient, language],
  );
}
