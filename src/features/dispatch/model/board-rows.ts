import { isRouteStart, type ReportPosition, type ReportStatus } from '@domain/stop-reports.ts';
import type { RouteProgress } from '@/lib/driver-reports';

type ProgressStop = RouteProgress['stops'][number];

/** One stop of the board (and one row of the day's report): its plan and its latest report. */
export interface BoardRow {
  routeId: string;
  driver: string;
  stopId: string;
  /** The stop's place in its route, from 1. */
  number: number;
  name: string;
  lat: number;
  lng: number;
  planned: number | null;
  /** The latest report's; else the route's start (stop 1, no delivery) or still to do. */
  status: ReportStatus | 'todo' | 'start';
  reportedAt: number | null;
  reason?: string;
  note?: string;
  position?: ReportPosition;
  /** Metres from the stop to where the report was made (the server's figure). */
  distance: number | null;
  /** Reported further from the stop than the server allows a report to be (200 m). */
  far: boolean;
  photo?: string;
  signature?: string;
}

const time = (iso: string | undefined): number | null => {
  const value = iso ? Date.parse(iso) : Number.NaN;
  return Number.isNaN(value) ? null : value;
};

function rowOf(route: RouteProgress, stop: ProgressStop, index: number): BoardRow {
  const report = stop.report;
  const distance = report?.distanceMeters;
  return {
    routeId: route.itineraryId,
    driver: route.title,
    stopId: stop.id,
    number: index + 1,
    name: stop.name,
    lat: stop.lat,
    lng: stop.lng,
    planned: time(stop.eta),
    status: report?.status ?? (isRouteStart(index) ? 'start' : 'todo'),
    reportedAt: time(report?.at),
    ...(report?.reason ? { reason: report.reason } : {}),
    ...(report?.note ? { note: report.note } : {}),
    ...(report?.position ? { position: report.position } : {}),
    distance: distance === undefined ? null : Math.round(distance),
    far: report?.farFromStop ?? false,
    ...(report?.photoUrl ? { photo: report.photoUrl } : {}),
    ...(report?.signatureUrl ? { signature: report.signatureUrl } : {}),
  };
}

/** Every stop of every route of the board, driver by driver, each in its route's order. */
export const boardRows = (routes: readonly RouteProgress[]): BoardRow[] =>
  routes.flatMap((route) => route.stops.map((stop, index) => rowOf(route, stop, index)));
