/**
 * What a customer's tracking link shows about their stop, and how its arrival window is
 * computed (docs/features.md, "Tracking links"): the rules the `api` function applies to the
 * facts its token function gives, and the SPA's tracking page reads. Pure: the clock comes in.
 */
import type { FailureReason, ReportStatus } from './stop-reports.ts';

export const TRACKING_STATES = ['planned', 'on-the-way', 'delivered', 'failed'] as const;
export type TrackingState = (typeof TRACKING_STATES)[number];

/** Longest contact line an owner may give for their customers (a phone number, an address). */
export const TRACKING_CONTACT_MAX_CHARS = 200;

/** The window's margin on each side: this much for the next stop… */
export const WINDOW_MARGIN_BASE_MINUTES = 10;
/** …and this much more for each stop still to do before it… */
export const WINDOW_MARGIN_PER_STOP_MINUTES = 5;
/** …up to this much. */
export const WINDOW_MARGIN_MAX_MINUTES = 60;
/** A window's ends are whole multiples of this (10:25, not 10:27). */
export const WINDOW_STEP_MINUTES = 5;

const MINUTE_MS = 60_000;

/** What the token function knows about the stop behind a tracking link (times: epoch ms). */
export interface TrackingFacts {
  /** The stop's name, as the owner wrote it. */
  name: string;
  /** The stop's latest report, when it has one. */
  report?: { status: ReportStatus; at: number; reason?: FailureReason };
  /** When the day's plan has the driver arriving at the stop (none: the route has no times). */
  plannedArrival?: number;
  /** When the stop's time window opens, when it has one (the driver waits until then). */
  windowOpens?: number;
  /** The stops before it, in the route's order, still to do (the start not counted). */
  stopsBefore: number;
  /** Whether the driver has reported on any stop of the route yet. */
  started: boolean;
  /** How late (positive) or early the driver was at their latest report, in ms; 0: no report. */
  delayMs: number;
  /** The owner's contact line, given only for a delivery that failed. */
  contact?: string;
  /** The stored photo of the delivery, given only when the owner shows it to the customer. */
  photoPath?: string;
}

/** GET /api/track/{token}: only these fields, each only in the states that say it. */
export interface TrackingAnswer {
  name: string;
  state: TrackingState;
  /** on-the-way: the stops still to do before this one. */
  stopsBefore?: number;
  /** planned, on-the-way: the window the driver is expected in (ISO 8601). */
  from?: string;
  to?: string;
  /** delivered, failed: when the driver reported it (ISO 8601). */
  at?: string;
  /** failed: why. */
  reason?: FailureReason;
  /** failed: how to reach the owner, when they gave it. */
  contact?: string;
  /** delivered: a short-lived link to the delivery's photo, when the owner shows it. */
  photoUrl?: string;
}

/** The margin on each side of the expected arrival, in minutes, with `stopsBefore` to do first. */
export const windowMarginMinutes = (stopsBefore: number): number =>
  Math.min(
    WINDOW_MARGIN_BASE_MINUTES + WINDOW_MARGIN_PER_STOP_MINUTES * Math.max(0, stopsBefore),
    WINDOW_MARGIN_MAX_MINUTES,
  );

const STEP_MS = WINDOW_STEP_MINUTES * MINUTE_MS;
const floorToStep = (ms: number) => Math.floor(ms / STEP_MS) * STEP_MS;
const ceilToStep = (ms: number) => Math.ceil(ms / STEP_MS) * STEP_MS;

/**
 * The window a customer is told: the plan's arrival shifted by the driver's delay (never before
 * the stop's window opens, nor before now: the driver is not there yet), widened on each side by
 * the margin for the stops before it, never starting before now, and rounded outwards to whole
 * steps.
 */
export function arrivalWindow(input: {
  plannedArrival: number;
  windowOpens?: number;
  delayMs: number;
  stopsBefore: number;
  now: number;
}): { from: number; to: number } {
  const expected = Math.max(
    input.plannedArrival + input.delayMs,
    input.windowOpens ?? -Infinity,
    input.now,
  );
  const margin = windowMarginMinutes(input.stopsBefore) * MINUTE_MS;
  return {
    from: floorToStep(Math.max(expected - margin, input.now)),
    to: ceilToStep(expected + margin),
  };
}

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The answer for the stop: delivered or failed by its latest report; otherwise (no report, or
 * skipped: the driver may still come) on the way once the driver has reported a first stop, and
 * planned before. The window only when the route has times; the photo's link (`photoUrl`) only
 * with a delivery.
 */
export function trackingAnswer(
  facts: TrackingFacts,
  now: number,
  photoUrl?: string | null,
): TrackingAnswer {
  const { name, report } = facts;
  if (report?.status === 'delivered')
    return { name, state: 'delivered', at: iso(report.at), ...(photoUrl ? { photoUrl } : {}) };
  if (report?.status === 'failed')
    return {
      name,
      state: 'failed',
      at: iso(report.at),
      ...(report.reason ? { reason: report.reason } : {}),
      ...(facts.contact ? { contact: facts.contact } : {}),
    };
  const window =
    facts.plannedArrival === undefined
      ? null
      : arrivalWindow({
          plannedArrival: facts.plannedArrival,
          windowOpens: facts.windowOpens,
          // Before the driver starts, the plan as it is.
          delayMs: facts.started ? facts.delayMs : 0,
          stopsBefore: facts.stopsBefore,
          now,
        });
  const times = window ? { from: iso(window.from), to: iso(window.to) } : {};
  return facts.started
    ? { name, state: 'on-the-way', stopsBefore: facts.stopsBefore, ...times }
    : { name, state: 'planned', ...times };
}
