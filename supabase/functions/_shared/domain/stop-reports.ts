/**
 * What a driver reports about a stop through a driver link, and the progress of a route made of
 * those reports: the rules the `api` function applies and the SPA shows. The database checks the
 * same bounds (migration *_driver_links_and_stop_reports.sql) and decides which report of a stop
 * is the latest (the device's time, then the arrival) and whether it was far from the stop.
 */
import { STOP_NOTE_MAX_CHARS } from './limits.ts';

export const REPORT_STATUSES = ['delivered', 'failed', 'skipped'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** Why a delivery failed: stable codes (the texts are the SPA's). */
export const FAILURE_REASONS = [
  'nobody-there',
  'refused',
  'wrong-address',
  'no-access',
  'damaged',
  'other',
] as const;
export type FailureReason = (typeof FAILURE_REASONS)[number];

/** Longest note a driver may add to a report. */
export const REPORT_NOTE_MAX_CHARS = STOP_NOTE_MAX_CHARS;

/** A report's time may be ahead of the server's clock by at most this (a device's clock). */
export const REPORT_MAX_AHEAD_MS = 24 * 60 * 60 * 1000;

/** A report whose position is further than this from the stop is marked far from it. */
export const FAR_FROM_STOP_METERS = 200;

/** Largest position accuracy a report may state, metres. */
export const REPORT_ACCURACY_MAX_METERS = 1_000_000;

/** A photo or a signature: JPEG or PNG, at most 5 MB. */
/**
 * The `code` of the 404 to a report on a stop that is not (or no longer) on the link's route:
 * the link works, only that report cannot be saved, unlike a 404 for a revoked link.
 */
export const REPORT_NO_STOP = 'no-stop';

/**
 * The `code` of the 404 for a driver link that is unknown or revoked: the phone then forgets
 * what it kept of the link (its copy of the route, its reports not sent).
 */
export const DRIVER_LINK_GONE = 'no-link';

export const PROOF_KINDS = ['photo', 'signature'] as const;
export type ProofKind = (typeof PROOF_KINDS)[number];
export const PROOF_MAX_BYTES = 5 * 1024 * 1024;
export const PROOF_MEDIA_TYPES = ['image/jpeg', 'image/png'] as const;
export type ProofMediaType = (typeof PROOF_MEDIA_TYPES)[number];

/** Reports a driver link may send in a minute (bursts up to the same number). */
export const DRIVER_REPORTS_PER_MINUTE = 60;

export interface ReportPosition {
  lat: number;
  lng: number;
  /** metres */
  accuracy: number;
}

/** A report as the /api answers it. */
export interface StopReport {
  id: string;
  stopId: string;
  status: ReportStatus;
  reason?: FailureReason;
  note?: string;
  /** The device's time of the report (ISO 8601). */
  at: string;
  /** When the server received it (ISO 8601). */
  receivedAt: string;
  position?: ReportPosition;
  /** Metres from the stop to the position, when there is one. */
  distanceMeters?: number;
  /** The position was more than FAR_FROM_STOP_METERS from the stop. */
  farFromStop: boolean;
  /** A photo, a signature of the delivery is stored with the report (the API always says). */
  hasPhoto?: boolean;
  hasSignature?: boolean;
}

/**
 * The type of an image by its first bytes (its "magic number", whatever a header or a file name
 * says): JPEG (FF D8 FF) or PNG (its 8-byte signature and the IHDR chunk that must follow); null
 * for anything else.
 */
export function imageTypeOf(bytes: Uint8Array): ProofMediaType | null {
  const starts = (prefix: readonly number[], at = 0) =>
    bytes.length >= at + prefix.length && prefix.every((byte, i) => bytes[at + i] === byte);
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (
    starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) &&
    starts([0x49, 0x48, 0x44, 0x52], 12)
  )
    return 'image/png';
  return null;
}

/**
 * Stop 1 is where the route starts (the depot, or wherever the driver sets off), not a delivery:
 * progress counts the stops after it only, so a route is done when those are reported, and the
 * driver's page asks for no report on the start. One rule for the counts here, in the database
 * (the itinerary_report_counts view), on the driver's page and on the board.
 */
export const isRouteStart = (index: number): boolean => index === 0;

/** The stops a route delivers to: all but its start. */
export const deliveryStops = <S>(stops: readonly S[]): S[] =>
  stops.filter((_, index) => !isRouteStart(index));

export interface ReportCounts {
  delivered: number;
  failed: number;
  skipped: number;
  /** Stops without a report. */
  toDo: number;
  total: number;
}

/**
 * How many of `stopIds` (a route's deliveries: see deliveryStops) are delivered, failed, skipped
 * (by their latest report) or still to do.
 */
export function reportCounts(
  stopIds: readonly string[],
  latest: ReadonlyMap<string, Pick<StopReport, 'status'>>,
): ReportCounts {
  const counts: ReportCounts = { delivered: 0, failed: 0, skipped: 0, toDo: 0, total: 0 };
  for (const id of stopIds) {
    const status = latest.get(id)?.status;
    counts.total += 1;
    if (status) counts[status] += 1;
    else counts.toDo += 1;
  }
  return counts;
}

/**
 * How late (positive) or early (negative) the driver was at their last report, in whole minutes:
 * the device's time of the latest report (by its time) on a stop with a planned arrival, minus
 * that arrival. null when no reported stop has one.
 */
export function delayAtLastReport(
  reports: readonly Pick<StopReport, 'stopId' | 'at'>[],
  plannedArrival: ReadonlyMap<string, number>,
): number | null {
  let last: { at: number; planned: number } | null = null;
  for (const report of reports) {
    const planned = plannedArrival.get(report.stopId);
    const at = Date.parse(report.at);
    if (planned === undefined || Number.isNaN(at)) continue;
    if (!last || at > last.at) last = { at, planned };
  }
  return last ? Math.round((last.at - last.planned) / 60_000) : null;
}
