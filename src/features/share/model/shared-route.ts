import { z } from 'zod';
import { stopSchema } from '@/lib/stop-schema';

/** GET /api/itineraries/share/:token: only the title and the stops are public. */
export const sharedRouteSchema = z.object({
  title: z.string(),
  stops: z.array(stopSchema),
});

export type SharedRoute = z.infer<typeof sharedRouteSchema>;
