import type { Stop } from '@domain/stops.ts';
import type { PlannedDay } from '@/lib/day-plan';
import type { DriveLog } from './drive-log';

/** What the navigation page says once every stop is done or skipped. */
export interface DaySummary {
  done: number;
  skipped: number;
  /** From the first hand-off or status here to the last stop settled (ms); null when not logged here. */
  took: number | null;
  /**
   * What the plan gave for the same (ms): from the departure to leaving the last stop on a route
   * with a working day, else the driving of its legs; null while neither is known, and for a
   * route of one stop (nothing to drive: its plan would read "0m").
   */
  planned: number | null;
}

/** The day's summary from its stops, the device's log and the plan (or the legs). */
export function daySummary(
  stops: readonly Pick<Stop, 'status'>[],
  log: DriveLog | undefined,
  planned: PlannedDay | null,
  legs: readonly { duration: number }[] | null,
): DaySummary {
  const last = planned?.stops[planned.stops.length - 1];
  return {
    done: stops.filter((stop) => stop.status === 'done').length,
    skipped: stops.filter((stop) => stop.status === 'skipped').length,
    took: log?.finishedAt === undefined ? null : log.finishedAt - log.startedAt,
    planned:
      stops.length < 2
        ? null
        : last
          ? last.departure - planned.departure
          : legs && legs.length === stops.length - 1
            ? legs.reduce((sum, leg) => sum + leg.duration, 0) * 1000
            : null,
  };
}
