import { useCallback, useLayoutEffect, useRef } from 'react';

/**
 * A function that stays the same for the component's life and calls the latest `callback`: a
 * prop that does not draw a memoised child again each time its parent draws.
 */
export function useStableCallback<A extends unknown[], R>(
  callback: (...args: A) => R,
): (...args: A) => R {
  const latest = useRef(callback);
  useLayoutEffect(() => {
    latest.current = callback;
  });
  return useCallback((...args: A) => latest.current(...args), []);
}
