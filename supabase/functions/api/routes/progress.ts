/**
 * The owner's view of what the drivers reported: GET /itineraries/{id}/progress for one route,
 * GET /day-groups/{dayGroup}/progress for every route of a day split among drivers. Read as the
 * caller (row-level security: another owner's route is a 404, its reports are never read).
 */
import { Hono } from 'hono';
import type { Context } from 'hono';
import type { AppEnv } from '../context.ts';
import { ApiError } from '../../_shared/http.ts';
import type { Itinerary } from '../../_shared/itinerary-store.ts';
import { plannedTimes } from '../../_shared/route-times.ts';
import { routeProgress, totalCounts } from '../../_shared/route-progress.ts';
import { itineraryIdSchema } from '../../_shared/validation.ts';
import { requireUser } from '../middleware.ts';
import { itineraryId } from './itineraries.ts';
import { proofLinks } from '../proofs.ts';

/** Each route's progress, its reports read in one query and its planned times side by side. */
async function progressOf(c: Context<AppEnv>, itineraries: readonly Itinerary[]) {
  const [reports, times] = await Promise.all([
    c.var.driverReports.reports(itineraries.map((itinerary) => itinerary.id)),
    Promise.all(
      itineraries.map((itinerary) =>
        plannedTimes(c.var.router, itinerary.day_plan, itinerary.stops),
      ),
    ),
  ]);
  const linkOf = await proofLinks(c, reports);
  return itineraries.map((itinerary, index) =>
    routeProgress(
      itinerary,
      reports.filter((report) => report.itineraryId === itinerary.id),
      times[index],
      linkOf,
    ),
  );
}

const noStore = { 'Cache-Control': 'no-store' };

export const progressRoutes = new Hono<AppEnv>().get('/:id/progress', requireUser, async (c) => {
  const itinerary = await c.var.itineraries.get(itineraryId(c));
  if (!itinerary) throw new ApiError(404, 'Itinerary not found');
  const [progress] = await progressOf(c, [itinerary]);
  return c.json(progress, 200, noStore);
});

const GROUP_NOT_FOUND = 'Day group not found';

export const dayGroupRoutes = new Hono<AppEnv>().get(
  '/:dayGroup/progress',
  requireUser,
  async (c) => {
    const dayGroup = c.req.param('dayGroup');
    if (!itineraryIdSchema.safeParse(dayGroup).success) throw new ApiError(404, GROUP_NOT_FOUND);
    const itineraries = await c.var.driverReports.dayGroupItineraries(dayGroup.toLowerCase());
    if (itineraries.length === 0) throw new ApiError(404, GROUP_NOT_FOUND);
    const routes = await progressOf(c, itineraries);
    return c.json(
      { dayGroup, routes, counts: totalCounts(routes.map((route) => route.counts)) },
      200,
      noStore,
    );
  },
);
