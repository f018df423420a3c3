import Papa from 'papaparse';
import type { BoardRow } from './board-rows';

/** The words of the day's report in the user's language (the page passes its texts). */
export interface DayReportTexts {
  headers: {
    driver: string;
    number: string;
    stop: string;
    planned: string;
    actual: string;
    status: string;
    reason: string;
    note: string;
    latitude: string;
    longitude: string;
    accuracy: string;
    distance: string;
    far: string;
    proofs: string;
    tracking: string;
  };
  status: (status: BoardRow['status']) => string;
  reason: (reason: string) => string;
  yes: string;
}

/**
 * "2026-03-02 08:05" in `timeZone`: a time a spreadsheet sorts and reads as a date whatever its
 * language (the column headers name the zone).
 */
export function spreadsheetTime(instant: number, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(instant));
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((entry) => entry.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}`;
}

/**
 * The day's report: one row per stop (driver, planned and actual time, status, reason, note,
 * position, distance from the stop, the link to its proofs on the board, which opens for the
 * route's owner only, and the customer's tracking link when it has one), quoted by papaparse, with a byte-order mark so spreadsheets read UTF-8.
 */
export function dayReportCsv(
  rows: readonly BoardRow[],
  texts: DayReportTexts,
  timeZone: string,
  proofLink: (row: BoardRow) => string,
  trackingLink: (row: BoardRow) => string = () => '',
): string {
  const h = texts.headers;
  const when = (instant: number | null) =>
    instant === null ? '' : spreadsheetTime(instant, timeZone);
  const csv = Papa.unparse(
    {
      fields: [
        h.driver,
        h.number,
        h.stop,
        h.planned,
        h.actual,
        h.status,
        h.reason,
        h.note,
        h.latitude,
        h.longitude,
        h.accuracy,
        h.distance,
        h.far,
        h.proofs,
        h.tracking,
      ],
      data: rows.map((row) => [
        row.driver,
        row.number,
        row.name,
        when(row.planned),
        when(row.reportedAt),
        texts.status(row.status),
        row.reason ? texts.reason(row.reason) : '',
        row.note ?? '',
        row.position?.lat ?? '',
        row.position?.lng ?? '',
        row.position?.accuracy ?? '',
        row.distance ?? '',
        row.far ? texts.yes : '',
        row.photo || row.signature ? proofLink(row) : '',
        trackingLink(row),
      ]),
    },
    // A driver's note that starts with = + - @ is text, never a spreadsheet formula.
    { escapeFormulae: true },
  );
  return `\uFEFF${csv}\r\n`;
}
