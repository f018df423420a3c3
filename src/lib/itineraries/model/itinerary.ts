import * as check from '@/lib/check';
import type { Stop } from '@domain/stops.ts';
import type { DayPlan } from '@domain/day-plan/day-plan.ts';
import { stopSchema } from '@/lib/stop-schema';
import { dayPlanSchema } from '@/lib/day-plan/schema';
import { progressSummarySchema } from '@/lib/driver-reports/model/schemas';

/** Ids are opaque to the SPA; a numeric id from the server is kept as its text. */
const idSchema = check.map(check.union([check.string(), check.number()]), String);

/**
 * What a saved route's card shows (GET /api/itineraries?summary=true): the itinerary without
 * its stops, with their number. Totals may be unknown (null).
 */
export const itinerarySummarySchema = check.object({
  id: idSchema,
  title: check.string(),
  stop_count: check.number(),
  total_distance: check.optional(check.nullable(check.number())),
  total_duration: check.optional(check.nullable(check.number())),
  created_at: check.string(),
  updated_at: check.optional(check.string()),
  /** The working day (departure, default time at stop, end rule); absent on routes without. */
  day_plan: check.optional(dayPlanSchema),
  /** The itineraries of one day split among drivers share it. */
  day_group: check.optional(check.string()),
  /** It has a share link that works; absent from an older server (unknown). */
  shared: check.optional(check.boolean()),
  /** What its driver reported (asked with progress=true): null before the first report. */
  progress: check.optional(check.nullable(progressSummarySchema)),
  /** On a route of a day split among drivers: the whole day's, null before any report. */
  day_progress: check.optional(check.nullable(progressSummarySchema)),
});
export type ItinerarySummary = check.Infer<typeof itinerarySummarySchema>;

/** An itinerary as the /api returns it. */
const {
  stop_count: _count,
  shared: _shared,
  progress: _progress,
  day_progress: _dayProgress,
  ...itineraryFields
} = itinerarySummarySchema.shape;
export const itinerarySchema = check.object({
  ...itineraryFields,
  stops: check.array(stopSchema),
});

export type Itinerary = check.Infer<typeof itinerarySchema>;

/** The body of POST /itineraries and PUT /itineraries/:id. */
export interface ItineraryInput {
  title: string;
  stops: Stop[];
  /** A value sets the plan, null removes it, absent leaves a saved route's plan as it is. */
  day_plan?: DayPlan | null;
  /** Likewise for the day the route belongs to (a day split among drivers). */
  day_group?: string | null;
}

/**
 * A share link: its URL and whether it shows the stops' notes for the driver (an older server
 * that does not say shows none, as today's default).
 */
export const shareLinkSchema = check.object({
  shareUrl: check.string(),
  includeNotes: check.withDefault(check.boolean(), false),
});
export type ShareLink = check.Infer<typeof shareLinkSchema>;
