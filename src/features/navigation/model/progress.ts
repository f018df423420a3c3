/**
 * Driving a shared route stop by stop: which stop was handed to Waze last. Pure; the
 * shared page keeps it in session storage so it survives a reload or a phone locking.
 * (A saved route keeps per-stop statuses in the itinerary instead: stop-status.ts.)
 */
export interface NavigationProgress {
  /** 0-based index of the current stop: the one Waze is driving to. */
  currentIndex: number;
  /** False until the first stop has been handed to Waze. */
  started: boolean;
}

export type ProgressAction =
  /** Hand stop 1 to Waze. */
  | { type: 'start' }
  /** The driver reached the current stop: the next one becomes current (stays on the last). */
  | { type: 'advance'; stopCount: number }
  /** The driver chose a stop in the list. */
  | { type: 'choose'; index: number; stopCount: number }
  | { type: 'reset' }
  /** The route was loaded or changed: keep the index inside it. */
  | { type: 'clamp'; stopCount: number };

export const initialProgress: NavigationProgress = { currentIndex: 0, started: false };

const lastIndex = (stopCount: number) => Math.max(0, Math.floor(stopCount) - 1);

export function progressReducer(
  state: NavigationProgress,
  action: ProgressAction,
): NavigationProgress {
  switch (action.type) {
    case 'start':
      return { currentIndex: 0, started: true };
    case 'advance':
      if (action.stopCount <= 0) return state;
      if (!state.started) return { currentIndex: 0, started: true };
      return {
        currentIndex: Math.min(state.currentIndex + 1, lastIndex(action.stopCount)),
        started: true,
      };
    case 'choose':
      if (!Number.isInteger(action.index) || action.index < 0 || action.index >= action.stopCount)
        return state;
      return { currentIndex: action.index, started: true };
    case 'reset':
      return initialProgress;
    case 'clamp': {
      if (action.stopCount <= 0) return initialProgress;
      const currentIndex = Math.min(state.currentIndex, lastIndex(action.stopCount));
      return currentIndex === state.currentIndex ? state : { ...state, currentIndex };
    }
  }
}

/** What the page shows: 'current stop X of Y', the next stop (if any) and the bar's value. */
export function progressView(state: NavigationProgress, stopCount: number) {
  const current = state.started ? state.currentIndex + 1 : 0;
  const nextIndex = state.started ? state.currentIndex + 1 : 0;
  return {
    /** 1-based current stop; 0 before the start. */
    current,
    total: stopCount,
    /** The stop 'Next Stop' would hand over, or null after the last one. */
    nextIndex: nextIndex < stopCount ? nextIndex : null,
  };
}

type ReadableStorage = Pick<Storage, 'getItem'>;
type WritableStorage = Pick<Storage, 'setItem'>;

/** The stored progress, or null when there is none or it is not ours (hand-edited, older shape). */
export function readProgress(
  storage: ReadableStorage | null,
  key: string,
): NavigationProgress | null {
  try {
    const raw = storage?.getItem(key);
    if (!raw) return null;
    const value: unknown = JSON.parse(raw);
    if (!value || typeof value !== 'object') return null;
    const { currentIndex, started } = value as Record<string, unknown>;
    if (typeof started !== 'boolean' || typeof currentIndex !== 'number') return null;
    if (!Number.isInteger(currentIndex) || currentIndex < 0) return null;
    return { currentIndex, started };
  } catch {
    return null;
  }
}

/** Best effort: private modes and full quotas refuse writes; driving goes on without them. */
export function writeProgress(
  storage: WritableStorage | null,
  key: string,
  progress: NavigationProgress,
): void {
  try {
    storage?.setItem(
      key,
      JSON.stringify({ currentIndex: progress.currentIndex, started: progress.started }),
    );
  } catch {
    // Progress is a convenience; the page works without it.
  }
}
