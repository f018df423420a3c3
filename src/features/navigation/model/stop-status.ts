import type { Stop, StopStatus } from '@domain/stops.ts';

/**
 * Driving a saved route: each stop is done, skipped or still to do (no status).
 * The current stop is the first one still to do; everything here is pure and
 * returns new arrays, so the page can save the full stop list as is.
 */

export const isSettled = (stop: Pick<Stop, 'status'>): boolean =>
  stop.status === 'done' || stop.status === 'skipped';

/** The first stop still to do, or null when every stop is done or skipped. */
export function currentStopIndex(stops: readonly Pick<Stop, 'status'>[]): number | null {
  const index = stops.findIndex((stop) => !isSettled(stop));
  return index < 0 ? null : index;
}

/** The stops with stop `index` marked done or skipped, or back to do (null: the undo). */
export function withStopStatus(
  stops: readonly Stop[],
  index: number,
  status: StopStatus | null,
): Stop[] {
  if (!Number.isInteger(index) || index < 0 || index >= stops.length) return [...stops];
  return stops.map((stop, i) => (i === index ? stopWithStatus(stop, status) : stop));
}

/** 'Start over': every stop back to do; names, places and notes untouched. */
export function withoutStatuses(stops: readonly Stop[]): Stop[] {
  return stops.map((stop) => stopWithStatus(stop, null));
}

function stopWithStatus(stop: Stop, status: StopStatus | null): Stop {
  // A stop still to do carries no status field at all (the API's shape).
  const { status: _previous, ...rest } = stop;
  return status ? { ...rest, status } : rest;
}

export interface StopProgressView {
  /** 0-based current stop (the first still to do), or null when all are settled. */
  currentIndex: number | null;
  /** Stops done or skipped: the progress bar's value. */
  settled: number;
  done: number;
  skipped: number;
  total: number;
}

export function stopProgressView(stops: readonly Pick<Stop, 'status'>[]): StopProgressView {
  const done = stops.filter((stop) => stop.status === 'done').length;
  const skipped = stops.filter((stop) => stop.status === 'skipped').length;
  return {
    currentIndex: currentStopIndex(stops),
    settled: done + skipped,
    done,
    skipped,
    total: stops.length,
  };
}
