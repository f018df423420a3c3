import * as z from 'zod/mini';
import { stopSchema } from '@/lib/stop-schema';
import { dayPlanSchema } from '@/lib/day-plan/schema';

/** GET /api/itineraries/share/:token: only the title, the stops and the day's plan are public. */
export const sharedRouteSchema = z.object({
  title: z.string(),
  stops: z.array(stopSchema),
  day_plan: z.optional(dayPlanSchema),
});

export type SharedRoute = z.infer<typeof sharedRouteSchema>;
