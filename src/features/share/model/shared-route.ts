import * as check from '@/lib/check';
import { stopSchema } from '@/lib/stop-schema';
import { dayPlanSchema } from '@/lib/day-plan/schema';

/** GET /api/itineraries/share/:token: only the title, the stops and the day's plan are public. */
export const sharedRouteSchema = check.object({
  title: check.string(),
  stops: check.array(stopSchema),
  day_plan: check.optional(dayPlanSchema),
});

export type SharedRoute = check.Infer<typeof sharedRouteSchema>;
