import * as z from 'zod/mini';
import { STOP_STATUSES, type Stop } from '@domain/stops.ts';
import { STOP_LOCKS } from '@domain/day-plan/day-plan.ts';

/** A stop's window as the /api sends it: "HH:MM" times of the route's day. */
export const stopWindowSchema = z.object({ start: z.string(), end: z.string() });

/** A stop as the /api sends it, with the working day's optional fields. */
export const stopSchema = z.object({
  /** The stop's identity (a UUID); the /api always sends it, drafts kept before it had none. */
  id: z.optional(z.string()),
  name: z.string(),
  lat: z.number(),
  lng: z.number(),
  note: z.optional(z.string()),
  status: z.optional(z.enum(STOP_STATUSES)),
  serviceMinutes: z.optional(z.number()),
  window: z.optional(stopWindowSchema),
  lock: z.optional(z.enum(STOP_LOCKS)),
  load: z.optional(z.number()),
}) satisfies z.ZodMiniType<Stop>;
