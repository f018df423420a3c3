import * as check from '@/lib/check';
import type { DayPlan } from '@domain/day-plan/day-plan.ts';

/** Where the day ends, as the /api sends it. */
export const dayEndSchema = check.union([
  check.literal('last-stop'),
  check.literal('start'),
  check.object({ name: check.string(), lat: check.number(), lng: check.number() }),
]);

/** An itinerary's working day as the /api sends it (every field optional). */
export const dayPlanSchema = check.object({
  departure: check.optional(check.string()),
  timeZone: check.optional(check.string()),
  defaultServiceMinutes: check.optional(check.number()),
  end: check.optional(dayEndSchema),
}) satisfies check.Check<DayPlan>;
