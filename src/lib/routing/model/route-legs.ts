import * as z from 'zod/mini';
import type { RouteLeg, RouteTotals } from '@domain/geo.ts';

const legSchema = z.object({
  distance: z.number(),
  duration: z.number(),
  coordinates: z.array(z.tuple([z.number(), z.number()])),
  estimated: z.boolean(),
}) satisfies z.ZodMiniType<RouteLeg>;

/** POST /api/routes/legs: one leg per consecutive pair of stops, plus the totals. */
export const routeLegsSchema = z.object({
  totalDistance: z.number(),
  totalDuration: z.number(),
  legs: z.array(legSchema),
});

export type RouteLegs = RouteTotals & { legs: RouteLeg[] };
