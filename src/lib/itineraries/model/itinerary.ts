import * as z from 'zod/mini';
import type { Stop } from '@domain/stops.ts';
import type { DayPlan } from '@domain/day-plan/day-plan.ts';
import { stopSchema } from '@/lib/stop-schema';
import { dayPlanSchema } from '@/lib/day-plan/schema';
import { progressSummarySchema } from '@/lib/driver-reports/model/schemas';

/** Ids are opaque to the SPA; a numeric id from the server is kept as its text. */
const idSchema = z.pipe(z.union([z.string(), z.number()]), z.transform(String));

/**
 * What a saved route's card shows (GET /api/itineraries?summary=true): the itinerary without
 * its stops, with their number. Totals may be unknown (null).
 */
export const itinerarySummarySchema = z.object({
  id: idSchema,
  title: z.string(),
  stop_count: z.number(),
  total_distance: z.optional(z.nullable(z.number())),
  total_duration: z.optional(z.nullable(z.number())),
  created_at: z.string(),
  updated_at: z.optional(z.string()),
  /** The working day (departure, default time at stop, end rule); absent on routes without. */
  day_plan: z.optional(dayPlanSchema),
  /** The itineraries of one day split among drivers share it. */
  day_group: z.optional(z.string()),
  /** It has a share link that works; absent from an older server (unknown). */
  shared: z.optional(z.boolean()),
  /** What its driver reported (asked with progress=true): null before the first report. */
  progress: z.optional(z.nullable(progressSummarySchema)),
  /** On a route of a day split among drivers: the whole day's, null before any report. */
  day_progress: z.optional(z.nullable(progressSummarySchema)),
});
export type ItinerarySummary = z.infer<typeof itinerarySummarySchema>;

/** An itinerary as the /api returns it. */
const {
  stop_count: _count,
  shared: _shared,
  progress: _progress,
  day_progress: _dayProgress,
  ...itineraryFields
} = itinerarySummarySchema.shape;
export const itinerarySchema = z.object({
  ...itineraryFields,
  stops: z.array(stopSchema),
});

export type Itinerary = z.infer<typeof itinerarySchema>;

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
export const shareLinkSchema = z.object({
  shareUrl: z.string(),
  includeNotes: z._default(z.boolean(), false),
});
export type ShareLink = z.infer<typeof shareLinkSchema>;
