import { useCallback, type ReactNode } from 'react';
import type { EndPlace } from '@domain/day-plan/day-plan.ts';
import { truncateStopName } from '@domain/stops.ts';
import { PlaceSearch, type SearchBias } from '@/features/geocoding';

/**
 * The address search (the geocoding feature's) for a single place of the day: the end of the
 * day in the times panel, a driver's own start or end in the split. A typed "lat, lng" is a
 * place named by its coordinates.
 */
export function usePlaceSearch(
  bias: SearchBias | null,
): (label: string, onPick: (place: EndPlace) => void) => ReactNode {
  return useCallback(
    (label: string, onPick: (place: EndPlace) => void) => (
      <PlaceSearch
        label={label}
        bias={bias}
        onPick={(place) =>
          onPick({ name: truncateStopName(place.display_name), lat: place.lat, lng: place.lng })
        }
        onPickPoint={(point) =>
          onPick({ name: `${point.lat.toFixed(5)}, ${point.lng.toFixed(5)}`, ...point })
        }
      />
    ),
    [bias],
  );
}
