import { useEffect, useRef, useState } from 'react';
import { OptimizeCancelledError } from '@/lib/optimizer/cancelled.ts';
import { reorder } from '../model/presentation.ts';

/** What the last run produced; shown only while the route is still the one it was about. */
export type OptimizeOutcome<T, R> =
  | { kind: 'applied'; stops: T[]; previous: T[]; key: string; result: R }
  | { kind: 'unchanged'; stops: readonly T[]; key: string; result: R }
  | { kind: 'failed'; stops: readonly T[]; key: string };

/** An optimiser's answer: the new order (indices into the stops sent) and whether it is better. */
export interface OptimizeAnswer<R> {
  order: readonly number[];
  better: boolean;
  result: R;
}

/**
 * The outcome of the optimise button: runs `find` on the stops as they are, applies a better
 * order (ignored when the route was edited meanwhile), keeps it for Undo, and shows it only while
 * the route is the one it was about: the same stops (`same`) and the same `key` (the day plan).
 */
export function useOptimizeOutcome<T, R>({
  stops,
  key = '',
  same,
  onApply,
  onUndo,
}: {
  stops: readonly T[];
  key?: string;
  same: (a: readonly T[], b: readonly T[]) => boolean;
  onApply: (reordered: T[]) => void;
  onUndo: (previous: T[]) => void;
}) {
  const [outcome, setOutcome] = useState<OptimizeOutcome<T, R> | null>(null);
  const latest = useRef({ stops, key });
  useEffect(() => {
    latest.current = { stops, key };
  });
  const shown = outcome && outcome.key === key && same(outcome.stops, stops) ? outcome : null;

  async function optimize(find: (snapshot: readonly T[]) => Promise<OptimizeAnswer<R>>) {
    const snapshot = stops;
    const snapshotKey = key;
    setOutcome(null);
    try {
      const { order, better, result } = await find(snapshot);
      // The route was edited while the optimiser ran: its answer is about another route.
      if (!same(latest.current.stops, snapshot) || latest.current.key !== snapshotKey) return;
      if (!better) {
        setOutcome({ kind: 'unchanged', stops: snapshot, key: snapshotKey, result });
        return;
      }
      const reordered = reorder(snapshot, order);
      onApply(reordered);
      setOutcome({
        kind: 'applied',
        stops: reordered,
        previous: [...snapshot],
        key: snapshotKey,
        result,
      });
    } catch (error) {
      if (error instanceof OptimizeCancelledError) return;
      console.error('Optimising failed', error);
      setOutcome({ kind: 'failed', stops: snapshot, key: snapshotKey });
    }
  }

  function undo() {
    if (shown?.kind !== 'applied') return;
    onUndo(shown.previous);
    setOutcome(null);
  }

  return { shown, optimize, undo };
}
