import { useCallback, useEffect, useState } from 'react';
import type { StopListAction, StopListState } from '../model/stop-list';

/** How long 'Undo' stays offered after Clear all (the issue asks for at least 10 s). */
export const CLEAR_UNDO_MS = 15_000;

/**
 * Clear all, undoable: the stops go at once, a status message offers Undo for CLEAR_UNDO_MS,
 * and meanwhile `holding` is true so the device's copy of the route is not overwritten (a
 * reload during the window still finds the stops). Any other change ends the window.
 */
export function useClearAllUndo(state: StopListState, dispatch: (action: StopListAction) => void) {
  /** `after`: the state Clear all made, known from the render that follows it. */
  const [cleared, setCleared] = useState<{
    before: StopListState;
    after: StopListState | null;
  } | null>(null);

  // The window ends when its time is up; a change to the route ends it at once (below).
  useEffect(() => {
    if (!cleared) return;
    const timer = window.setTimeout(() => setCleared(null), CLEAR_UNDO_MS);
    return () => window.clearTimeout(timer);
    // One timer per Clear all: recording `after` does not restart it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [cleared?.before]);
  if (cleared && cleared.after === null && state.stops.length === 0)
    setCleared({ ...cleared, after: state });
  else if (cleared && cleared.after !== null && cleared.after !== state) setCleared(null);
  const holding = cleared !== null;

  const clearAll = useCallback(() => {
    if (state.stops.length === 0) return;
    dispatch({ type: 'clear' });
    setCleared({ before: state, after: null });
  }, [state, dispatch]);

  const undo = useCallback(() => {
    if (!cleared) return;
    dispatch({ type: 'restore', state: cleared.before });
    setCleared(null);
  }, [cleared, dispatch]);

  return {
    clearAll,
    undo,
    /** The undo window is open: Undo is offered and the device's copy is kept as it was. */
    holding,
    clearedCount: cleared ? cleared.before.stops.length : 0,
  };
}
