import * as z from 'zod/mini';
import type { DayPlan } from '@domain/day-plan/day-plan.ts';

/** Where the day ends, as the /api sends it. */
export const dayEndSchema = z.union([
  z.literal('last-stop'),
  z.literal('start'),
  z.object({ name: z.string(), lat: z.number(), lng: z.number() }),
]);

/** An itinerary's working day as the /api sends it (every field optional). */
export const dayPlanSchema = z.object({
  departure: z.optional(z.string()),
  timeZone: z.optional(z.string()),
  defaultServiceMinutes: z.optional(z.number()),
  end: z.optional(dayEndSchema),
}) satisfies z.ZodMiniType<DayPlan>;
