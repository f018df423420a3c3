import { useCallback, useEffect, useState } from 'react';

/** Spec section 9: planner geolocation, 10 s timeout, high accuracy, cached up to 60 s. */
export const PLANNER_GEOLOCATION_OPTIONS: PositionOptions = {
  enableHighAccuracy: true,
  timeout: 10_000,
  maximumAge: 60_000,
};

export type PositionState =
  | { status: 'idle' }
  | { status: 'locating' }
  | { status: 'located'; point: { lat: number; lng: number } }
  | { status: 'failed' };

/** Asks the browser where the user is while `enabled`; `retry` asks again after a failure. */
export function useCurrentPosition(enabled: boolean) {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<PositionState>({ status: 'idle' });

  useEffect(() => {
    if (!enabled) return;
    let active = true;
    if (!('geolocation' in navigator)) {
      setState({ status: 'failed' });
      return;
    }
    setState({ status: 'locating' });
    navigator.geolocation.getCurrentPosition(
      (position) => {
        if (active)
          setState({
            status: 'located',
            point: { lat: position.coords.latitude, lng: position.coords.longitude },
          });
      },
      () => {
        if (active) setState({ status: 'failed' });
      },
      PLANNER_GEOLOCATION_OPTIONS,
    );
    return () => {
      active = false;
    };
  }, [enabled, attempt]);

  const retry = useCallback(() => setAttempt((count) => count + 1), []);
  return { state, retry };
}
