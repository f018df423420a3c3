import type { ReportToSend } from '@/lib/driver-reports';
import type { ProofKind, QueuedReport } from './report-outbox';

/**
 * What a phone keeps when its driver link is replaced or revoked with reports not on the server
 * yet: they can no longer be sent through it, so they stay on the phone, listed on the page and
 * downloadable (with their photos and signatures), until the driver removes them
 * (docs/features.md, the driver's page).
 */

/** Entries with a part the server does not have: waiting, refused, or sent in part. */
export const unsentEntries = (queue: readonly QueuedReport[]): QueuedReport[] =>
  queue.filter((entry) => !entry.done);

/** The queue once the link is gone: the unsent entries only (the sent ones are on the server). */
export const keptWhenLinkGone = unsentEntries;

/** One unsent report as the downloaded file has it. */
export interface UnsentReportRecord extends ReportToSend {
  /** The stop's name as the phone's copy of the route had it (null without a copy). */
  stopName: string | null;
  /** The image as a data URL (`data:image/jpeg;base64,...`), when the report has one. */
  photo?: string;
  signature?: string;
}

export interface UnsentReportsFile {
  route: string | null;
  reports: UnsentReportRecord[];
}

/**
 * The downloaded file: each unsent report with its stop's name and its images, encoded by
 * `encode` (I/O: the page reads the blobs).
 */
export async function unsentReportsFile(
  entries: readonly QueuedReport[],
  copy: { title: string; stops: readonly { id: string; name: string }[] } | null,
  encode: (image: Blob) => Promise<string>,
): Promise<UnsentReportsFile> {
  const names = new Map(copy?.stops.map((stop) => [stop.id, stop.name]));
  const reports = await Promise.all(
    entries.map(async (entry) => {
      const images: Partial<Record<ProofKind, string>> = {};
      for (const kind of ['photo', 'signature'] as const) {
        const image = entry[kind];
        if (image) images[kind] = await encode(image);
      }
      return { ...entry.report, stopName: names.get(entry.report.stopId) ?? null, ...images };
    }),
  );
  return { route: copy?.title ?? null, reports };
}

/** The file's name: the day it was saved, so two downloads sort. */
export const unsentReportsFileName = (now: Date) =>
  `unsent-reports-${now.toISOString().slice(0, 10)}.json`;
