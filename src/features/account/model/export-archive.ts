import { strToU8, zipSync } from 'fflate';
import { gpxFileName, toGpx } from '@/lib/export';
import type { ExportDocument } from './export-document';

/** The name of the account's JSON file inside the archive. */
export const ACCOUNT_JSON = 'account.json';

const day = (iso: string) => iso.slice(0, 10);

/** Each route's number in the archive: 01, 02… (wider when there are more). */
const numbering = (document: ExportDocument) => {
  const width = Math.max(2, String(document.itineraries.length).length);
  return (index: number) => String(index + 1).padStart(width, '0');
};

/** A proof to put in the archive: where it goes, and its link in the export. */
export interface ProofDownload {
  name: string;
  url: string;
}

/** A proof fetched for the archive. */
export interface ProofFile {
  name: string;
  data: Uint8Array;
}

/**
 * The drivers' photos and signatures of every route, as files of the archive:
 * proofs/NN-title/<report id>-photo.jpg (or -signature, .png as the link says).
 */
export function proofDownloads(document: ExportDocument): ProofDownload[] {
  const number = numbering(document);
  return document.itineraries.flatMap((itinerary, index) => {
    const folder = `proofs/${number(index)}-${gpxFileName(itinerary.title).replace(/\.gpx$/, '')}`;
    return itinerary.stop_reports.flatMap((report) =>
      (
        [
          ['photo', report.photoUrl],
          ['signature', report.signatureUrl],
        ] as const
      ).flatMap(([kind, url]) => {
        if (!url) return [];
        const extension = /\.png$/i.test(new URL(url, 'http://x').pathname) ? 'png' : 'jpg';
        return [{ name: `${folder}/${report.id}-${kind}.${extension}`, url }];
      }),
    );
  });
}

/**
 * "Download my data": one ZIP (fflate) with the export as the server sent it (account.json: the
 * account, every route with its stops, notes, statuses, share links, driver links and reports), a
 * GPX 1.1 file per route (routes/NN-title.gpx, in the export's order; each stop a waypoint with its
 * note) and the drivers' photos and signatures (`proofs`, fetched beforehand: proofDownloads).
 */
export function exportArchive(
  raw: unknown,
  document: ExportDocument,
  proofs: readonly ProofFile[] = [],
  now = new Date(),
) {
  const number = numbering(document);
  const files: Record<string, Uint8Array> = {
    [ACCOUNT_JSON]: strToU8(`${JSON.stringify(raw, null, 2)}\n`),
  };
  document.itineraries.forEach((itinerary, index) => {
    const name = `routes/${number(index)}-${gpxFileName(itinerary.title)}`;
    files[name] = strToU8(toGpx({ title: itinerary.title, stops: itinerary.stops }));
  });
  for (const proof of proofs) files[proof.name] = proof.data;
  return {
    fileName: `route-planner-data-${day(document.exported_at) || day(now.toISOString())}.zip`,
    bytes: zipSync(files, { mtime: now }),
  };
}
