import { useCallback, useEffect, useState } from 'react';

/** Planner geolocation, 10 s timeout, high accuracy, cached up to 60 s. */
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
  /** The browser's answer, and the attempt it answered. */
  const [answer, setAnswer] = useState<{ attempt: number; state: PositionState } | null>(null);
  const supported = typeof navigator !== 'undefined' && 'geolocation' in navigator;

  useEffect(() => {
    if (!enabled || !supported) return;
    let active = true;
    navigator.geolocation.getCurrentPosition(
      (position) => {
        if (active)
          setAnswer({
            attempt,
            state: {
              status: 'located',
              point: { lat: position.coords.latitude, lng: position.coords.longitude },
            },
          });
      },
      () => {
        if (active) setAnswer({ attempt, state: { status: 'failed' } });
      },
      PLANNER_GEOLOCATION_OPTIONS,
    );
    return () => {
      active = false;
    };
  }, [enabled, supported, attempt]);

  let state: PositionState;
  if (answer?.attempt === attempt) state = answer.state;
  else if (enabled) state = { status: supported ? 'locating' : 'failed' };
  else state = answer?.state ?? { status: 'idle' };

  const retry = useCallback(() => setAttempt((count) => count + 1), []);
  return { state, retry };
}
