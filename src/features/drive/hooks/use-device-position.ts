import { useEffect, useState } from 'react';
import type { ReportPosition } from '@domain/stop-reports.ts';

/**
 * The phone's position while a report is being made, when the driver allows it (the browser
 * asks once); null without permission or a fix. A report takes the latest fix when it is sent.
 */
export function useDevicePosition(active: boolean): ReportPosition | null {
  const [position, setPosition] = useState<ReportPosition | null>(null);
  useEffect(() => {
    if (!active || !('geolocation' in navigator)) return;
    const watch = navigator.geolocation.watchPosition(
      ({ coords }) =>
        setPosition({
          lat: coords.latitude,
          lng: coords.longitude,
          accuracy: Math.round(coords.accuracy),
        }),
      () => undefined, // Refused or unavailable: the report goes without a position.
      { enableHighAccuracy: true, maximumAge: 30_000, timeout: 20_000 },
    );
    return () => navigator.geolocation.clearWatch(watch);
  }, [active]);
  return position;
}
