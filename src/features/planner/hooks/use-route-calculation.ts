import { useMemo } from 'react';
import type { LatLng } from '@domain/geo.ts';
import { MIN_STOPS_TO_CALCULATE } from '@domain/limits.ts';
import { useDebouncedValue } from '@/components/hooks/use-debounced-value';
import { useRouteLegs, type RouteLegs } from '@/lib/routing';

/** Route recalculation 500 ms after the stops change. */
export const ROUTE_RECALCULATION_DELAY_MS = 500;

const keyOf = (stops: readonly LatLng[]) => stops.map(({ lat, lng }) => `${lat},${lng}`).join(';');
const pointsOf = (key: string): LatLng[] =>
  key === ''
    ? []
    : key.split(';').map((pair) => {
        const [lat, lng] = pair.split(',').map(Number);
        return { lat, lng };
      });

/**
 * The route through the stops, recalculated 500 ms after their coordinates
 * change (renaming does not recalculate). The query is keyed by the debounced
 * coordinates, so an answer for old stops never replaces a newer one.
 */
export function useRouteCalculation(stops: readonly LatLng[]) {
  const key = keyOf(stops);
  const [debouncedKey, calculateNow] = useDebouncedValue(key, ROUTE_RECALCULATION_DELAY_MS);
  const debouncedStops = useMemo(() => pointsOf(debouncedKey), [debouncedKey]);
  const query = useRouteLegs(debouncedStops);

  const enough = stops.length >= MIN_STOPS_TO_CALCULATE;
  // The previous answer stays visible while the next one loads, but only while it fits the stops.
  const route: RouteLegs | null =
    enough && query.data && query.data.legs.length === stops.length - 1 ? query.data : null;
  const calculating = enough && (debouncedKey !== key || query.isFetching);
  return {
    route,
    calculating,
    estimated: route?.legs.some((leg) => leg.estimated) ?? false,
    calculateNow,
  };
}
