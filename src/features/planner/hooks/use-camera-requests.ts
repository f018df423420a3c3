import { useCallback, useState } from 'react';
import type { CameraRequest } from '@/components/map';

type Point = { lat: number; lng: number };

/**
 * The planner's camera moves: each call makes a new request (a new id), so the same move can
 * be asked twice. The ids come from the previous request in state (no ref written during render).
 */
export function useCameraRequests() {
  const [camera, setCamera] = useState<CameraRequest | null>(null);
  const centerOn = useCallback(
    (point: Point, zoom: number) =>
      setCamera((previous) => ({ id: (previous?.id ?? 0) + 1, kind: 'center', point, zoom })),
    [],
  );
  const fitTo = useCallback(
    (points: readonly Point[]) =>
      setCamera((previous) => ({ id: (previous?.id ?? 0) + 1, kind: 'fit', points })),
    [],
  );
  return { camera, centerOn, fitTo };
}
