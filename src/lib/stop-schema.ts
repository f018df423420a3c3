import { z } from 'zod/mini';
import { STOP_STATUSES, type Stop } from '@domain/stops.ts';
import { STOP_LOCKS } from '@domain/day-plan/day-plan.ts';

/** A stop's window as the /api sends it: "HH:MM" times of the route's day. */
export const stopWindowSchema = z.object({ start: z.string(), end: z.string() });

/** A stop as the /api sends it (spec section 3), with the working day's optional fields. */
export const stopSchema = z.object({
  name: z.string(),
  lat: z.number(),
  lng: z.number(),
  note: z.optional(z.string()),
  status: z.optional(z.enum(STOP_STATUSES)),
  serviceMinutes: z.optional(z.number()),
  window: z.optional(stopWindowSchema),
  lock: z.optional(z.enum(STOP_LOCKS)),
}) satisfies z.ZodMiniType<Stop>;
