/**
 * The progress My Routes' cards show, with a page of summaries (GET
 * /itineraries?summary=true&progress=true): each route's, and each day's of a day split among
 * drivers (all its drivers, whether on the page or not). Only a route with a report has any:
 * the reports of the page's routes and days are read in one query, and only the routes with
 * reports are read whole and given their planned times (for how late they run).
 */
import type { Context } from 'hono';
import type { AppEnv } from '../context.ts';
import type { Itinerary, ItinerarySummary } from '../../_shared/itinerary-store.ts';
import { plannedTimes } from '../../_shared/route-times.ts';
import {
  dayProgressSummary,
  progressSummary,
  routeProgress,
  type ProgressSummary,
} from '../../_shared/route-progress.ts';

export interface SummaryProgress {
  /** A route's progress, null before its first report. */
  progress: ProgressSummary | null;
  /** On a route of a day group: the whole day's, null before any of its drivers reported. */
  day_progress?: ProgressSummary | null;
}

export async function summaryProgress(
  c: Context<AppEnv>,
  summaries: readonly (Itinerary | ItinerarySummary)[],
): Promise<Map<string, SummaryProgress>> {
  const groups = [...new Set(summaries.flatMap((route) => route.day_group ?? []))];
  const days = await Promise.all(
    groups.map((group) => c.var.driverReports.dayGroupItineraries(group)),
  );
  const alone = summaries.filter((route) => !route.day_group).map((route) => route.id);
  const reports = await c.var.driverReports.reports([
    ...alone,
    ...days.flat().map((route) => route.id),
  ]);
  const reported = new Set(reports.map((report) => report.itineraryId));
  const read = await Promise.all(
    alone.filter((id) => reported.has(id)).map((id) => c.var.itineraries.get(id)),
  );
  const whole = [...read.filter((route) => route !== null), ...days.flat()];
  const progress = new Map(
    await Promise.all(
      whole.map(async (route) => {
        const own = reports.filter((report) => report.itineraryId === route.id);
        // Without a report there is no lateness to tell: no planned times to ask for.
        const times =
          own.length > 0 ? await plannedTimes(c.var.router, route.day_plan, route.stops) : null;
        return [route.id, routeProgress(route, own, times)] as const;
      }),
    ),
  );
  const dayOf = new Map(
    groups.map((group, index) => {
      const routes = days[index].map((route) => progress.get(route.id)!);
      const anyReport = days[index].some((route) => reported.has(route.id));
      return [group, anyReport ? dayProgressSummary(routes) : null] as const;
    }),
  );
  return new Map(
    summaries.map((route) => {
      const own = progress.get(route.id);
      return [
        route.id,
        {
          progress: own && reported.has(route.id) ? progressSummary(own) : null,
          ...(route.day_group ? { day_progress: dayOf.get(route.day_group) ?? null } : {}),
        },
      ] as const;
    }),
  );
}
