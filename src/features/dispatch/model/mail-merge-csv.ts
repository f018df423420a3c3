import Papa from 'papaparse';
import type { BoardRow } from './board-rows';
import { spreadsheetTime } from './day-report-csv';

/** The mail merge's column names in the user's language (the page passes its texts). */
export interface MailMergeTexts {
  driver: string;
  number: string;
  stop: string;
  planned: string;
  tracking: string;
}

/**
 * One row per stop with a tracking link, for a mail merge (a letter or an email to each
 * customer): the driver, the stop's number and name (the customer's address as written), its
 * planned arrival and its link. Quoted by papaparse, formulas written as text, with a byte-order
 * mark so spreadsheets read UTF-8.
 */
export function mailMergeCsv(
  rows: readonly BoardRow[],
  links: ReadonlyMap<string, string>,
  texts: MailMergeTexts,
  timeZone: string,
): string {
  const csv = Papa.unparse(
    {
      fields: [texts.driver, texts.number, texts.stop, texts.planned, texts.tracking],
      data: rows.flatMap((row) => {
        const link = links.get(row.stopId);
        return link
          ? [
              [
                row.driver,
                row.number,
                row.name,
                row.planned === null ? '' : spreadsheetTime(row.planned, timeZone),
                link,
              ],
            ]
          : [];
      }),
    },
    { escapeFormulae: true },
  );
  return `\uFEFF${csv}\r\n`;
}
