import * as check from '@/lib/check';
import { STOP_STATUSES, type Stop } from '@domain/stops.ts';
import { STOP_LOCKS } from '@domain/day-plan/day-plan.ts';

/** A stop's window as the /api sends it: "HH:MM" times of the route's day. */
export const stopWindowSchema = check.object({ start: check.string(), end: check.string() });

/** A stop as the /api sends it, with the working day's optional fields. */
export const stopSchema = check.object({
  /** The stop's identity (a UUID); the /api always sends it, drafts kept before it had none. */
  id: check.optional(check.string()),
  name: check.string(),
  lat: check.number(),
  lng: check.number(),
  note: check.optional(check.string()),
  status: check.optional(check.oneOf(STOP_STATUSES)),
  serviceMinutes: check.optional(check.number()),
  window: check.optional(stopWindowSchema),
  lock: check.optional(check.oneOf(STOP_LOCKS)),
  load: check.optional(check.number()),
}) satisfies check.Check<Stop>;
