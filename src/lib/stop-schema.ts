import { z } from 'zod';
import { STOP_STATUSES, type Stop } from '@domain/stops.ts';

/** A stop as the /api sends it (spec section 3). */
export const stopSchema = z.object({
  name: z.string(),
  lat: z.number(),
  lng: z.number(),
  note: z.string().optional(),
  status: z.enum(STOP_STATUSES).optional(),
}) satisfies z.ZodType<Stop>;
