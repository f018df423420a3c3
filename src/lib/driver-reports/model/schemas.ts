/**
 * What the /api answers about driver links and stop reports, checked before use (the contract:
 * docs/api.md). Reports and the rules behind them are @domain/stop-reports.ts.
 */
import * as check from '@/lib/check';
import { FAILURE_REASONS, REPORT_STATUSES, type StopReport } from '@domain/stop-reports.ts';
import { stopWindowSchema } from '@/lib/stop-schema';

/** POST and GET /api/itineraries/{id}/driver-link. */
export const driverLinkSchema = check.object({ driverUrl: check.string() });
export type DriverLink = check.Infer<typeof driverLinkSchema>;

const positionSchema = check.object({
  lat: check.number(),
  lng: check.number(),
  accuracy: check.number(),
});

/** A report as the /api answers it. */
export const stopReportSchema = check.object({
  id: check.string(),
  stopId: check.string(),
  status: check.oneOf(REPORT_STATUSES),
  reason: check.optional(check.oneOf(FAILURE_REASONS)),
  note: check.optional(check.string()),
  at: check.string(),
  receivedAt: check.string(),
  position: check.optional(positionSchema),
  distanceMeters: check.optional(check.number()),
  farFromStop: check.boolean(),
  hasPhoto: check.optional(check.boolean()),
  hasSignature: check.optional(check.boolean()),
}) satisfies check.Check<StopReport>;

/** A report as its owner sees it: with short-lived links to its photo and signature. */
export const ownerReportSchema = check.extend(stopReportSchema, {
  photoUrl: check.optional(check.string()),
  signatureUrl: check.optional(check.string()),
});
export type OwnerReport = check.Infer<typeof ownerReportSchema>;

/** A stop of a route as the driver's page and the progress show it. */
const plannedStopShape = {
  id: check.string(),
  name: check.string(),
  lat: check.number(),
  lng: check.number(),
  note: check.optional(check.string()),
  /** Planned arrival (ISO 8601); for the first stop, where the day starts, when the driver leaves. */
  eta: check.optional(check.string()),
  window: check.optional(stopWindowSchema),
  serviceMinutes: check.optional(check.number()),
};

/** The day's clock: its IANA zone and the departure as written (with its UTC offset). */
const dayClockShape = {
  timeZone: check.optional(check.string()),
  departure: check.optional(check.string()),
};

/** GET /api/drive/{token}: the route to drive, each stop with what was already reported. */
export const driveRouteSchema = check.object({
  title: check.string(),
  ...dayClockShape,
  stops: check.array(
    check.object({ ...plannedStopShape, report: check.optional(stopReportSchema) }),
  ),
});
export type DriveRoute = check.Infer<typeof driveRouteSchema>;

const countsSchema = check.object({
  delivered: check.number(),
  failed: check.number(),
  skipped: check.number(),
  toDo: check.number(),
  total: check.number(),
});
export type ReportCounts = check.Infer<typeof countsSchema>;

/** GET /api/itineraries/{id}/progress. */
export const routeProgressSchema = check.object({
  itineraryId: check.string(),
  title: check.string(),
  dayGroup: check.optional(check.string()),
  ...dayClockShape,
  stops: check.array(
    check.object({
      ...plannedStopShape,
      report: check.optional(ownerReportSchema),
      /** The stop's earlier reports, newest first. */
      history: check.array(ownerReportSchema),
    }),
  ),
  counts: countsSchema,
  lastReport: check.optional(check.object({ at: check.string(), stopId: check.string() })),
  lastPosition: check.optional(check.extend(positionSchema, { at: check.string() })),
  delayMinutes: check.optional(check.number()),
  plannedFinish: check.optional(check.string()),
  predictedFinish: check.optional(check.string()),
});
export type RouteProgress = check.Infer<typeof routeProgressSchema>;

/**
 * A route's or a day's progress on a card of My Routes (GET
 * /api/itineraries?summary=true&progress=true).
 */
export const progressSummarySchema = check.extend(countsSchema, {
  delayMinutes: check.optional(check.number()),
  lastReportAt: check.optional(check.string()),
});
export type ProgressSummary = check.Infer<typeof progressSummarySchema>;

/** GET /api/day-groups/{dayGroup}/progress: every driver's route of the day. */
export const dayGroupProgressSchema = check.object({
  dayGroup: check.string(),
  routes: check.array(routeProgressSchema),
  counts: countsSchema,
});
export type DayGroupProgress = check.Infer<typeof dayGroupProgressSchema>;
