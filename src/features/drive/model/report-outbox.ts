import type { StopReport } from '@domain/stop-reports.ts';
import type { ReportToSend } from '@/lib/driver-reports';

/**
 * Reports made on the driver's phone wait here until the server has them, in the order they
 * were made: the report itself, then its photo, then its signature. Each part is marked sent
 * when the server has answered 2xx. Sending a part again is harmless (the report id is chosen
 * on the device, so a second POST answers the first report; a proof PUT replaces the same
 * file), so a part whose answer was lost is simply sent again. A sent entry stays, without its
 * images, until the route read from the server shows that report (or a newer one): the page
 * never shows a stop as not reported in between. Pure: the I/O lives in report-sender.ts.
 */
export interface QueuedReport {
  report: ReportToSend;
  photo?: Blob;
  signature?: Blob;
  posted: boolean;
  photoSent: boolean;
  signatureSent: boolean;
  /** The server refused a part for good (bad input): kept and shown, never sent again. */
  refused?: Refusal;
  /** Every part is on the server. */
  done?: boolean;
}

export type ProofKind = 'photo' | 'signature';

/** Why the server refused a part for good, in words of the page's language (drive.refusal.*). */
export const REFUSALS = [
  'content',
  'id-reused',
  'proof-taken',
  'too-large',
  'image-type',
  'no-stop',
  'other',
] as const;
export type Refusal = (typeof REFUSALS)[number];

/** The refusal of a 4xx answer to one part of a report, by its status (and code). */
export function refusalOf(status: number, part: 'report' | ProofKind, code?: string): Refusal {
  if (status === 404 && code === 'no-stop') return 'no-stop';
  if (status === 400 || status === 422) return 'content';
  if (status === 409) return part === 'report' ? 'id-reused' : 'proof-taken';
  if (status === 413) return 'too-large';
  if (status === 415) return 'image-type';
  return 'other';
}

/** A refusal as stored on the device; anything else (an older page's words) reads as other. */
export const shownRefusal = (stored: string): Refusal =>
  REFUSALS.find((refusal) => refusal === stored) ?? 'other';

export function queuedReport(
  report: ReportToSend,
  proofs: { photo?: Blob | null; signature?: Blob | null } = {},
): QueuedReport {
  return {
    report,
    ...(proofs.photo ? { photo: proofs.photo } : {}),
    ...(proofs.signature ? { signature: proofs.signature } : {}),
    posted: false,
    photoSent: !proofs.photo,
    signatureSent: !proofs.signature,
  };
}

/** Not all on the server yet, and not refused: what the page says is waiting to send. */
export const isWaiting = (entry: QueuedReport): boolean => !entry.done && !entry.refused;

/** The first entry still to send (refused entries wait for the driver, not for the network). */
export const nextToSend = (queue: readonly QueuedReport[]): QueuedReport | undefined =>
  queue.find(isWaiting);

/** What is left to send of an entry, in order. */
export function nextPart(entry: QueuedReport): 'report' | ProofKind | null {
  if (!entry.posted) return 'report';
  if (!entry.photoSent) return 'photo';
  if (!entry.signatureSent) return 'signature';
  return null;
}

/** The queue with one part of one entry sent; a finished entry keeps its report only. */
export function markSent(
  queue: readonly QueuedReport[],
  id: string,
  part: 'report' | ProofKind,
): QueuedReport[] {
  return queue.map((entry) => {
    if (entry.report.id !== id) return entry;
    const next: QueuedReport =
      part === 'report'
        ? { ...entry, posted: true }
        : part === 'photo'
          ? { ...entry, photoSent: true }
          : { ...entry, signatureSent: true };
    if (nextPart(next) !== null) return next;
    return { report: next.report, posted: true, photoSent: true, signatureSent: true, done: true };
  });
}

const instant = (iso: string) => Date.parse(iso) || 0;

/**
 * The queue without the sent entries the server's route already reflects: its report for that
 * stop is this one, or newer.
 */
export function withoutConfirmed(
  queue: readonly QueuedReport[],
  stops: readonly { id: string; report?: StopReport }[],
): QueuedReport[] {
  const onServer = new Map(stops.map((stop) => [stop.id, stop.report]));
  return queue.filter((entry) => {
    if (!entry.done) return true;
    const server = onServer.get(entry.report.stopId);
    if (!server) return true;
    return server.id !== entry.report.id && instant(server.at) < instant(entry.report.at);
  });
}

export const markRefused = (
  queue: readonly QueuedReport[],
  id: string,
  reason: Refusal,
): QueuedReport[] =>
  queue.map((entry) => (entry.report.id === id ? { ...entry, refused: reason } : entry));

export const withoutEntry = (queue: readonly QueuedReport[], id: string): QueuedReport[] =>
  queue.filter((entry) => entry.report.id !== id);

/** A stop's report as the driver's page shows it: the server's, or a newer one on the device. */
export interface ShownReport {
  report: Pick<StopReport, 'id' | 'status' | 'reason' | 'note' | 'at'>;
  /** Made on this device and not all on the server yet. */
  waiting: boolean;
  refused?: Refusal;
}

/**
 * The latest report of each stop: one still queued on the device is newer than the server's
 * (a correction: the latest wins), otherwise the server's.
 */
export function shownReports(
  stops: readonly { id: string; report?: StopReport }[],
  queue: readonly QueuedReport[],
): Map<string, ShownReport> {
  const shown = new Map<string, ShownReport>();
  for (const stop of stops)
    if (stop.report) shown.set(stop.id, { report: stop.report, waiting: false });
  for (const entry of queue) {
    shown.set(entry.report.stopId, {
      report: entry.report,
      waiting: true,
      ...(entry.refused ? { refused: shownRefusal(entry.refused) } : {}),
    });
  }
  return shown;
}
