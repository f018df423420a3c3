import { strToU8, zipSync } from 'fflate';
import { gpxFileName, toGpx } from '@/lib/export';
import type { ExportDocument } from './export-document';

/** The name of the account's JSON file inside the archive. */
export const ACCOUNT_JSON = 'account.json';

const day = (iso: string) => iso.slice(0, 10);

/**
 * "Download my data": one ZIP (fflate) with the export as the server sent it (account.json: the
 * account, every route with its stops, notes, statuses and share links) and a GPX 1.1 file per
 * route (routes/NN-title.gpx, in the export's order; each stop a waypoint with its note).
 */
export function exportArchive(raw: unknown, document: ExportDocument, now = new Date()) {
  const width = Math.max(2, String(document.itineraries.length).length);
  const files: Record<string, Uint8Array> = {
    [ACCOUNT_JSON]: strToU8(`${JSON.stringify(raw, null, 2)}\n`),
  };
  document.itineraries.forEach((itinerary, index) => {
    const name = `routes/${String(index + 1).padStart(width, '0')}-${gpxFileName(itinerary.title)}`;
    files[name] = strToU8(toGpx({ title: itinerary.title, stops: itinerary.stops }));
  });
  return {
    fileName: `route-planner-data-${day(document.exported_at) || day(now.toISOString())}.zip`,
    bytes: zipSync(files, { mtime: now }),
  };
}
