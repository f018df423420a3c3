/**
 * The answers built from a route and its reports: what the driver's page shows (GET
 * /drive/{token}) and the owner's progress of a route (GET /itineraries/{id}/progress). Pure:
 * the reports, the planned times and the proofs' links come in.
 */
import type { DayPlan, StopWindow } from './domain/day-plan/day-plan.ts';
import type { Stop } from './domain/stops.ts';
import {
  delayAtLastReport,
  deliveryStops,
  reportCounts,
  type ReportCounts,
  type ReportPosition,
  type StopReport,
} from './domain/stop-reports.ts';
import type { Itinerary } from './itinerary-store.ts';
import type { DriverRoute, OwnedReport } from './driver-store.ts';
import type { PlannedTimes } from './route-times.ts';

/** The day's clock of a route: its IANA zone and its departure as written (with its offset). */
const dayClock = (plan: DayPlan | undefined) => ({
  ...(plan?.timeZone ? { timeZone: plan.timeZone } : {}),
  ...(plan?.departure ? { departure: plan.departure } : {}),
});

/** A stop's place, notes and day's fields, and its planned arrival (the start: its departure). */
function plannedStop(stop: Stop, index: number, times: PlannedTimes | null) {
  const eta = times?.arrivals[index];
  return {
    id: stop.id!,
    name: stop.name,
    lat: stop.lat,
    lng: stop.lng,
    ...(stop.note ? { note: stop.note } : {}),
    ...(eta !== undefined ? { eta: new Date(eta).toISOString() } : {}),
    ...(stop.window ? { window: stop.window satisfies StopWindow } : {}),
    ...(stop.serviceMinutes !== undefined ? { serviceMinutes: stop.serviceMinutes } : {}),
  };
}

/**
 * GET /drive/{token}: the title, the day's clock and the stops in order, each with its latest
 * report (what was already reported, when the link is opened again).
 */
export function driveAnswer(route: DriverRoute, times: PlannedTimes | null) {
  const latest = new Map(route.reports.map((report) => [report.stopId, report]));
  const plan = route.day_plan;
  return {
    title: route.title,
    // What re-ordering the stops left needs: the version to send back, and the day's rules.
    version: route.version,
    ...dayClock(plan),
    ...(plan?.defaultServiceMinutes !== undefined
      ? { defaultServiceMinutes: plan.defaultServiceMinutes }
      : {}),
    ...(plan?.end ? { end: plan.end } : {}),
    stops: route.stops.map((stop, index) => {
      const report = latest.get(stop.id!);
      return {
        ...plannedStop(stop, index, times),
        ...(stop.lock ? { lock: stop.lock } : {}),
        ...(report ? { report } : {}),
      };
    }),
  };
}

/** A report as its owner sees it: with links to its photo and signature when it has them. */
export type OwnerReport = StopReport & { photoUrl?: string; signatureUrl?: string };

/** A report of the owner's as the API answers it, links to its proofs by `linkOf`. */
export function ownerReport(
  report: OwnedReport,
  linkOf: (objectPath: string) => string | undefined = () => undefined,
): OwnerReport {
  const { itineraryId: _route, rank: _rank, photoPath, signaturePath, ...plain } = report;
  const photoUrl = photoPath && linkOf(photoPath);
  const signatureUrl = signaturePath && linkOf(signaturePath);
  return {
    ...plain,
    ...(photoUrl ? { photoUrl } : {}),
    ...(signatureUrl ? { signatureUrl } : {}),
  };
}

export interface RouteProgress {
  itineraryId: string;
  title: string;
  dayGroup?: string;
  timeZone?: string;
  departure?: string;
  stops: (ReturnType<typeof plannedStop> & { report?: OwnerReport; history: OwnerReport[] })[];
  counts: ReportCounts;
  /** The device's time of the driver's latest report, and its stop. */
  lastReport?: { at: string; stopId: string };
  /** The driver's latest reported position, and when. */
  lastPosition?: ReportPosition & { at: string };
  /** Minutes late (positive) or early (negative) at the latest report on a stop with a plan. */
  delayMinutes?: number;
  plannedFinish?: string;
  /** The planned finish moved by the delay at the latest report. */
  predictedFinish?: string;
}

const latestBy = <T>(items: readonly T[], time: (item: T) => number): T | undefined =>
  items.reduce<T | undefined>(
    (best, item) => (best === undefined || time(item) > time(best) ? item : best),
    undefined,
  );

/**
 * GET /itineraries/{id}/progress: every stop with its latest report and the earlier ones, the
 * counts, the driver's last report and position, and how late the day runs.
 */
export function routeProgress(
  itinerary: Itinerary,
  reports: readonly OwnedReport[],
  times: PlannedTimes | null,
  linkOf?: (objectPath: string) => string | undefined,
): RouteProgress {
  const byStop = new Map<string, OwnerReport[]>();
  for (const report of [...reports].sort((a, b) => a.rank - b.rank)) {
    const list = byStop.get(report.stopId) ?? [];
    list.push(ownerReport(report, linkOf));
    byStop.set(report.stopId, list);
  }
  const stops = itinerary.stops.map((stop, index) => {
    const [report, ...history] = byStop.get(stop.id!) ?? [];
    return { ...plannedStop(stop, index, times), ...(report ? { report } : {}), history };
  });
  const onRoute = stops.flatMap((stop) => [stop.report, ...stop.history]).filter((r) => !!r);
  const last = latestBy(onRoute, (report) => Date.parse(report.at));
  const positioned = latestBy(
    onRoute.filter((report) => report.position),
    (report) => Date.parse(report.at),
  );
  const planned = new Map(
    times ? itinerary.stops.map((stop, index) => [stop.id!, times.arrivals[index]]) : [],
  );
  const delay = delayAtLastReport(onRoute, planned);
  return {
    itineraryId: itinerary.id,
    title: itinerary.title,
    ...(itinerary.day_group ? { dayGroup: itinerary.day_group } : {}),
    ...dayClock(itinerary.day_plan),
    stops,
    counts: reportCounts(
      deliveryStops(stops).map((stop) => stop.id),
      new Map(stops.flatMap((stop) => (stop.report ? [[stop.id, stop.report] as const] : []))),
    ),
    ...(last ? { lastReport: { at: last.at, stopId: last.stopId } } : {}),
    ...(positioned?.position
      ? { lastPosition: { ...positioned.position, at: positioned.at } }
      : {}),
    ...(delay !== null ? { delayMinutes: delay } : {}),
    ...(times ? { plannedFinish: new Date(times.finish).toISOString() } : {}),
    ...(times && delay !== null
      ? { predictedFinish: new Date(times.finish + delay * 60_000).toISOString() }
      : {}),
  };
}

/** The counts of several routes together (a day group). */
export const totalCounts = (counts: readonly ReportCounts[]): ReportCounts =>
  counts.reduce(
    (sum, one) => ({
      delivered: sum.delivered + one.delivered,
      failed: sum.failed + one.failed,
      skipped: sum.skipped + one.skipped,
      toDo: sum.toDo + one.toDo,
      total: sum.total + one.total,
    }),
    { delivered: 0, failed: 0, skipped: 0, toDo: 0, total: 0 },
  );

/**
 * What a card of My Routes shows of a route's progress, or of a day's (GET
 * /itineraries?summary=true&progress=true): the counts, how late the driver runs at the latest
 * report when the route has times, and when that report was made.
 */
export interface ProgressSummary extends ReportCounts {
  delayMinutes?: number;
  lastReportAt?: string;
}

export const progressSummary = (route: RouteProgress): ProgressSummary => ({
  ...route.counts,
  ...(route.delayMinutes !== undefined ? { delayMinutes: route.delayMinutes } : {}),
  ...(route.lastReport ? { lastReportAt: route.lastReport.at } : {}),
});

/**
 * A day's drivers as one: the counts added up, the latest report, and the day as late as its
 * latest driver.
 */
export function dayProgressSummary(routes: readonly RouteProgress[]): ProgressSummary {
  const delays = routes.flatMap((route) =>
    route.delayMinutes !== undefined ? [route.delayMinutes] : [],
  );
  const last = latestBy(
    routes.flatMap((route) => (route.lastReport ? [route.lastReport.at] : [])),
    (at) => Date.parse(at),
  );
  return {
    ...totalCounts(routes.map((route) => route.counts)),
    ...(delays.length > 0 ? { delayMinutes: Math.max(...delays) } : {}),
    ...(last ? { lastReportAt: last } : {}),
  };
}
