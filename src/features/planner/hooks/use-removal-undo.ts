import { useCallback, useEffect, useState } from 'react';
import type { StopListAction, StopListState } from '../model/stop-list';

/** How long 'Undo' stays offered after Clear all or a stop's ×. */
export const REMOVAL_UNDO_MS = 15_000;

/** What the last removal took away, while its Undo is offered. */
export type Removal = { kind: 'all'; count: number } | { kind: 'stop'; name: string };

/**
 * Clear all and removing a stop, undoable: the stops go at once, a status message offers Undo
 * for REMOVAL_UNDO_MS, and meanwhile `holding` is true so the device's copy of the route is not
 * overwritten (a reload during the window still finds the stops). Any other change ends the
 * window; a new removal starts a window of its own.
 */
export function useRemovalUndo(state: StopListState, dispatch: (action: StopListAction) => void) {
  /** `after`: the state the removal made, known from the render that follows it. */
  const [pending, setPending] = useState<{
    removal: Removal;
    before: StopListState;
    after: StopListState | null;
  } | null>(null);

  // The window ends when its time is up; a change to the route ends it at once (below).
  useEffect(() => {
    if (!pending) return;
    const timer = window.setTimeout(() => setPending(null), REMOVAL_UNDO_MS);
    return () => window.clearTimeout(timer);
    // One timer per removal: recording `after` does not restart it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pending?.before]);
  if (pending && pending.after === null && state !== pending.before)
    setPending({ ...pending, after: state });
  else if (pending && pending.after !== null && pending.after !== state) setPending(null);

  const clearAll = useCallback(() => {
    if (state.stops.length === 0) return;
    dispatch({ type: 'clear' });
    setPending({ removal: { kind: 'all', count: state.stops.length }, before: state, after: null });
  }, [state, dispatch]);

  const remove = useCallback(
    (index: number) => {
      const stop = state.stops[index];
      if (!stop) return;
      dispatch({ type: 'remove', index });
      setPending({ removal: { kind: 'stop', name: stop.name }, before: state, after: null });
    },
    [state, dispatch],
  );

  const undo = useCallback(() => {
    if (!pending) return;
    dispatch({ type: 'restore', state: pending.before });
    setPending(null);
  }, [pending, dispatch]);

  return {
    clearAll,
    remove,
    undo,
    /** The undo window is open: Undo is offered and the device's copy is kept as it was. */
    holding: pending !== null,
    removal: pending ? pending.removal : null,
  };
}
