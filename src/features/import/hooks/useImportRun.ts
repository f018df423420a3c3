import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { searchPlaces, type Place } from '@/features/geocoding';
import { emptyReview, importReviewReducer, problemOfQuery, waitingEntries } from '../model/import-review';
import { runLookupQueue, type LookupItem } from '../model/lookup-queue';
import type { ImportRow } from '../model/parse-import';

export type ImportPhase = 'idle' | 'running' | 'cancelled' | 'finished';

/**
 * The lookups of one import: the review list, progress, the rate-limit wait and cancel.
 * Lookups go through the geocoding proxy one small batch at a time (its cache answers
 * a repeated import at once); the review keeps every line, found or not.
 */
export function useImportRun() {
  const [review, dispatch] = useReducer(importReviewReducer, emptyReview);
  const [phase, setPhase] = useState<ImportPhase>('idle');
  const [progress, setProgress] = useState({ done: 0, total: 0 });
  const [waitSeconds, setWaitSeconds] = useState<number | null>(null);
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const lookUp = useCallback((items: readonly LookupItem[]) => {
    controller.current?.abort();
    if (items.length === 0) return;
    const run = new AbortController();
    controller.current = run;
    let done = 0;
    const advance = () => {
      done += 1;
      setProgress({ done, total: items.length });
      setWaitSeconds(null);
    };
    setPhase('running');
    setProgress({ done: 0, total: items.length });
    setWaitSeconds(null);
    void runLookupQueue<Place[]>(items, {
      search: searchPlaces,
      signal: run.signal,
      onResult: (item, places) => {
        dispatch({ type: 'looked', line: item.line, text: item.text, places });
        advance();
      },
      onFailure: (item) => {
        dispatch({ type: 'lookupFailed', line: item.line, text: item.text });
        advance();
      },
      onRateLimited: setWaitSeconds,
    }).finally(() => {
      if (controller.current !== run) return;
      controller.current = null;
      setWaitSeconds(null);
      setPhase(run.signal.aborted ? 'cancelled' : 'finished');
    });
  }, []);

  const start = useCallback(
    (rows: readonly ImportRow[]) => {
      const loaded = importReviewReducer(emptyReview, { type: 'load', rows });
      dispatch({ type: 'load', rows });
      setPhase('idle');
      lookUp(waitingEntries(loaded).map(({ line, text }) => ({ line, text })));
    },
    [lookUp],
  );

  const cancel = useCallback(() => controller.current?.abort(), []);

  /** The user's corrected text for one line, looked up at once when it can be searched. */
  const retry = useCallback(
    (line: number, text: string) => {
      dispatch({ type: 'edit', line, text });
      if (!problemOfQuery(text)) lookUp([{ line, text }]);
    },
    [lookUp],
  );

  const resume = useCallback(() => lookUp(waitingEntries(review).map(({ line, text }) => ({ line, text }))), [lookUp, review]);

  const reset = useCallback(() => {
    const running = controller.current;
    controller.current = null;
    running?.abort();
    dispatch({ type: 'load', rows: [] });
    setPhase('idle');
    setProgress({ done: 0, total: 0 });
  }, []);

  return { review, dispatch, phase, progress, waitSeconds, start, cancel, retry, resume, reset };
}
