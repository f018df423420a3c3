import type { Stop } from '@domain/stops.ts';
import { isSettled } from './stop-status';

/**
 * Driving a shared route stop by stop: which stop was handed to Waze last. Pure; the shared page
 * keeps it on the device per link (a new tab opened from a chat app resumes where the driver
 * was). The stops' own statuses (done or skipped, set by the route's owner on the road) decide
 * where Start and Next Stop go: a stop done or skipped is never handed over again by them.
 */
export interface NavigationProgress {
  /** 0-based index of the current stop: the one Waze is driving to. */
  currentIndex: number;
  /** False until the first stop has been handed to Waze. */
  started: boolean;
}

export type ProgressAction =
  /** A stop was handed to Waze (Start, Next Stop or the stop's own button). */
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

/** The first stop still to do after `after` (-1: from the start), or null when none is left. */
export function nextStopToDo(stops: readonly Pick<Stop, 'status'>[], after: number): number | null {
  for (let index = Math.max(0, after + 1); index < stops.length; index += 1) {
    if (!isSettled(stops[index])) return index;
  }
  return null;
}

export interface ProgressView {
  /** 1-based current stop; 0 before the start. */
  current: number;
  total: number;
  /** The stop Start hands over: the first still to do (stop 1 when every stop is settled). */
  startIndex: number;
  /** The stop Next Stop hands over once started: the next still to do, or null when none is left. */
  nextIndex: number | null;
}

/** What the page shows: 'current stop X of Y', where Start and Next Stop go. */
export function progressView(
  state: NavigationProgress,
  stops: readonly Pick<Stop, 'status'>[],
): ProgressView {
  const started = state.started && stops.length > 0;
  const currentIndex = Math.min(state.currentIndex, lastIndex(stops.length));
  return {
    current: started ? currentIndex + 1 : 0,
    total: stops.length,
    startIndex: nextStopToDo(stops, -1) ?? 0,
    nextIndex: started ? nextStopToDo(stops, currentIndex) : null,
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
