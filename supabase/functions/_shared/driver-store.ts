/**
 * Driver links and stop reports. A driver (no account) reaches the database only through the
 * token functions (security definer, the token checked there, that route's stops only):
 * driver_route as anon; the writes (driver_report, driver_proof_begin, driver_proof_done) as the
 * function itself (service_role only), after the function's own checks; the owner as the caller, where row-level security decides, as for the
 * itineraries. Two ways to reach the data, as the itinerary store has: the Data API
 * (driver-store-data-api.ts) or a direct connection (driver-store-sql.ts).
 */
import type { DayPlan } from './domain/day-plan/day-plan.ts';
import type { Stop } from './domain/stops.ts';
import type {
  FailureReason,
  ProofKind,
  ProofMediaType,
  ReportStatus,
  StopReport,
} from './domain/stop-reports.ts';
import type { Itinerary } from './itinerary-store.ts';
import type { ReportInput } from './driver-validation.ts';

/** The route behind an active driver link, as the token function gives it. */
export interface DriverRoute {
  title: string;
  stops: Stop[];
  day_plan?: DayPlan;
  /** The latest report of each stop that has one. */
  reports: StopReport[];
  /** The route's version (ISO 8601, to the millisecond): a re-order is saved only over it. */
  version: string;
}

/** A report as its owner reads it: which route, its rank, and its proofs' objects. */
export interface OwnedReport extends StopReport {
  itineraryId: string;
  /** 1: the latest report of its stop (it wins); 2, 3...: the earlier ones, newest first. */
  rank: number;
  /** The stored photo's and signature's objects in the proofs' bucket. */
  photoPath?: string;
  signaturePath?: string;
}

/**
 * What announcing a proof did (driver_proof_begin): upload the bytes to `objectPath`; nothing to
 * do (this very proof is stored); or nothing, because the report has another one, the link is
 * unknown or revoked, or the report is not one of its route's.
 */
export type ProofAnnouncement =
  | { outcome: 'upload'; objectPath: string }
  | { outcome: 'attached' | 'taken' | 'no-link' | 'no-report' };

/** What marking an uploaded proof stored did (driver_proof_done). */
export type ProofDone = 'done' | 'attached' | 'no-link' | 'no-proof';

/** A photo or signature as the token function takes it. */
export interface ProofToAnnounce {
  reportId: string;
  kind: ProofKind;
  mediaType: ProofMediaType;
  size: number;
  /** SHA-256 of the bytes, hex. */
  sha256: string;
}

export type ReportOutcome =
  | { outcome: 'created' | 'replayed'; report: StopReport }
  | { outcome: 'conflict' | 'no-link' | 'no-stop' };

/** A new order of the stops still to do, as driver_reorder takes it (see domain/order-left.ts). */
export interface OrderToSave {
  version: string;
  stopIds: readonly string[];
  /** The route's totals in that order. */
  totals: { total_distance: number; total_duration: number };
  /** The planned times of the route in that order (tracking links), or null without a day plan. */
  times: Record<string, unknown> | null;
}

/**
 * What a re-order did: saved (with the route's new version); nothing, because the route changed
 * since `version`, a stop was reported meanwhile, a stop is not on the route, the list is not
 * the stops still to do, it moves a stop locked first or last, or the link is unknown or revoked.
 */
export type OrderOutcome =
  | { outcome: 'reordered'; version: string }
  | { outcome: 'changed' | 'reported' | 'no-stop' | 'invalid' | 'locked' | 'no-link' };

/** A driver link as its owner's data export lists it. */
export interface DriverLinkRecord {
  token: string;
  itinerary_id: string;
  created_at: string;
  revoked_at: string | null;
}

/** What the owner does with driver links and reads of reports (RLS applies). */
export interface OwnerDriverStore {
  /**
   * Revokes the itinerary's active link and makes `token` its link, in one transaction; false
   * when the itinerary is not the caller's.
   */
  replaceLink(itineraryId: string, token: string): Promise<boolean>;
  /** The active link's token; null when there is none. */
  activeLink(itineraryId: string): Promise<string | null>;
  /** false when there was no active link. */
  revokeLink(itineraryId: string): Promise<boolean>;
  /** Every report of these itineraries (the caller's only), each with its rank. */
  reports(itineraryIds: readonly string[]): Promise<OwnedReport[]>;
  /** The caller's itineraries of one day split among drivers, oldest first. */
  dayGroupItineraries(dayGroup: string): Promise<Itinerary[]>;
  /** Every driver link of the caller, active and revoked, oldest first (the data export). */
  links(): Promise<DriverLinkRecord[]>;
  /**
   * The objects of the proofs of these itineraries (all the caller's when none are named),
   * stored or announced: what goes with a route or an account.
   */
  proofPaths(itineraryIds?: readonly string[]): Promise<string[]>;
}

export interface DriverStores {
  /** `claims`: the payload of the caller's verified session token. */
  asOwner(accessToken: string, claims: Record<string, unknown>): OwnerDriverStore;
  /** The route behind an active link (no account needed); null for an unknown or revoked one. */
  driverRoute(token: string): Promise<DriverRoute | null>;
  /** Saves a report through a link, once per report id (driver_report). */
  report(token: string, input: ReportInput): Promise<ReportOutcome>;
  /** Puts the stops still to do of a link's route in a new order (driver_reorder). */
  reorder(token: string, order: OrderToSave): Promise<OrderOutcome>;
  /** Announces a proof of a report through a link (driver_proof_begin). */
  announceProof(token: string, proof: ProofToAnnounce): Promise<ProofAnnouncement>;
  /** Marks an announced proof stored, once its bytes are in objectPath (driver_proof_done). */
  proofStored(token: string, proof: ProofToAnnounce, objectPath: string): Promise<ProofDone>;
}

const iso = (value: unknown) => new Date(value as string | Date).toISOString();
const present = (value: unknown) => value !== null && value !== undefined;

/** A row of public.stop_reports (a select, or to_jsonb in a token function) as the API's report. */
export function reportFromRow(row: Record<string, unknown>): StopReport {
  return {
    id: String(row.id),
    stopId: String(row.stop_id),
    status: row.status as ReportStatus,
    ...(present(row.reason) ? { reason: row.reason as FailureReason } : {}),
    ...(typeof row.note === 'string' ? { note: row.note } : {}),
    at: iso(row.reported_at),
    receivedAt: iso(row.received_at),
    ...(present(row.latitude)
      ? {
          position: {
            lat: Number(row.latitude),
            lng: Number(row.longitude),
            accuracy: Number(row.accuracy),
          },
        }
      : {}),
    ...(present(row.distance) ? { distanceMeters: Math.round(Number(row.distance)) } : {}),
    farFromStop: row.far_from_stop === true,
    hasPhoto: row.has_photo === true || present(row.photo_path),
    hasSignature: row.has_signature === true || present(row.signature_path),
  };
}

export const ownedReportFromRow = (row: Record<string, unknown>): OwnedReport => ({
  ...reportFromRow(row),
  itineraryId: String(row.itinerary_id),
  rank: Number(row.rank),
  ...(typeof row.photo_path === 'string' ? { photoPath: row.photo_path } : {}),
  ...(typeof row.signature_path === 'string' ? { signaturePath: row.signature_path } : {}),
});

/** driver_proof_begin's row as a ProofAnnouncement. */
export function proofAnnouncementFromRow(
  row: Record<string, unknown> | undefined,
): ProofAnnouncement {
  const outcome = row?.outcome;
  if (outcome === 'upload' && typeof row!.object_path === 'string')
    return { outcome, objectPath: row!.object_path };
  if (
    outcome === 'attached' ||
    outcome === 'taken' ||
    outcome === 'no-link' ||
    outcome === 'no-report'
  )
    return { outcome };
  throw new Error(`driver_proof_begin answered ${JSON.stringify(outcome)}`);
}

export function proofDoneOf(value: unknown): ProofDone {
  if (value === 'done' || value === 'attached' || value === 'no-link' || value === 'no-proof')
    return value;
  throw new Error(`driver_proof_done answered ${JSON.stringify(value)}`);
}

/** driver_route's row as a DriverRoute. */
export function driverRouteFromRow(row: Record<string, unknown>): DriverRoute {
  const reports = (
    typeof row.reports === 'string' ? JSON.parse(row.reports) : (row.reports ?? [])
  ) as Record<string, unknown>[];
  return {
    title: String(row.title),
    stops: row.stops as Stop[],
    ...(present(row.day_plan) ? { day_plan: row.day_plan } : {}),
    reports: reports.map(reportFromRow),
    version: iso(row.version),
  };
}

/** driver_reorder's row as an OrderOutcome. */
export function orderOutcomeFromRow(row: Record<string, unknown> | undefined): OrderOutcome {
  const outcome = row?.outcome;
  if (outcome === 'reordered') return { outcome, version: iso(row!.saved_version) };
  if (
    outcome === 'changed' ||
    outcome === 'reported' ||
    outcome === 'no-stop' ||
    outcome === 'invalid' ||
    outcome === 'locked' ||
    outcome === 'no-link'
  )
    return { outcome };
  throw new Error(`driver_reorder answered ${JSON.stringify(outcome)}`);
}

/** driver_report's row as a ReportOutcome. */
export function reportOutcomeFromRow(row: Record<string, unknown> | undefined): ReportOutcome {
  const outcome = row?.outcome;
  if (outcome === 'created' || outcome === 'replayed') {
    const saved = (typeof row!.saved === 'string' ? JSON.parse(row!.saved) : row!.saved) as Record<
      string,
      unknown
    >;
    return { outcome, report: reportFromRow(saved) };
  }
  if (outcome === 'conflict' || outcome === 'no-link' || outcome === 'no-stop') return { outcome };
  throw new Error(`driver_report answered ${JSON.stringify(outcome)}`);
}

export const driverLinkFromRow = (row: Record<string, unknown>): DriverLinkRecord => ({
  token: String(row.token),
  itinerary_id: String(row.itinerary_id),
  created_at: iso(row.created_at),
  revoked_at: present(row.revoked_at) ? iso(row.revoked_at) : null,
});

/** The report as the token function takes it (the device's time as `at`). */
export const reportParameter = (input: ReportInput) => ({
  id: input.id,
  stopId: input.stopId,
  status: input.status,
  ...(input.reason ? { reason: input.reason } : {}),
  ...(input.note ? { note: input.note } : {}),
  at: input.at,
  ...(input.position ? { position: input.position } : {}),
});

export const REPORT_COLUMNS = [
  'id',
  'itinerary_id',
  'stop_id',
  'status',
  'reason',
  'note',
  'reported_at',
  'received_at',
  'latitude',
  'longitude',
  'accuracy',
  'distance',
  'far_from_stop',
  'rank',
  'photo_path',
  'signature_path',
] as const;
