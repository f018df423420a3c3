import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  runLookupQueue,
  searchPlacesQueryOptions,
  type LookupItem,
  type Place,
} from '@/lib/geocoding';
import {
  emptyReview,
  importReviewReducer,
  problemOfQuery,
  waitingEntries,
} from '../model/import-review';
import type { ImportRow } from '../model/parse-import';

/**
 * Addresses rarely move: an import keeps its answers for the day, so importing the list again
 * (or a corrected one) asks neither the proxy nor its per-user rate limit again.
 */
export const IMPORT_ANSWER_TTL_MS = 24 * 60 * 60_000;

export type ImportPhase = 'idle' | 'running' | 'cancelled' | 'finished';

/**
 * The lookups of one import: the review list, progress, the rate-limit wait and cancel.
 * Lookups go through the geocoding proxy a few at a time; a text is looked up once per
 * run however many lines repeat it, and answers stay in the query cache (the proxy keeps
 * its own), so importing the same list again is answered at once. The review keeps every
 * line, found or not.
 */
export function useImportRun() {
  const [review, dispatch] = useReducer(importReviewReducer, emptyReview);
  const [phase, setPhase] = useState<ImportPhase>('idle');
  const [progress, setProgress] = useState({ done: 0, total: 0 });
  const [waitSeconds, setWaitSeconds] = useState<number | null>(null);
  const controller = useRef<AbortController | null>(null);
  const queryClient = useQueryClient();

  useEffect(() => () => controller.current?.abort(), []);

  const lookUp = useCallback(
    (items: readonly LookupItem[]) => {
      controller.current?.abort();
      if (items.length === 0) return;
      const run = new AbortController();
      controller.current = run;
      const linesOf = new Map<string, number[]>();
      for (const { line, text } of items) linesOf.set(text, [...(linesOf.get(text) ?? []), line]);
      const unique = [...linesOf].map(([text, lines]) => ({ line: lines[0], text }));
      let done = 0;
      const report = (text: string, action: (line: number) => void) => {
        const lines = linesOf.get(text) ?? [];
        for (const line of lines) action(line);
        done += lines.length;
        setProgress({ done, total: items.length });
        setWaitSeconds(null);
      };
      setPhase('running');
      setProgress({ done: 0, total: items.length });
      setWaitSeconds(null);
      void runLookupQueue<Place[]>(unique, {
        search: ({ text }) =>
          queryClient.fetchQuery({
            ...searchPlacesQueryOptions(text),
            staleTime: IMPORT_ANSWER_TTL_MS,
            gcTime: IMPORT_ANSWER_TTL_MS,
            retry: false,
          }),
        signal: run.signal,
        onResult: (item, places) =>
          report(item.text, (line) => dispatch({ type: 'looked', line, text: item.text, places })),
        onFailure: (item) =>
          report(item.text, (line) => dispatch({ type: 'lookupFailed', line, text: item.text })),
        onRateLimited: setWaitSeconds,
      }).finally(() => {
        if (controller.current !== run) return;
        controller.current = null;
        setWaitSeconds(null);
        setPhase(run.signal.aborted ? 'cancelled' : 'finished');
      });
    },
    [queryClient],
  );

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

  const resume = useCallback(
    () => lookUp(waitingEntries(review).map(({ line, text }) => ({ line, text }))),
    [lookUp, review],
  );

  const pick = useCallback(
    (line: number, candidate: number) => dispatch({ type: 'pick', line, candidate }),
    [],
  );
  const discard = useCallback((line: number) => dispatch({ type: 'discard', line }), []);

  const reset = useCallback(() => {
    const running = controller.current;
    controller.current = null;
    running?.abort();
    dispatch({ type: 'load', rows: [] });
    setPhase('idle');
    setProgress({ done: 0, total: 0 });
  }, []);

  return {
    review,
    dispatch,
    phase,
    progress,
    waitSeconds,
    start,
    cancel,
    retry,
    resume,
    reset,
    pick,
    discard,
  };
}
