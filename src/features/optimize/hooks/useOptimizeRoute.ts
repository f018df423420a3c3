import { useCallback, useEffect, useRef, useState } from 'react';
import type { RouteMode } from '../model/index.ts';
import { createOptimizeWorker } from '../worker/create-worker.ts';
import { OptimizeCancelledError, OptimizeClient, type OptimizeOutcome, type OptimizeWorker } from '../worker/optimize-client.ts';

export type OptimizeStatus = 'idle' | 'running' | 'done' | 'failed' | 'cancelled';

export interface RoutePlace {
  lat: number;
  lng: number;
}

export interface OptimizeRouteApi {
  /**
   * Finds a shorter order of the stops (great-circle metres) in a Web Worker. Resolves with the
   * order as indices into `stops` and the lengths before and after; rejects with
   * OptimizeCancelledError when cancelled or superseded by a newer call.
   */
  optimize(stops: readonly RoutePlace[], mode: RouteMode): Promise<OptimizeOutcome>;
  status: OptimizeStatus;
  cancel(): void;
}

export function useOptimizeRoute(createWorker: () => OptimizeWorker = createOptimizeWorker): OptimizeRouteApi {
  const [status, setStatus] = useState<OptimizeStatus>('idle');
  const clientRef = useRef<OptimizeClient | null>(null);
  const latestCall = useRef(0);

  useEffect(
    () => () => {
      clientRef.current?.dispose();
      clientRef.current = null;
    },
    [],
  );

  const optimize = useCallback(
    async (stops: readonly RoutePlace[], mode: RouteMode) => {
      const client = (clientRef.current ??= new OptimizeClient(createWorker));
      const call = ++latestCall.current;
      setStatus('running');
      try {
        const outcome = await client.run(
          stops.map((stop) => [stop.lat, stop.lng]),
          'haversine',
          mode,
        );
        if (call === latestCall.current) setStatus('done');
        return outcome;
      } catch (error) {
        if (call === latestCall.current) {
          setStatus(error instanceof OptimizeCancelledError ? 'cancelled' : 'failed');
        }
        throw error;
      }
    },
    [createWorker],
  );

  const cancel = useCallback(() => clientRef.current?.cancel(), []);

  return { optimize, status, cancel };
}
