import * as check from '@/lib/check';
import type { RouteLeg, RouteTotals } from '@domain/geo.ts';

const legSchema = check.object({
  distance: check.number(),
  duration: check.number(),
  coordinates: check.array(check.tuple(check.number(), check.number())),
  estimated: check.boolean(),
}) satisfies check.Check<RouteLeg>;

/** POST /api/routes/legs: one leg per consecutive pair of stops, plus the totals. */
export const routeLegsSchema = check.object({
  totalDistance: check.number(),
  totalDuration: check.number(),
  legs: check.array(legSchema),
});

export type RouteLegs = RouteTotals & { legs: RouteLeg[] };
