import { useState } from 'react';
import type { Stop } from '@domain/stops.ts';
import type { CameraRequest } from '@/components/map';
import { fitPoints, shownDrivers, type TeamPin } from '../model/team-markers.ts';
import type { DriverRoute } from '../model/team-plan.ts';

interface Fitted {
  stops: readonly Stop[];
  /** The split the camera fits (a new one each time the day is split), null: the stops. */
  split: object | null;
  shown: number | null;
  request: CameraRequest;
}

/**
 * Where the split's map looks: the stops, then the split, then the driver chosen. A new request
 * only for new stops, a new split or another driver shown; moving a stop between drivers leaves
 * the camera where it is (a fit animates the map and clusters its 400 pins again: up to a second
 * of the benchmarks' phone's main thread).
 */
export function useSplitCamera(
  stops: readonly Stop[],
  split: object | null,
  drivers: readonly DriverRoute[] | null,
  pins: readonly TeamPin[],
  shown: number | null,
): CameraRequest {
  const [fitted, setFitted] = useState<Fitted | null>(null);
  if (!fitted || fitted.stops !== stops || fitted.split !== split || fitted.shown !== shown) {
    const request: CameraRequest = {
      id: shown ?? 0,
      kind: 'fit',
      points: drivers ? fitPoints(stops, pins, shownDrivers(drivers, shown)) : stops,
    };
    // Adjusting state while drawing, as React documents for what follows a change of props.
    setFitted({ stops, split, shown, request });
    return request;
  }
  return fitted.request;
}
