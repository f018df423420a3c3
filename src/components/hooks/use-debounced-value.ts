import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * The value as it was `delayMs` after it last changed. `flush()` takes the
 * current value now (a button that should not wait). Compare by value: pass
 * strings or numbers, or a stable key, so a new object with equal content does
 * not restart the timer.
 *
 * For how often a request is sent, not for rendering: the address search asks the geocoder
 * (and My Routes' search the server) 300 ms after the last key, and the route is asked for
 * 500 ms after the stops change (product rules, docs/features.md), which keeps a client within
 * the /api's per-minute limits. React's useDeferredValue keeps typing responsive but would ask
 * on every key.
 */
export function useDebouncedValue<T>(value: T, delayMs: number): [T, () => void] {
  const [debounced, setDebounced] = useState(value);
  const latest = useRef(value);
  useEffect(() => {
    latest.current = value;
  }, [value]);

  useEffect(() => {
    if (Object.is(value, debounced)) return;
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, debounced, delayMs]);

  const flush = useCallback(() => setDebounced(latest.current), []);
  return [debounced, flush];
}
