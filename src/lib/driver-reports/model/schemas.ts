/**
 * What the /api answers about driver links and stop reports, checked before use (the contract:
 * docs/api.md). Reports and the rules behind them are @domain/stop-reports.ts.
 */
import * as z from 'zod/mini';
import { FAILURE_REASONS, REPORT_STATUSES, type StopReport } from '@domain/stop-reports.ts';
import { STOP_LOCKS } from '@domain/day-plan/day-plan.ts';
import { dayEndSchema } from '@/lib/day-plan/schema';
import { stopWindowSchema } from '@/lib/stop-schema';

/** POST and GET /api/itineraries/{id}/driver-link. */
export const driverLinkSchema = z.object({ driverUrl: z.string() });
export type DriverLink = z.infer<typeof driverLinkSchema>;

const positionSchema = z.object({
  lat: z.number(),
  lng: z.number(),
  accuracy: z.number(),
});

/** A report as the /api answers it. */
export const stopReportSchema = z.object({
  id: z.string(),
  stopId: z.string(),
  status: z.enum(REPORT_STATUSES),
  reason: z.optional(z.enum(FAILURE_REASONS)),
  note: z.optional(z.string()),
  at: z.string(),
  receivedAt: z.string(),
  position: z.optional(positionSchema),
  distanceMeters: z.optional(z.number()),
  farFromStop: z.boolean(),
  hasPhoto: z.optional(z.boolean()),
  hasSignature: z.optional(z.boolean()),
}) satisfies z.ZodMiniType<StopReport>;

/** A report as its owner sees it: with short-lived links to its photo and signature. */
export const ownerReportSchema = z.extend(stopReportSchema, {
  photoUrl: z.optional(z.string()),
  signatureUrl: z.optional(z.string()),
});
export type OwnerReport = z.infer<typeof ownerReportSchema>;

/** A stop of a route as the driver's page and the progress show it. */
const plannedStopShape = {
  id: z.string(),
  name: z.string(),
  lat: z.number(),
  lng: z.number(),
  note: z.optional(z.string()),
  /** Planned arrival (ISO 8601); for the first stop, where the day starts, when the driver leaves. */
  eta: z.optional(z.string()),
  window: z.optional(stopWindowSchema),
  serviceMinutes: z.optional(z.number()),
};

/** The day's clock: its IANA zone and the departure as written (with its UTC offset). */
const dayClockShape = {
  timeZone: z.optional(z.string()),
  departure: z.optional(z.string()),
};

/** GET /api/drive/{token}: the route to drive, each stop with what was already reported. */
export const driveRouteSchema = z.object({
  title: z.string(),
  /** The route's version, sent back with a new order (a copy kept by an older page has none). */
  version: z.optional(z.string()),
  ...dayClockShape,
  defaultServiceMinutes: z.optional(z.number()),
  end: z.optional(dayEndSchema),
  stops: z.array(
    z.object({
      ...plannedStopShape,
      lock: z.optional(z.enum(STOP_LOCKS)),
      report: z.optional(stopReportSchema),
    }),
  ),
});
export type DriveRoute = z.infer<typeof driveRouteSchema>;

const countsSchema = z.object({
  delivered: z.number(),
  failed: z.number(),
  skipped: z.number(),
  toDo: z.number(),
  total: z.number(),
});
export type ReportCounts = z.infer<typeof countsSchema>;

/** GET /api/itineraries/{id}/progress. */
export const routeProgressSchema = z.object({
  itineraryId: z.string(),
  title: z.string(),
  dayGroup: z.optional(z.string()),
  ...dayClockShape,
  stops: z.array(
    z.object({
      ...plannedStopShape,
      report: z.optional(ownerReportSchema),
      /** The stop's earlier reports, newest first. */
      history: z.array(ownerReportSchema),
    }),
  ),
  counts: countsSchema,
  lastReport: z.optional(z.object({ at: z.string(), stopId: z.string() })),
  lastPosition: z.optional(z.extend(positionSchema, { at: z.string() })),
  delayMinutes: z.optional(z.number()),
  plannedFinish: z.optional(z.string()),
  predictedFinish: z.optional(z.string()),
});
export type RouteProgress = z.infer<typeof routeProgressSchema>;

/**
 * A route's or a day's progress on a card of My Routes (GET
 * /api/itineraries?summary=true&progress=true).
 */
export const progressSummarySchema = z.extend(countsSchema, {
  delayMinutes: z.optional(z.number()),
  lastReportAt: z.optional(z.string()),
});
export type ProgressSummary = z.infer<typeof progressSummarySchema>;

/** GET /api/day-groups/{dayGroup}/progress: every driver's route of the day. */
export const dayGroupProgressSchema = z.object({
  dayGroup: z.string(),
  routes: z.array(routeProgressSchema),
  counts: countsSchema,
});
export type DayGroupProgress = z.infer<typeof dayGroupProgressSchema>;
