import { useCallback, useEffect, useRef, useState } from 'react';
import { createOptimizeWorker } from './create-worker.ts';
import { OptimizeCancelledError } from './cancelled.ts';
import type { OptimizeClient, OptimizeWorker } from './optimize-client.ts';
import { loadOptimizeClient } from './worker-pool.ts';

export type SearchStatus = 'idle' | 'running' | 'done' | 'failed' | 'cancelled';

/** What a search gets from `use-worker-search` while it runs. */
export interface WorkerSearchRun<P> {
  /** The optimiser's worker (one per hook, made on first use, ended on unmount). */
  client: OptimizeClient;
  /**
   * Loads what the search needs (travel times, distances) and throws OptimizeCancelledError
   * when the run is cancelled or superseded meanwhile.
   */
  load: <T>(loader: (signal: AbortSignal) => Promise<T>) => Promise<T>;
  /** Call as the search starts: the signal to give it, aborted by Stop (the best so far kept). */
  startSearch: () => AbortSignal;
  /** The best so far while it searches (dropped once a newer run started). */
  report: (progress: P) => void;
}

export interface WorkerSearch<P> {
  /**
   * Runs `search`; the latest call wins: a new call cancels the one before (its promise
   * rejects with OptimizeCancelledError), as do `cancel` and unmounting.
   */
  run: <T>(search: (run: WorkerSearchRun<P>) => Promise<T>) => Promise<T>;
  status: SearchStatus;
  /** The last progress reported by the running search; null when none is running. */
  progress: P | null;
  /** Ends the search now, keeping its best so far (before the search starts: cancels). */
  stop: () => void;
  cancel: () => void;
}

/**
 * One search in the optimiser's Web Worker at a time: its status, its progress, Stop (keep the
 * best so far) and cancel; the latest call wins. The optimise-route, optimise-day and split
 * hooks run through it, each with its own inputs and answer.
 */
export function useWorkerSearch<P = never>(
  createWorker: () => OptimizeWorker = createOptimizeWorker,
): WorkerSearch<P> {
  const [status, setStatus] = useState<SearchStatus>('idle');
  const [progress, setProgress] = useState<P | null>(null);
  const clientRef = useRef<OptimizeClient | null>(null);
  /** Aborting it cancels the run (while its inputs load). */
  const loading = useRef<AbortController | null>(null);
  /** Aborting it ends the search with the best so far. */
  const searching = useRef<AbortController | null>(null);
  const latestCall = useRef(0);

  useEffect(
    () => () => {
      loading.current?.abort();
      clientRef.current?.dispose();
      clientRef.current = null;
    },
    [],
  );

  const run = useCallback(
    async <T>(search: (run: WorkerSearchRun<P>) => Promise<T>): Promise<T> => {
      const call = ++latestCall.current;
      loading.current?.abort();
      clientRef.current?.cancel();
      const controller = new AbortController();
      loading.current = controller;
      searching.current = null;
      let searchController: AbortController | null = null;
      const latest = () => call === latestCall.current;
      setStatus('running');
      setProgress(null);
      try {
        const { OptimizeClient } = await loadOptimizeClient();
        if (controller.signal.aborted) throw new OptimizeCancelledError();
        const client = (clientRef.current ??= new OptimizeClient(createWorker));
        const result = await search({
          client,
          load: async (loader) => {
            let value;
            try {
              value = await loader(controller.signal);
            } catch (error) {
              if (controller.signal.aborted) throw new OptimizeCancelledError();
              throw error;
            }
            if (controller.signal.aborted) throw new OptimizeCancelledError();
            return value;
          },
          startSearch: () => {
            searchController = new AbortController();
            searching.current = searchController;
            return searchController.signal;
          },
          report: (value) => {
            if (latest()) setProgress(() => value);
          },
        });
        if (latest()) setStatus('done');
        return result;
      } catch (error) {
        if (latest()) setStatus(error instanceof OptimizeCancelledError ? 'cancelled' : 'failed');
        throw error;
      } finally {
        if (latest()) setProgress(null);
        if (loading.current === controller) loading.current = null;
        if (searching.current === searchController) searching.current = null;
      }
    },
    [createWorker],
  );

  const cancel = useCallback(() => {
    loading.current?.abort();
    clientRef.current?.cancel();
  }, []);

  const stop = useCallback(() => {
    if (searching.current) searching.current.abort();
    else cancel();
  }, [cancel]);

  return { run, status, progress, stop, cancel };
}
