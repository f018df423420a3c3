/**
 * Tracking links and the routes' planned times. A customer (no account) reaches the database
 * only through the token function tracking_stop (security definer, the token checked there, one
 * stop's facts only); the owner as the caller, where row-level security decides. Two ways to
 * reach the data, as the itinerary store has: the Data API (tracking-store-data-api.ts) or a
 * direct connection (tracking-store-sql.ts).
 */
import type { FailureReason, ReportStatus } from './domain/stop-reports.ts';
import { delayAtLastReport } from './domain/stop-reports.ts';
import type { TrackingFacts } from './domain/tracking.ts';
import type { StopTimes } from './route-schedule.ts';

/** A stop's active tracking link, as its owner reads it. */
export interface TrackingLink {
  stopId: string;
  token: string;
  showPhoto: boolean;
  contact: string | null;
}

/** What making links sets: present keys set, absent ones leave (a new link: no photo, no contact). */
export interface TrackingOptions {
  showPhoto?: boolean;
  contact?: string | null;
}

/** A tracking link as its owner's data export lists it. */
export interface TrackingLinkRecord {
  token: string;
  itinerary_id: string;
  stop_id: string;
  show_photo: boolean;
  contact: string | null;
  created_at: string;
  revoked_at: string | null;
}

/** What the owner does with tracking links and planned times (RLS applies). */
export interface OwnerTrackingStore {
  /**
   * Makes a link (with the token of the same place) for each stop of the itinerary that has none,
   * applies `options` to all of them, and answers each asked stop that is on the itinerary with
   * its link; [] when the itinerary is not the caller's.
   */
  ensureLinks(
    itineraryId: string,
    stopIds: readonly string[],
    tokens: readonly string[],
    options: TrackingOptions,
  ): Promise<TrackingLink[]>;
  /** The itinerary's active links. */
  activeLinks(itineraryId: string): Promise<TrackingLink[]>;
  /** Revokes the active links of the itinerary (of one stop, when given); how many it revoked. */
  revokeLinks(itineraryId: string, stopId?: string): Promise<number>;
  /** Saves the planned times of one version (updated_at) of the itinerary. */
  saveSchedule(itineraryId: string, version: string, times: StopTimes): Promise<void>;
  /** Every tracking link of the caller, active and revoked, oldest first (the data export). */
  links(): Promise<TrackingLinkRecord[]>;
}

export interface TrackingStores {
  /** `claims`: the payload of the caller's verified session token. */
  asOwner(accessToken: string, claims: Record<string, unknown>): OwnerTrackingStore;
  /** The facts of the stop behind an active link; null for an unknown or revoked one. */
  trackedStop(token: string): Promise<TrackingFacts | null>;
}

const present = (value: unknown) => value !== null && value !== undefined;
const iso = (value: unknown) => new Date(value as string | Date).toISOString();
const epoch = (value: unknown) => (present(value) ? Number(value) : undefined);

export const trackingLinkFromRow = (row: Record<string, unknown>): TrackingLink => ({
  stopId: String(row.stop_id),
  token: String(row.token),
  showPhoto: row.show_photo === true,
  contact: typeof row.contact === 'string' ? row.contact : null,
});

export const trackingLinkRecordFromRow = (row: Record<string, unknown>): TrackingLinkRecord => ({
  token: String(row.token),
  itinerary_id: String(row.itinerary_id),
  stop_id: String(row.stop_id),
  show_photo: row.show_photo === true,
  contact: typeof row.contact === 'string' ? row.contact : null,
  created_at: iso(row.created_at),
  revoked_at: present(row.revoked_at) ? iso(row.revoked_at) : null,
});

export const TRACKING_LINK_COLUMNS = ['stop_id', 'token', 'show_photo', 'contact'] as const;
export const TRACKING_RECORD_COLUMNS = [
  'token',
  'itinerary_id',
  'stop_id',
  'show_photo',
  'contact',
  'created_at',
  'revoked_at',
] as const;

/** tracking_stop's row as the facts the answer is made of. */
export function trackingFactsFromRow(row: Record<string, unknown>): TrackingFacts {
  const plannedArrival = epoch(row.planned_arrival);
  const windowOpens = epoch(row.window_opens);
  const lastPlanned = epoch(row.last_report_planned_arrival);
  const delayMinutes =
    present(row.last_report_at) && lastPlanned !== undefined
      ? delayAtLastReport(
          [{ stopId: 'last', at: iso(row.last_report_at) }],
          new Map([['last', lastPlanned]]),
        )
      : null;
  return {
    name: String(row.name),
    ...(present(row.status)
      ? {
          report: {
            status: row.status as ReportStatus,
            at: Date.parse(iso(row.reported_at)),
            ...(present(row.reason) ? { reason: row.reason as FailureReason } : {}),
          },
        }
      : {}),
    ...(plannedArrival !== undefined ? { plannedArrival } : {}),
    ...(windowOpens !== undefined ? { windowOpens } : {}),
    stopsBefore: Number(row.stops_before ?? 0),
    started: row.started === true,
    delayMs: (delayMinutes ?? 0) * 60_000,
    ...(typeof row.contact === 'string' ? { contact: row.contact } : {}),
    ...(typeof row.photo_path === 'string' ? { photoPath: row.photo_path } : {}),
  };
}

/** ensure_tracking_links' options argument: only the keys given. */
export const optionsParameter = (options: TrackingOptions) => ({
  ...(options.showPhoto !== undefined ? { showPhoto: options.showPhoto } : {}),
  ...(options.contact !== undefined ? { contact: options.contact } : {}),
});
