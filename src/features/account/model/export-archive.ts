import { gpxFileName, toGpx, zipStore, type ZipEntry } from '@/lib/export';
import type { ExportDocument } from './export-document';

/** The name of the account's JSON file inside the archive. */
export const ACCOUNT_JSON = 'account.json';

const day = (iso: string) => iso.slice(0, 10);

/**
 * "Download my data": one ZIP with the export as the server sent it (account.json: the account,
 * every route with its stops, notes, statuses and share links) and a GPX 1.1 file per route
 * (routes/NN-title.gpx, in the export's order; each stop a waypoint with its note).
 */
export function exportArchiveEntries(raw: unknown, document: ExportDocument): ZipEntry[] {
  const width = Math.max(2, String(document.itineraries.length).length);
  return [
    { name: ACCOUNT_JSON, data: `${JSON.stringify(raw, null, 2)}\n` },
    ...document.itineraries.map((itinerary, index) => ({
      name: `routes/${String(index + 1).padStart(width, '0')}-${gpxFileName(itinerary.title)}`,
      data: toGpx({ title: itinerary.title, stops: itinerary.stops }),
    })),
  ];
}

export function exportArchive(raw: unknown, document: ExportDocument, now = new Date()) {
  return {
    fileName: `route-planner-data-${day(document.exported_at) || day(now.toISOString())}.zip`,
    bytes: zipStore(exportArchiveEntries(raw, document), now),
  };
}
