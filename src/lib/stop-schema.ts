import { z } from 'zod';
import type { Stop } from '@domain/stops.ts';

/** A stop as the /api sends it (spec section 3). */
export const stopSchema = z.object({
  name: z.string(),
  lat: z.number(),
  lng: z.number(),
}) satisfies z.ZodType<Stop>;
