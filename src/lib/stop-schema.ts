import { z } from 'zod';
import { STOP_STATUSES, type Stop } from '@domain/stops.ts';
import { STOP_LOCKS } from '@domain/day-plan/day-plan.ts';

/** A stop's window as the /api sends it: "HH:MM" times of the route's day. */
export const stopWindowSchema = z.object({ start: z.string(), end: z.string() });

/** A stop as the /api sends it (spec section 3), with the working day's optional fields. */
export const stopSchema = z.object({
  name: z.string(),
  lat: z.number(),
  lng: z.number(),
  note: z.string().optional(),
  status: z.enum(STOP_STATUSES).optional(),
  serviceMinutes: z.number().optional(),
  window: stopWindowSchema.optional(),
  lock: z.enum(STOP_LOCKS).optional(),
}) satisfies z.ZodType<Stop>;
