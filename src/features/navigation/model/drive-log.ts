import type { Stop } from '@domain/stops.ts';
import { isSettled } from './stop-status';

/**
 * When the driver began a route and when they settled its last stop, kept on the device that
 * drove it (the day's summary compares it with the plan). Pure.
 */
export interface DriveLog {
  /** The first hand-off to Waze or stop done or skipped here (epoch ms). */
  startedAt: number;
  /** When the last stop still to do was settled; absent while some stop is left. */
  finishedAt?: number;
}

export type DriveEvent =
  /** A stop was handed to Waze. */
  | { kind: 'handOff' }
  /** Stops were marked done or skipped, or back to do: the stops as they are now. */
  | { kind: 'statuses'; stops: readonly Pick<Stop, 'status'>[] }
  /** Start over: every stop back to do, the log too. */
  | { kind: 'startOver' };

/** The log after `event` at `now` (undefined: no log). */
export function nextDriveLog(
  log: DriveLog | undefined,
  event: DriveEvent,
  now: number,
): DriveLog | undefined {
  if (event.kind === 'startOver') return undefined;
  const startedAt = log?.startedAt ?? now;
  if (event.kind === 'handOff') return log ?? { startedAt };
  const finished = event.stops.length > 0 && event.stops.every(isSettled);
  // An undo after the last stop opens the day again: it finishes when that stop is settled.
  if (!finished) return { startedAt };
  return { startedAt, finishedAt: log?.finishedAt ?? now };
}

/** A stored log, or undefined when it is not one (hand-edited, another shape). */
export function readDriveLog(value: unknown): DriveLog | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const { startedAt, finishedAt } = value as Record<string, unknown>;
  if (typeof startedAt !== 'number' || !Number.isFinite(startedAt)) return undefined;
  if (typeof finishedAt === 'number' && Number.isFinite(finishedAt) && finishedAt >= startedAt)
    return { startedAt, finishedAt };
  return { startedAt };
}
