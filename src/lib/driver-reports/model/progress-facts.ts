import type { ProgressSummary, RouteProgress } from './schemas';
import type { ReportPosition } from '@domain/stop-reports.ts';

/** Within this many minutes of the plan a driver is on time (early counts as on time too). */
export const ON_TIME_MINUTES = 5;

export interface ProgressCounts {
  delivered: number;
  failed: number;
  skipped: number;
  /** Stops without a report yet. */
  todo: number;
  total: number;
}

/**
 * What the pages show of a route's progress, in epoch milliseconds. The figures are the
 * server's (GET /api/itineraries/{id}/progress): the lateness is the device's time of the last
 * report on a stop with a planned arrival minus that arrival, and the predicted finish is the
 * planned finish shifted by it.
 */
export interface ProgressFacts extends ProgressCounts {
  /** The newest report's time, null before the first. */
  lastReportAt: number | null;
  /** The driver's last reported position. */
  lastPosition: (ReportPosition & { at: number }) | null;
  /** Minutes late (positive) or early (negative) at the last report; null without a plan. */
  lateMinutes: number | null;
  plannedFinish: number | null;
  predictedFinish: number | null;
}

const time = (iso: string | undefined): number | null => {
  const value = iso ? Date.parse(iso) : Number.NaN;
  return Number.isNaN(value) ? null : value;
};

export function progressFacts(route: RouteProgress): ProgressFacts {
  const { counts } = route;
  const positionAt = time(route.lastPosition?.at);
  return {
    delivered: counts.delivered,
    failed: counts.failed,
    skipped: counts.skipped,
    todo: counts.toDo,
    total: counts.total,
    lastReportAt: time(route.lastReport?.at),
    lastPosition:
      route.lastPosition && positionAt !== null
        ? {
            lat: route.lastPosition.lat,
            lng: route.lastPosition.lng,
            accuracy: route.lastPosition.accuracy,
            at: positionAt,
          }
        : null,
    lateMinutes: route.delayMinutes ?? null,
    plannedFinish: time(route.plannedFinish),
    predictedFinish: time(route.predictedFinish),
  };
}

/** The facts of a summary's progress (My Routes): its counts, how late, the last report. */
export function summaryFacts(progress: ProgressSummary): ProgressFacts {
  return {
    delivered: progress.delivered,
    failed: progress.failed,
    skipped: progress.skipped,
    todo: progress.toDo,
    total: progress.total,
    lastReportAt: time(progress.lastReportAt),
    lastPosition: null,
    lateMinutes: progress.delayMinutes ?? null,
    plannedFinish: null,
    predictedFinish: null,
  };
}

/**
 * A day's drivers as one: the counts added up; the latest last report, lateness and finish
 * (the day runs as late as its latest driver, and ends when the last one finishes).
 */
export function combineFacts(all: readonly ProgressFacts[]): ProgressFacts {
  const sum = (pick: (facts: ProgressFacts) => number) =>
    all.reduce((total, facts) => total + pick(facts), 0);
  const latest = (values: (number | null)[]) => {
    const known = values.filter((value): value is number => value !== null);
    return known.length ? Math.max(...known) : null;
  };
  const positions = all
    .map((facts) => facts.lastPosition)
    .filter((position) => position !== null)
    .sort((a, b) => b.at - a.at);
  return {
    delivered: sum((facts) => facts.delivered),
    failed: sum((facts) => facts.failed),
    skipped: sum((facts) => facts.skipped),
    todo: sum((facts) => facts.todo),
    total: sum((facts) => facts.total),
    lastReportAt: latest(all.map((facts) => facts.lastReportAt)),
    lastPosition: positions[0] ?? null,
    lateMinutes: latest(all.map((facts) => facts.lateMinutes)),
    plannedFinish: latest(all.map((facts) => facts.plannedFinish)),
    predictedFinish: latest(all.map((facts) => facts.predictedFinish)),
  };
}

/** Whether the facts are worth a line on My Routes: at least one report. */
export const hasReports = (facts: ProgressCounts): boolean => facts.todo < facts.total;

/** On time (or early) within ON_TIME_MINUTES; null when there is no plan to compare with. */
export function punctuality(facts: Pick<ProgressFacts, 'lateMinutes'>): 'on-time' | 'late' | null {
  if (facts.lateMinutes === null) return null;
  return facts.lateMinutes > ON_TIME_MINUTES ? 'late' : 'on-time';
}
