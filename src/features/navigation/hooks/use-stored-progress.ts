import { useEffect, useReducer } from 'react';
import { initialProgress, progressReducer, readProgress, writeProgress } from '../model/progress';

export type ProgressStorage = 'local' | 'session';

function storageOf(kind: ProgressStorage): Storage | null {
  try {
    return kind === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    // Storage can be switched off entirely (some privacy settings throw on access).
    return null;
  }
}

/**
 * Progress through a route, restored from storage under `key` and saved on
 * every change. `stopCount` is null while the route loads; once known, the
 * stored index is clamped to it (the route may have been edited since).
 * Give each route its own component instance (a React key), so keys never mix.
 */
export function useStoredProgress(key: string, stopCount: number | null, kind: ProgressStorage) {
  const [progress, dispatch] = useReducer(
    progressReducer,
    undefined,
    () => readProgress(storageOf(kind), key) ?? initialProgress,
  );

  useEffect(() => {
    if (stopCount !== null) dispatch({ type: 'clamp', stopCount });
  }, [stopCount]);

  useEffect(() => {
    writeProgress(storageOf(kind), key, progress);
  }, [key, kind, progress]);

  return [progress, dispatch] as const;
}
